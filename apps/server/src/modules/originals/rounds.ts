import { ORIGINAL_GAMES, ORIGINAL_NAMES, theoreticalRtp, ORIGINALS_AMOUNT, type OriginalGame, type OriginalsRound } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { listRecords } from '../casino/index.ts';
import { ORIGINALS_VENUE } from './money.ts';
import { revealedById } from './seeds.ts';

/** The five games with their theoretical return to player and stake limits. */
export const gamesList = () => ({
  list: ORIGINAL_GAMES.map((game) => ({
    game,
    name: ORIGINAL_NAMES[game],
    ...theoreticalRtp(game),
    minAmount: ORIGINALS_AMOUNT.min,
    maxAmount: ORIGINALS_AMOUNT.max,
  })),
});

/**
 * The member's originals rounds, latest first (from the game records), each with its seeds and,
 * once its pair was rotated, the revealed server seed to verify it with.
 */
export async function memberRounds(db: Db, memberId: number, f: { page: number; size: number; game?: OriginalGame }) {
  const { list, total } = await listRecords(db, { memberId, api_name: ORIGINALS_VENUE, gameCode: f.game, page: f.page, size: f.size });
  const seedIds = [...new Set(list.map((r) => Number(r.detail.seedId)))];
  const revealed = await revealedById(db, memberId, seedIds);
  const rounds: OriginalsRound[] = list.map((r) => {
    const d = r.detail;
    return {
      roundId: r.roundId,
      game: r.gameCode as OriginalGame,
      gameName: r.gameName,
      amount: r.stake,
      payout: r.payout,
      multiplier: Number(d.multiplier ?? 0),
      result: typeof d.result === 'number' ? d.result : null,
      status: r.status,
      detail: d,
      serverSeedHash: String(d.serverSeedHash),
      clientSeed: String(d.clientSeed),
      nonce: Number(d.nonce),
      serverSeed: revealed.get(Number(d.seedId)) ?? null,
      createdAt: r.createdAt,
    };
  });
  return { list: rounds, total };
}

import { randomBytes } from 'node:crypto';
import { fromMinor, toMinor, type FishKind } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { recordRound, sandboxVenue, venueStanding } from '../casino/index.ts';
import { FISH_RTP, FISH_TABLE, fishOf, shoot } from './shooter.ts';

/** The fish shooter's venue (seeded by the venue module's demo, category 'fish'). */
export const FISH_VENUE = 'FISH';
const GAME = { apiName: FISH_VENUE, kind: 'fish' as const, gameCode: 'fish-haiwang', gameName: '海王捕鱼' };
const BETS = [0.1, 0.5, 1, 5, 10];

export async function fishInfo(db: Db, memberId: number) {
  return {
    ...(await venueStanding(db, FISH_VENUE, memberId)),
    bets: BETS,
    rtp: FISH_RTP,
    fish: FISH_TABLE.map((f) => ({ ...f })),
  };
}

export interface Player {
  memberId: number;
  siteId: number;
}

/**
 * A batch of shots, one round: each costs `amount`, the whole batch is taken and its catches paid
 * at the fish venue in one statement (only while the member holds the batch's cost; concurrent
 * batches queue on the balance row) and recorded in the game records, in one transaction with the
 * Idempotency-Key's claim: a repeat answers the first batch and shoots nothing again.
 */
export async function shootBatch(db: Db, p: Player, key: IdempotencyKey, amount: number, kinds: FishKind[]) {
  const venue = await sandboxVenue(db, FISH_VENUE);
  const betMinor = toMinor(amount);
  const stakeMinor = betMinor * BigInt(kinds.length);
  return once(db, p.memberId, key, { amount, shots: kinds }, async (tx) => {
    const shots = kinds.map((kind) => shoot(kind));
    const payoutMinor = shots.reduce((sum, s) => sum + betMinor * BigInt(s.multiplier), 0n);
    const balance = (await venue.play(p.memberId, stakeMinor, payoutMinor, tx)) ?? fail('FISH_BALANCE_SHORT');
    const roundId = `FISH-${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
    const caught = shots.filter((s) => s.caught).map((s) => `${fishOf(s.kind).name} ×${s.multiplier}`);
    const detail = { bet: amount, shots: shots.length, caught: caught.length ? caught.join('、') : '未捕获' };
    const round = { ...GAME, roundId, memberId: p.memberId, siteId: p.siteId, detail };
    await recordRound(tx, { ...round, stakeMinor, payoutMinor, balanceBeforeMinor: balance + stakeMinor - payoutMinor, balanceAfterMinor: balance });
    return {
      roundId,
      hits: shots.map((s) => ({ kind: s.kind, caught: s.caught, win: fromMinor(betMinor * BigInt(s.multiplier)) })),
      stake: fromMinor(stakeMinor),
      payout: fromMinor(payoutMinor),
      balance: fromMinor(balance),
    };
  });
}

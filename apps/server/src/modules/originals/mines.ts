import { sql } from 'drizzle-orm';
import { MINES_TILES, MULTIPLIER_SCALE, minesMultiplier, minesOf, payoutMinorOf, refuseMinesCount, seedFloats, type MinesRound } from '@bp/contract';
import { oneOf, type Db, type Tx } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { announceBalance, balanceOf, gatherToMain, memberAccount, type WalletOwner } from '../wallet/index.ts';
import { closeRound, money, openRound, payOut, roundIdOf, roundOpening, stakeOf, takeStake } from './money.ts';
import { hmacSha256, seedsAt, takeNonce, type RoundSeeds } from './seeds.ts';

/**
 * Mines, in steps: start (the stake taken, the round opened in the game records), reveal tiles one
 * at a time, cash out; a mine ends the round lost. The board is the round's seed pair at its
 * nonce (Stake's shuffle of 25 tiles), never stored; what was turned is kept in originals_mines, so
 * an open round survives a restart and is continued or cashed out later. Each step locks the
 * round's row: a reveal and a cash-out of the same round take turns, the second sees the first.
 */
interface MinesRow {
  round_id: string;
  seed_id: unknown;
  nonce: number;
  mines: number;
  stake_minor: unknown;
  revealed: number[];
  status: MinesRound['status'];
}

const safeTiles = (mines: number) => MINES_TILES - mines;

function view(row: MinesRow, seeds: RoundSeeds, mainMinor: bigint, payoutMinor = 0n): MinesRound {
  const k = row.revealed.length;
  const open = row.status === 'open';
  return {
    roundId: row.round_id,
    amount: money(BigInt(row.stake_minor as string)),
    mines: row.mines,
    revealed: row.revealed,
    status: row.status,
    multiplier: row.status === 'busted' ? 0 : minesMultiplier(row.mines, k) / MULTIPLIER_SCALE,
    nextMultiplier: open && k < safeTiles(row.mines) ? minesMultiplier(row.mines, k + 1) / MULTIPLIER_SCALE : null,
    payout: money(payoutMinor),
    serverSeedHash: seeds.serverSeedHash,
    clientSeed: seeds.clientSeed,
    nonce: seeds.nonce,
    minePositions: open ? null : boardOf(seeds, row.mines),
    balance: money(mainMinor),
  };
}

const boardOf = (seeds: RoundSeeds, mines: number) => minesOf(seedFloats(hmacSha256, seeds, MINES_TILES - 1), mines);
const mainOf = async (tx: Tx | Db, owner: WalletOwner) => balanceOf(tx, await memberAccount(tx, owner));

/** Starts a round: one open round per member (ORIGINALS_ROUND_OPEN otherwise). */
export async function startMines(deps: Deps, owner: WalletOwner, key: IdempotencyKey, amount: number, mines: number) {
  const refusal = refuseMinesCount(mines);
  if (refusal) fail(refusal);
  const stakeMinor = await stakeOf(deps.db, amount);
  await gatherToMain(deps.db, owner, key);
  const answer = await once(deps.db, owner.memberId, key, { amount, mines }, async (tx) => {
    // The pair's row is locked first: a round started meanwhile by a twin is seen here.
    const seeds = await takeNonce(tx, owner.memberId);
    if (await oneOf(tx, sql`SELECT 1 FROM originals_mines WHERE member_id = ${owner.memberId} AND status = 'open'`)) fail('ORIGINALS_ROUND_OPEN');
    const roundId = roundIdOf(seeds);
    const afterStake = await takeStake(tx, owner, roundId, stakeMinor);
    const row: MinesRow = {
      round_id: roundId,
      seed_id: seeds.seedId,
      nonce: seeds.nonce,
      mines,
      stake_minor: stakeMinor.toString(),
      revealed: [],
      status: 'open',
    };
    await tx.execute(sql`
      INSERT INTO originals_mines (round_id, member_id, site_id, currency, seed_id, nonce, mines, stake_minor, status)
      VALUES (${roundId}, ${owner.memberId}, ${owner.siteId}, ${owner.currency}, ${seeds.seedId}, ${seeds.nonce}, ${mines}, ${stakeMinor.toString()}, 'open')`);
    await openRound(tx, roundOpening(owner, 'mines', seeds, stakeMinor, afterStake, { mines }));
    return view(row, seeds, afterStake);
  });
  await announceBalance(deps, owner, 'originals', answer.balance);
  return answer;
}

/** The member's round, locked for this step; refused unless it is theirs and open. */
async function lockedOpenRound(tx: Tx, memberId: number, roundId: string): Promise<MinesRow> {
  const row = await oneOf<MinesRow>(
    tx,
    sql`SELECT round_id, seed_id, nonce, mines, stake_minor, revealed, status FROM originals_mines WHERE round_id = ${roundId} AND member_id = ${memberId} FOR UPDATE`,
  );
  if (!row) return fail('ORIGINALS_ROUND_UNKNOWN');
  if (row.status !== 'open') fail('ORIGINALS_ROUND_CLOSED');
  return row;
}

/** Ends a round: cashed (its multiplier paid) or busted; the game record closed with it. */
async function settle(tx: Tx, owner: WalletOwner, row: MinesRow, seeds: RoundSeeds, status: 'cashed' | 'busted') {
  const stakeMinor = BigInt(row.stake_minor as string);
  const multiplier4 = status === 'cashed' ? minesMultiplier(row.mines, row.revealed.length) : 0;
  const payoutMinor = payoutMinorOf(stakeMinor, multiplier4);
  const after = await payOut(tx, owner, row.round_id, payoutMinor, await mainOf(tx, owner));
  const settled = { ...row, status };
  const detail = { revealed: row.revealed, minePositions: boardOf(seeds, row.mines), multiplier: multiplier4 / MULTIPLIER_SCALE, win: status === 'cashed' };
  if (!(await closeRound(tx, row.round_id, { payoutMinor, balanceAfterMinor: after, detail }))) fail('ORIGINALS_ROUND_CLOSED');
  await tx.execute(sql`
    UPDATE originals_mines SET status = ${status}, revealed = ${JSON.stringify(row.revealed)}::jsonb, settled_at = now() WHERE round_id = ${row.round_id}`);
  return view(settled, seeds, after, payoutMinor);
}

/** Turns a tile: a mine ends the round; the last safe tile cashes out by itself. */
export async function revealTile(deps: Deps, owner: WalletOwner, key: IdempotencyKey, roundId: string, tile: number) {
  const answer = await once(deps.db, owner.memberId, key, { roundId, tile }, async (tx) => {
    const row = await lockedOpenRound(tx, owner.memberId, roundId);
    if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES || row.revealed.includes(tile)) fail('ORIGINALS_MINES_TILE');
    const seeds = await seedsAt(tx, Number(row.seed_id), row.nonce);
    if (boardOf(seeds, row.mines).includes(tile)) return settle(tx, owner, { ...row, revealed: [...row.revealed, tile] }, seeds, 'busted');
    const turned = { ...row, revealed: [...row.revealed, tile] };
    if (turned.revealed.length === safeTiles(row.mines)) return settle(tx, owner, turned, seeds, 'cashed');
    await tx.execute(sql`UPDATE originals_mines SET revealed = ${JSON.stringify(turned.revealed)}::jsonb WHERE round_id = ${roundId}`);
    return view(turned, seeds, await mainOf(tx, owner));
  });
  if (answer.status !== 'open') await announceBalance(deps, owner, 'originals', answer.balance);
  return answer;
}

/** Cashes out what the safe tiles turned so far are worth (at least one). */
export async function cashOut(deps: Deps, owner: WalletOwner, key: IdempotencyKey, roundId: string) {
  const answer = await once(deps.db, owner.memberId, key, { roundId }, async (tx) => {
    const row = await lockedOpenRound(tx, owner.memberId, roundId);
    if (row.revealed.length === 0) fail('ORIGINALS_CASHOUT_EMPTY');
    return settle(tx, owner, row, await seedsAt(tx, Number(row.seed_id), row.nonce), 'cashed');
  });
  await announceBalance(deps, owner, 'originals', answer.balance);
  return answer;
}

/** The member's open round, to continue (after a reload or a restart), or null. */
export async function currentMines(db: Db, owner: WalletOwner) {
  const row = await oneOf<MinesRow>(
    db,
    sql`SELECT round_id, seed_id, nonce, mines, stake_minor, revealed, status FROM originals_mines WHERE member_id = ${owner.memberId} AND status = 'open'`,
  );
  if (!row) return { round: null };
  return { round: view(row, await seedsAt(db, Number(row.seed_id), row.nonce), await mainOf(db, owner)) };
}

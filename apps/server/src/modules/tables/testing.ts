import { sql } from 'drizzle-orm';
import type { TableOutcome } from '@bp/contract';
import type { TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { roundAt, tableOf, timingOf } from './catalogue.ts';
import { runTables } from './index.ts';
import { newKey } from '../wallet/testing.ts';

/** Tests: the round running now at a table, by the server's clock and pace. */
export async function currentRound(s: TestServer, tableId: string, now = clock.now()) {
  return roundAt(timingOf(await tableOf(s.deps.db, tableId), s.deps.config.tablesSpeed), now);
}

/** Tests: moves the server's clock to the first moment of the next round's betting window. */
export async function toNextRound(s: TestServer, tableId: string) {
  const r = await currentRound(s, tableId);
  clock.shift(r.endsAt - clock.now());
  return currentRound(s, tableId);
}

/** Tests: a round's row as stored. */
export async function storedRound(s: TestServer, tableId: string, roundNo: number) {
  const { rows } = await s.deps.db.execute(sql`SELECT status, outcome, shoe_no FROM dealer_rounds WHERE table_id = ${tableId} AND round_no = ${roundNo}`);
  return rows[0] as { status: string; outcome: TableOutcome | null; shoe_no: number } | undefined;
}

/**
 * Tests: a member's banker bet of `stake` at AG's baccarat table (money moved into AG first), the
 * round dealt and paid; answers the round's id, the stake and the payout (0, the stake back on a
 * tie, or the win).
 */
export async function baccaratRound(s: TestServer, member: { token: string; memberId: number }, stake: number) {
  const moved = await s.call('/api/wallet/transfer', { api_name: 'AG', amount: stake, transfer_out: false }, { token: member.token, key: newKey() });
  if (moved.code !== 0) throw new Error(`transfer into AG: ${moved.msg}`);
  const r = await toNextRound(s, 'bac1');
  await runTables(s.deps);
  const placed = await s.call(
    '/api/tables/bet',
    { tableId: 'bac1', roundNo: r.roundNo, bets: [{ spot: 'banker', amount: stake }] },
    { token: member.token, key: newKey() },
  );
  if (placed.code !== 0) throw new Error(`bet: ${placed.msg}`);
  for (const at of [r.closesAt, r.revealAt]) {
    clock.shift(at - clock.now());
    await runTables(s.deps);
  }
  const { rows } = await s.deps.db.execute(
    sql`SELECT round_id, payout_minor, status FROM game_rounds WHERE member_id = ${member.memberId} AND api_name = 'AG' ORDER BY settled_at DESC NULLS FIRST LIMIT 1`,
  );
  const round = rows[0] as { round_id: string; payout_minor: unknown; status: string };
  if (round.status !== 'settled') throw new Error(`round ${round.round_id} is ${round.status}`);
  return { roundId: round.round_id, stake, payout: Number(round.payout_minor) / 100 };
}

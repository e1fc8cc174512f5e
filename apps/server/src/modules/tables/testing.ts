import { sql } from 'drizzle-orm';
import type { TableOutcome } from '@bp/contract';
import type { TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { roundAt, tableOf, timingOf } from './catalogue.ts';

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

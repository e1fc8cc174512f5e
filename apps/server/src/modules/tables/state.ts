import { sql } from 'drizzle-orm';
import { fromMinor, type TableResult, type TableSummary } from '@bp/contract';
import { oneOf, rowsOf, type Db } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { venueAdapter } from '../venue/index.ts';
import { limitList, listTables, roundAt, tableOf, timingOf, type DealerTable } from './catalogue.ts';
import { roundOf, roundRow, untouchedRound, type RoundRow } from './rounds.ts';
import { usesShoe } from './games/index.ts';
import { myBets } from './bets.ts';

/** How many results a roulette table shows; a card table shows its whole shoe. */
export const HISTORY = 100;

/** Settled results, oldest first: the current shoe's at a card table, the last ones at the wheel. */
async function historyOf(db: Db, t: DealerTable): Promise<TableResult[]> {
  const shoe = usesShoe(t.game)
    ? await oneOf<{ shoe_no: number }>(db, sql`SELECT shoe_no FROM dealer_shoes WHERE table_id = ${t.table_id} ORDER BY shoe_no DESC LIMIT 1`)
    : null;
  const rows = await rowsOf<RoundRow>(
    db,
    sql`
    SELECT round_no, shoe_no, outcome FROM dealer_rounds
    WHERE table_id = ${t.table_id} AND status = 'settled' ${shoe ? sql`AND shoe_no = ${shoe.shoe_no}` : sql``}
    ORDER BY round_no DESC LIMIT ${HISTORY}`,
  );
  return rows.reverse().map((r) => ({ roundNo: Number(r.round_no), shoeNo: r.shoe_no, outcome: r.outcome! }));
}

async function summaryOf(db: Db, speed: number, t: DealerTable, now: number, currency: string): Promise<TableSummary> {
  const timing = timingOf(t, speed);
  const times = roundAt(timing, now);
  const row = await roundRow(db, t.table_id, times.roundNo);
  return {
    tableId: t.table_id,
    game: t.game,
    name: t.name,
    gameId: t.game_id,
    timing,
    round: row ? roundOf(row) : untouchedRound(times),
    history: await historyOf(db, t),
    limits: limitList(t, currency),
  };
}

/** Every table: its running round and its results. */
export async function tablesList(db: Db, speed: number, currency: string) {
  const now = clock.now();
  const list = await Promise.all((await listTables(db)).map((t) => summaryOf(db, speed, t, now, currency)));
  return { serverTime: now, list };
}

/** One table as its screen opens it: the round, the roads, and for a member their bets and AG balance. */
export async function tableState(db: Db, speed: number, tableId: string, currency: string, memberId: number | null) {
  const now = clock.now();
  const table = await summaryOf(db, speed, await tableOf(db, tableId), now, currency);
  if (memberId === null) return { serverTime: now, table, myBets: [], balance: null };
  const [bets, balance] = await Promise.all([myBets(db, memberId, tableId, table.round.roundNo - 1), venueAdapter(db, 'AG').balance(memberId)]);
  return { serverTime: now, table, myBets: bets, balance: fromMinor(balance) };
}

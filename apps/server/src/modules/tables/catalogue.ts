import { sql } from 'drizzle-orm';
import { fromMinor, limitKindOf, type TableGame } from '@bp/contract';
import { oneOf, rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';

export interface DealerTable {
  table_id: string;
  game: TableGame;
  name: string;
  game_id: string;
  bet_ms: number;
  deal_ms: number;
  result_ms: number;
  /** {currency: {limit kind: [min, max]}} in minor units */
  limits: Record<string, Record<string, [number, number]>>;
}

export const listTables = (db: DbOrTx): Promise<DealerTable[]> =>
  rowsOf<DealerTable>(db, sql`SELECT table_id, game, name, game_id, bet_ms, deal_ms, result_ms, limits FROM dealer_tables ORDER BY sort, table_id`);

export async function tableOf(db: DbOrTx, tableId: string): Promise<DealerTable> {
  return (
    (await oneOf<DealerTable>(
      db,
      sql`SELECT table_id, game, name, game_id, bet_ms, deal_ms, result_ms, limits FROM dealer_tables WHERE table_id = ${tableId}`,
    )) ?? fail('TABLE_UNKNOWN')
  );
}

export interface Timing {
  betMs: number;
  dealMs: number;
  resultMs: number;
}

/** A table's phases on this server's pace (TABLES_SPEED divides them: tests and demos run faster). */
export const timingOf = (t: DealerTable, speed: number): Timing => ({
  betMs: Math.max(1, Math.round(t.bet_ms / speed)),
  dealMs: Math.max(1, Math.round(t.deal_ms / speed)),
  resultMs: Math.max(1, Math.round(t.result_ms / speed)),
});

export interface RoundTimes {
  roundNo: number;
  startsAt: number;
  closesAt: number;
  revealAt: number;
  endsAt: number;
}

const cycleOf = (t: Timing) => t.betMs + t.dealMs + t.resultMs;

/** Round n starts at n whole cycles after the Unix epoch: every instance reading the same clock agrees on it. */
export function roundTimes(t: Timing, roundNo: number): RoundTimes {
  const startsAt = roundNo * cycleOf(t);
  const closesAt = startsAt + t.betMs;
  const revealAt = closesAt + t.dealMs;
  return { roundNo, startsAt, closesAt, revealAt, endsAt: revealAt + t.resultMs };
}

/** The round running at `now`. */
export const roundAt = (t: Timing, now: number): RoundTimes => roundTimes(t, Math.floor(now / cycleOf(t)));

/** A table's limits in a currency: each limit kind's [min, max] in minor units. */
export function limitsIn(t: DealerTable, currency: string): Record<string, [number, number]> {
  return t.limits[currency] ?? t.limits.CNY;
}

const LIMIT_NAMES: Record<string, string> = {
  main: '庄/闲/龙/虎',
  tie: '和',
  pair: '对子',
  straight: '直注',
  split: '分注',
  dozen: '打/列',
  outside: '红黑/单双/大小',
};

export function limitList(t: DealerTable, currency: string) {
  const order = Object.keys(LIMIT_NAMES);
  const kinds = Object.entries(limitsIn(t, currency)).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  return kinds.map(([kind, [min, max]]) => ({
    kind,
    name: t.game === 'dragon-tiger' && kind === 'main' ? '龙/虎' : t.game === 'baccarat' && kind === 'main' ? '庄/闲' : (LIMIT_NAMES[kind] ?? kind),
    min: fromMinor(min),
    max: fromMinor(max),
  }));
}

/** The limit kind a spot counts under at this table. */
export const kindOf = (t: DealerTable, spot: string): string => limitKindOf(t.game, spot);

/**
 * An operator sets a table's limits in a currency: every limit kind the table has, each [min, max]
 * in minor units with min not above max (DESK_TABLE_LIMITS otherwise). Bets placed from then on
 * are held to them; a round's earlier bets stand.
 */
export async function setTableLimits(db: DbOrTx, tableId: string, currency: string, limits: Record<string, [bigint, bigint]>): Promise<DealerTable> {
  const table = await tableOf(db, tableId);
  const kinds = Object.keys(limitsIn(table, currency)).sort();
  const given = Object.keys(limits).sort();
  const fits = given.join() === kinds.join() && Object.values(limits).every(([min, max]) => min > 0n && min <= max);
  if (!fits) fail('DESK_TABLE_LIMITS', { data: { kinds } });
  const value = Object.fromEntries(Object.entries(limits).map(([k, [min, max]]) => [k, [Number(min), Number(max)]]));
  await db.execute(
    sql`UPDATE dealer_tables SET limits = jsonb_set(limits, ARRAY[${currency}]::text[], ${JSON.stringify(value)}::jsonb) WHERE table_id = ${tableId}`,
  );
  return tableOf(db, tableId);
}

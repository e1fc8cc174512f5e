import { sql } from 'drizzle-orm';
import type { TableOutcome, TableRound } from '@bp/contract';
import { oneOf, rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import type { RoundTimes } from './catalogue.ts';

export interface RoundRow {
  table_id: string;
  round_no: unknown;
  status: 'betting' | 'dealt' | 'settled' | 'voiding' | 'void';
  starts_at: Date | string;
  closes_at: Date | string;
  reveal_at: Date | string;
  ends_at: Date | string;
  shoe_no: number;
  outcome: TableOutcome | null;
}

const ms = (v: Date | string) => new Date(v).getTime();
const iso = (v: number) => new Date(v).toISOString();

/** A round as clients read it; 'voiding' reads as void. */
export function roundOf(row: RoundRow): TableRound {
  return {
    roundNo: Number(row.round_no),
    status: row.status === 'voiding' ? 'void' : row.status,
    startsAt: ms(row.starts_at),
    closesAt: ms(row.closes_at),
    revealAt: ms(row.reveal_at),
    endsAt: ms(row.ends_at),
    shoeNo: row.shoe_no,
    outcome: row.outcome,
  };
}

/** A round nobody has written yet: taking bets on the clock's word. */
export const untouchedRound = (times: RoundTimes): TableRound => ({ ...times, status: 'betting', shoeNo: 0, outcome: null });

/** The round's row, created if missing; `created` says whether this call made it. */
export async function ensureRound(db: DbOrTx, tableId: string, r: RoundTimes): Promise<{ row: RoundRow; created: boolean }> {
  const [inserted] = await rowsOf<RoundRow>(
    db,
    sql`
    INSERT INTO dealer_rounds (table_id, round_no, starts_at, closes_at, reveal_at, ends_at)
    VALUES (${tableId}, ${r.roundNo}, ${iso(r.startsAt)}, ${iso(r.closesAt)}, ${iso(r.revealAt)}, ${iso(r.endsAt)})
    ON CONFLICT DO NOTHING RETURNING *`,
  );
  if (inserted) return { row: inserted, created: true };
  return { row: (await roundRow(db, tableId, r.roundNo))!, created: false };
}

export const roundRow = (db: DbOrTx, tableId: string, roundNo: number): Promise<RoundRow | null> =>
  oneOf<RoundRow>(db, sql`SELECT * FROM dealer_rounds WHERE table_id = ${tableId} AND round_no = ${roundNo}`);

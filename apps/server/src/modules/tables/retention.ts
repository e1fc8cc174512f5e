import { sql } from 'drizzle-orm';
import { oneOf, type DbOrTx } from '../../platform/db/index.ts';
import { PRUNE_BATCH, inBatches, retentionWindow } from '../../platform/retention.ts';
import { recordRetentionDays } from '../casino/index.ts';
import { listTables, type DealerTable } from './catalogue.ts';
import { HISTORY } from './state.ts';

/**
 * Dealer table history is pruned by the tables' hourly job. Bets go with the game records they
 * stand behind (GAME_RECORD_RETENTION_DAYS after they were settled or refunded); a round goes
 * TABLE_HISTORY_RETENTION_DAYS (default 7, at least 1) after it ended once it is over (settled or
 * void) and no bet references it, never one of the current shoe's nor of the last results the
 * table's screen shows; a shoe goes once none of its rounds is left and a newer one is dealt.
 */
export const MIN_HISTORY_DAYS = 1;

export const historyRetentionDays = (configured: number): number => retentionWindow('TABLE_HISTORY_RETENTION_DAYS', configured, MIN_HISTORY_DAYS);

export interface TableRetention {
  recordDays: number;
  historyDays: number;
  /** How many of a table's last results are always kept (the screen's HISTORY). */
  results?: number;
}

/** A table's rounds at or after this one are kept: the current shoe's, the last HISTORY results. */
async function keptFrom(db: DbOrTx, t: DealerTable, results: number): Promise<{ roundNo: number; shoeNo: number }> {
  const row = await oneOf<{ round_no: unknown; shoe_no: unknown }>(
    db,
    sql`
    SELECT (SELECT min(round_no) FROM (SELECT round_no FROM dealer_rounds WHERE table_id = ${t.table_id} AND status = 'settled'
                                       ORDER BY round_no DESC LIMIT ${results}) latest) AS round_no,
           (SELECT max(shoe_no) FROM dealer_shoes WHERE table_id = ${t.table_id}) AS shoe_no`,
  );
  return { roundNo: row?.round_no == null ? 0 : Number(row.round_no), shoeNo: row?.shoe_no == null ? -1 : Number(row.shoe_no) };
}

async function pruneTable(db: DbOrTx, t: DealerTable, historyDays: number, results: number): Promise<number> {
  const kept = await keptFrom(db, t, results);
  const rounds = await inBatches(
    db,
    () => sql`
    DELETE FROM dealer_rounds WHERE table_id = ${t.table_id} AND round_no IN (
      SELECT r.round_no FROM dealer_rounds r
      WHERE r.table_id = ${t.table_id} AND r.round_no < ${kept.roundNo} AND r.shoe_no <> ${kept.shoeNo}
        AND r.status IN ('settled', 'void') AND r.ends_at < now() - make_interval(days => ${historyDays})
        AND NOT EXISTS (SELECT 1 FROM dealer_bets b WHERE b.table_id = r.table_id AND b.round_no = r.round_no)
      ORDER BY r.round_no LIMIT ${PRUNE_BATCH})
    RETURNING round_no`,
  );
  await db.execute(sql`
    DELETE FROM dealer_shoes s WHERE s.table_id = ${t.table_id} AND s.shoe_no < ${kept.shoeNo}
      AND NOT EXISTS (SELECT 1 FROM dealer_rounds r WHERE r.table_id = s.table_id AND r.shoe_no = s.shoe_no)`);
  return rounds;
}

/** Prunes what is past its window: bets with their records, then rounds and shoes no one needs. */
export async function pruneTableHistory(db: DbOrTx, keep: TableRetention): Promise<{ bets: number; rounds: number }> {
  const historyDays = historyRetentionDays(keep.historyDays);
  const recordDays = recordRetentionDays(keep.recordDays);
  const bets = await inBatches(
    db,
    () => sql`
    DELETE FROM dealer_bets WHERE bet_id IN (
      SELECT bet_id FROM dealer_bets WHERE status <> 'open' AND settled_at < now() - make_interval(days => ${recordDays})
      ORDER BY settled_at LIMIT ${PRUNE_BATCH})
    RETURNING bet_id`,
  );
  let rounds = 0;
  for (const t of await listTables(db)) rounds += await pruneTable(db, t, historyDays, keep.results ?? HISTORY);
  return { bets, rounds };
}

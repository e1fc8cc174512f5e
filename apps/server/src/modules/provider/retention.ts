import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/index.ts';

/**
 * Providers retry and reconcile for weeks: their transaction ids are kept PROVIDER_TX_RETENTION_DAYS
 * (default 180) and deleted only after that, never earlier; a shorter figure than the floor is
 * refused at start, so a typo cannot make repeats and late debits apply twice.
 */
export const MIN_RETENTION_DAYS = 30;

export function retentionDays(configured: number): number {
  if (!Number.isInteger(configured) || configured < MIN_RETENTION_DAYS) {
    throw new Error(`PROVIDER_TX_RETENTION_DAYS must be a whole number of days, at least ${MIN_RETENTION_DAYS} (got ${configured})`);
  }
  return configured;
}

/** Deletes transaction ids older than `days` days; how many went. */
export async function forgetOldTransactions(db: DbOrTx, days: number): Promise<number> {
  const gone = await rowsOf(
    db,
    sql`DELETE FROM provider_transactions WHERE created_at < now() - make_interval(days => ${retentionDays(days)}) RETURNING tx_id`,
  );
  return gone.length;
}

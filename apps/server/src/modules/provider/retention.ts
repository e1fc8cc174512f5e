import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import { retentionWindow } from '../../platform/retention.ts';

/**
 * Providers retry and reconcile for weeks: their transaction ids are kept PROVIDER_TX_RETENTION_DAYS
 * (default 180) and deleted only after that, never earlier; a shorter figure than the floor is
 * refused at start, so a typo cannot make repeats and late debits apply twice.
 */
export const MIN_RETENTION_DAYS = 30;

export const retentionDays = (configured: number): number => retentionWindow('PROVIDER_TX_RETENTION_DAYS', configured, MIN_RETENTION_DAYS);

/** Deletes transaction ids older than `days` days; how many went. */
export async function forgetOldTransactions(db: DbOrTx, days: number): Promise<number> {
  const gone = await rowsOf(
    db,
    sql`DELETE FROM provider_transactions WHERE created_at < now() - make_interval(days => ${retentionDays(days)}) RETURNING tx_id`,
  );
  return gone.length;
}

/**
 * Of these game records (`<api_name>:<provider's round id>`), those whose round a kept transaction
 * id still names: a repeat or a late call of it must find its round, never open a new one.
 */
export async function roundsStillNamed(db: DbOrTx, roundIds: string[]): Promise<string[]> {
  const pairs = roundIds.filter((id) => id.includes(':')).map((id) => [id.slice(0, id.indexOf(':')), id.slice(id.indexOf(':') + 1)]);
  if (!pairs.length) return [];
  const named = await rowsOf<{ ref: string }>(
    db,
    sql`
    SELECT DISTINCT api_name || ':' || round_id AS ref FROM provider_transactions
    WHERE (api_name, round_id) IN (${sql.join(
      pairs.map(([api, round]) => sql`(${api}, ${round})`),
      sql`, `,
    )})`,
  );
  return named.map((r) => r.ref);
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { callVenue } from './adapter.ts';
import { venueAdapter } from './registry.ts';
import { noteError, settle, type VenueTransferRow } from './phases.ts';

/** A transfer still pending this long after it began has lost its request (crash, timeout). */
export const RECONCILE_AFTER_MS = 30_000;

/**
 * Settles transfers left pending: asks each venue what became of the ref and commits or releases
 * accordingly. A venue that does not answer, or answers 'pending', is asked again next time.
 */
export async function reconcileVenueTransfers(db: Db, olderThanMs = RECONCILE_AFTER_MS): Promise<{ settled: number; waiting: number }> {
  const stale = (
    await db.execute(sql`
    SELECT * FROM venue_transfers
    WHERE status = 'pending' AND created_at <= now() - make_interval(secs => ${olderThanMs / 1000})
    ORDER BY transfer_id LIMIT 200`)
  ).rows as unknown as VenueTransferRow[];
  let settled = 0;
  for (const row of stale) {
    try {
      // A follow sent nothing to the venue: it only gives the slot back.
      if (row.direction === 'follow') {
        await settle(db, Number(row.transfer_id), 'failed', null, '对账：核对余额未完成');
        settled++;
        continue;
      }
      const status = await callVenue(venueAdapter(db, row.api_name), (a) => a.status(row.ref));
      if (status === 'pending') continue;
      await settle(db, Number(row.transfer_id), status, null, status === 'failed' ? '对账：游戏平台未收到或拒绝该转账' : undefined);
      settled++;
    } catch (err) {
      await noteError(db, Number(row.transfer_id), err);
    }
  }
  return { settled, waiting: stale.length - settled };
}

import type { SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from './db/index.ts';

/**
 * A retention window in whole days from the environment, refused below its floor at start, so a
 * typo cannot make a housekeeping job delete what must still be there.
 */
export function retentionWindow(setting: string, configured: number, floorDays: number): number {
  if (!Number.isInteger(configured) || configured < floorDays) {
    throw new Error(`${setting} must be a whole number of days, at least ${floorDays} (got ${configured})`);
  }
  return configured;
}

/** How often the hourly housekeeping jobs run. */
export const HOUSEKEEPING_MS = 3_600_000;

/** Rows a housekeeping DELETE takes at most at once (its `LIMIT`), so no one statement holds many locks long. */
export const PRUNE_BATCH = 2000;

/** Runs `batch` (a DELETE of at most PRUNE_BATCH rows … RETURNING) until it deletes fewer; how many went. */
export async function inBatches(db: DbOrTx, batch: () => SQL): Promise<number> {
  let gone = 0;
  for (;;) {
    const n = (await rowsOf(db, batch())).length;
    gone += n;
    if (n < PRUNE_BATCH) return gone;
  }
}

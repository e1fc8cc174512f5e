import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.ts';

/**
 * One instance drives the feed: the one holding an unexpired lease row. The holder renews it on
 * every tick; if it stops (crash, shutdown) another instance takes over once the lease expires.
 * Time is the database's, so instances with skewed clocks still agree.
 */
export async function holdLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    INSERT INTO sports_feed_lease (name, holder, expires_at) VALUES (${name}, ${holder}, now() + ${ttlMs} * interval '1 millisecond')
    ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
    WHERE sports_feed_lease.holder = EXCLUDED.holder OR sports_feed_lease.expires_at <= now()
    RETURNING holder`);
  return rows.length > 0;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.execute(sql`UPDATE sports_feed_lease SET expires_at = now() WHERE name = ${name} AND holder = ${holder}`);
}

import { sql } from 'drizzle-orm';
import { SPORTS_VENUE_CODES, VENUE_CODE_ALIASES, VENUE_OPEN, type SportsVenue, type SportsVenueCode } from '@bp/contract';
import type { Db, DbOrTx } from '../../../platform/db/index.ts';
import { MemoryCache } from '../../../platform/cache.ts';

/** The shown name of a venue code (seed 3: OBTY is YB, IMTY is IM). */
export const venueName = (code: string): string => VENUE_CODE_ALIASES[code] ?? code;

/** Each sports venue of a site with its status; a venue without a row is open. */
export async function venueStatuses(db: DbOrTx, siteId: number): Promise<SportsVenue[]> {
  const { rows } = await db.execute(sql`SELECT venue_code, status FROM sports_venue_status WHERE site_id = ${siteId}`);
  const set = new Map((rows as Array<{ venue_code: string; status: number }>).map((r) => [r.venue_code, Number(r.status)]));
  return SPORTS_VENUE_CODES.map((venueCode) => ({ venueCode, venueName: venueName(venueCode), status: set.get(venueCode) ?? VENUE_OPEN }));
}

/**
 * Venue statuses kept for a short while per database: every board and bet reads them, operators
 * rarely change them. A change made here is seen at once; one made by another instance within
 * the cache time. The calls that come while they are read again share that one read.
 */
const statuses = new MemoryCache<SportsVenue[]>(2_000, 10_000);

export async function currentVenues(db: Db, siteId: number): Promise<SportsVenue[]> {
  return statuses.fromDb(db, String(siteId), () => venueStatuses(db, siteId));
}

/** Operator: open (0) or close (anything else) a sports venue on a site. */
export async function setVenueStatus(db: Db, siteId: number, venueCode: SportsVenueCode, status: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO sports_venue_status (site_id, venue_code, status) VALUES (${siteId}, ${venueCode}, ${status})
    ON CONFLICT (site_id, venue_code) DO UPDATE SET status = EXCLUDED.status`);
  statuses.deleteFromDb(db, String(siteId));
}

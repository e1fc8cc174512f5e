import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import type { VenueAdapter } from './adapter.ts';
import { SandboxVenue } from './sandbox.ts';

export interface VenueRow {
  api_name: string;
  name: string;
  category: string;
  /** 0 open (seed 4: a venue is open only when its status is 0). */
  status: number;
}

// Adapters per database, so several servers in one process (tests) never share one.
const adapters = new WeakMap<Db, Map<string, VenueAdapter>>();

/** The adapter of a venue: a registered one, else the built-in sandbox. */
export function venueAdapter(db: Db, apiName: string): VenueAdapter {
  let byName = adapters.get(db);
  if (!byName) adapters.set(db, (byName = new Map()));
  let adapter = byName.get(apiName);
  if (!adapter) byName.set(apiName, (adapter = new SandboxVenue(db, apiName)));
  return adapter;
}

/** Puts a provider's adapter in place of the sandbox (a real integration, or a faulty venue in tests). */
export function useVenueAdapter(db: Db, adapter: VenueAdapter): void {
  venueAdapter(db, adapter.apiName);
  adapters.get(db)!.set(adapter.apiName, adapter);
}

export async function listVenues(tx: DbOrTx): Promise<VenueRow[]> {
  return (await tx.execute(sql`SELECT api_name, name, category, status FROM venues ORDER BY sort, api_name`)).rows as unknown as VenueRow[];
}

/**
 * Adds a venue (a provider the operator configures, or a product's own seeded one); with `replace`,
 * an existing one takes the name and category given, else it is left as it is. New venues sort last.
 */
export async function addVenue(db: DbOrTx, v: Pick<VenueRow, 'api_name' | 'name' | 'category'>, replace = false): Promise<void> {
  const onConflict = replace ? sql`DO UPDATE SET name = excluded.name, category = excluded.category` : sql`DO NOTHING`;
  await db.execute(sql`
    INSERT INTO venues (api_name, name, category, sort)
    SELECT ${v.api_name}, ${v.name}, ${v.category}, coalesce(max(sort), 0) + 1 FROM venues
    ON CONFLICT (api_name) ${onConflict}`);
}

/** A venue taking transfers now: VENUE_UNKNOWN, or VENUE_UNAVAILABLE under maintenance. */
export async function openVenue(tx: DbOrTx, apiName: string): Promise<VenueRow> {
  const venue = (await listVenues(tx)).find((v) => v.api_name === apiName);
  if (!venue) return fail('VENUE_UNKNOWN');
  if (venue.status !== 0) fail('VENUE_UNAVAILABLE');
  return venue;
}

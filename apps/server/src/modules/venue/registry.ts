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

/** A venue taking transfers now: VENUE_UNKNOWN, or VENUE_UNAVAILABLE under maintenance. */
export async function openVenue(tx: DbOrTx, apiName: string): Promise<VenueRow> {
  const venue = (await listVenues(tx)).find((v) => v.api_name === apiName);
  if (!venue) return fail('VENUE_UNKNOWN');
  if (venue.status !== 0) fail('VENUE_UNAVAILABLE');
  return venue;
}

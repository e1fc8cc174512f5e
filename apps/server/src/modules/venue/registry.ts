import { sql } from 'drizzle-orm';
import { executePrepared, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fromMinor, type ErrorName } from '@bp/contract';
import { fail } from '../../platform/http/index.ts';
import { MemoryCache, forgetTag } from '../../platform/cache.ts';
import type { VenueAdapter } from './adapter.ts';
import { SandboxVenue } from './sandbox.ts';

export interface VenueRow {
  api_name: string;
  name: string;
  category: string;
  /** 0 open (seed 4: a venue is open only when its status is 0). */
  status: number;
  /** What members read while it is under maintenance ('': the catalogue's words). */
  maintenance_message: string;
  /** The most one transfer moves in, per currency in minor units. */
  max_transfer_in: Record<string, number | string>;
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
  // Read by every transfer, launch and balance: kept a few seconds, forgotten on every instance when a venue changes.
  const read = async () =>
    (await executePrepared(tx, sql`SELECT api_name, name, category, status, maintenance_message, max_transfer_in FROM venues ORDER BY sort, api_name`))
      .rows as unknown as VenueRow[];
  return venueLists.fromDb(tx, 'all', read, VENUES_TAG);
}

const VENUES_TAG = 'venues';
const venueLists = new MemoryCache<VenueRow[]>(5_000);
/** What changes the venues table calls this, so no instance lists the venues as they were. */
export const venuesChanged = (): void => forgetTag(VENUES_TAG);

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
  venuesChanged();
}

/** A venue taking transfers now: VENUE_UNKNOWN, or VENUE_UNAVAILABLE under maintenance. */
export async function openVenue(tx: DbOrTx, apiName: string): Promise<VenueRow> {
  const venue = (await listVenues(tx)).find((v) => v.api_name === apiName);
  if (!venue) return fail('VENUE_UNKNOWN');
  refuseIfClosed(venue, 'VENUE_UNAVAILABLE');
  return venue;
}

/** A venue under maintenance refuses with `code`, in the operator's words when they left some. */
export function refuseIfClosed(venue: Pick<VenueRow, 'status' | 'maintenance_message'>, code: ErrorName): void {
  if (venue.status !== 0) fail(code, venue.maintenance_message ? { msg: venue.maintenance_message } : undefined);
}

/** A transfer in above the venue's own limit in this currency is refused (VENUE_TRANSFER_ABOVE_MAX). */
export function checkTransferIn(venue: Pick<VenueRow, 'max_transfer_in'>, currency: string, amountMinor: bigint): void {
  const max = venue.max_transfer_in[currency];
  if (max === undefined || amountMinor <= BigInt(max)) return;
  fail('VENUE_TRANSFER_ABOVE_MAX', { msg: `超过该游戏平台的单笔转入上限 ${fromMinor(BigInt(max))}`, data: { max: fromMinor(BigInt(max)) } });
}

/** Puts a venue under maintenance (with the message members read) or opens it. */
export async function setVenueMaintenance(db: DbOrTx, apiName: string, maintenance: boolean, message: string): Promise<void> {
  const { rows } = await db.execute(sql`
    UPDATE venues SET status = ${maintenance ? 1 : 0}, maintenance_message = ${maintenance ? message : ''} WHERE api_name = ${apiName} RETURNING api_name`);
  venuesChanged();
  if (!rows.length) fail('VENUE_UNKNOWN');
}

/** Sets the most one transfer moves into a venue, per currency in minor units (a currency left out: no limit). */
export async function setVenueTransferLimits(db: DbOrTx, apiName: string, maxMinor: Record<string, bigint>): Promise<void> {
  const value = Object.fromEntries(Object.entries(maxMinor).map(([c, v]) => [c, Number(v)]));
  const { rows } = await db.execute(sql`UPDATE venues SET max_transfer_in = ${JSON.stringify(value)}::jsonb WHERE api_name = ${apiName} RETURNING api_name`);
  venuesChanged();
  if (!rows.length) fail('VENUE_UNKNOWN');
}

import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { listVenues, type VenueRow } from './registry.ts';
import { mainWalletVenues } from './main-wallet.ts';

/**
 * The venues a product plays at now (api_names): the casino's, those with a game in its catalogue.
 * Each product registers one at its import, so this module never imports them: they depend on it.
 */
export type VenueProduct = (db: Db) => Promise<string[]>;

const products = new Set<VenueProduct>();

export function offerVenuesOf(product: VenueProduct): void {
  products.add(product);
}

/**
 * The venues offered to members: money goes in (a transfer, a launch) only where some product
 * plays, so a venue whose product is not built yet is offered by nothing on screen; it comes on by
 * itself once its product lists something there. Money still held at a venue no longer offered
 * can always come out.
 */
export async function offeredVenues(db: Db): Promise<Set<string>> {
  return (await offers(db)).offered;
}

/** The venues offered, and those played from main (which take no transfers), read once. */
async function offers(db: Db): Promise<{ offered: Set<string>; main: Set<string> }> {
  const [lists, main] = await Promise.all([Promise.all([...products].map((product) => product(db))), mainWalletVenues(db)]);
  return { offered: new Set(lists.flat().filter((apiName) => !main.has(apiName))), main };
}

/** A venue money may go into: VENUE_UNKNOWN when there is none, VENUE_NOT_OFFERED when no product plays there. */
export async function offeredVenue(db: Db, apiName: string): Promise<VenueRow> {
  const [venues, { offered, main }] = await Promise.all([listVenues(db), offers(db)]);
  const venue = venues.find((v) => v.api_name === apiName);
  if (!venue) return fail('VENUE_UNKNOWN');
  if (main.has(apiName)) fail('VENUE_PLAYS_FROM_MAIN');
  if (!offered.has(apiName)) fail('VENUE_NOT_OFFERED');
  return venue;
}

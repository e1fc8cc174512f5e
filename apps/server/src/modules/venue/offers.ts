import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { listVenues, type VenueRow } from './registry.ts';

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
  const lists = await Promise.all([...products].map((product) => product(db)));
  return new Set(lists.flat().filter((apiName) => !mainWalletVenues.has(apiName)));
}

// Venues whose games play from the main wallet (the house's originals): registered at import by
// the module that plays there, so this one never imports it.
const mainWalletVenues = new Set<string>();

/** A venue whose games play from the main wallet: never offered for transfers, never a venue balance. */
export function playsFromMainWallet(apiName: string): void {
  mainWalletVenues.add(apiName);
}

export const isMainWalletVenue = (apiName: string): boolean => mainWalletVenues.has(apiName);

/** The venues that hold members' money of their own (every venue but the main wallet's). */
export const walletVenues = <V extends { api_name: string }>(venues: V[]): V[] => venues.filter((v) => !mainWalletVenues.has(v.api_name));

/** A venue money may go into: VENUE_UNKNOWN when there is none, VENUE_NOT_OFFERED when no product plays there. */
export async function offeredVenue(db: Db, apiName: string): Promise<VenueRow> {
  const [venues, offered] = await Promise.all([listVenues(db), offeredVenues(db)]);
  const venue = venues.find((v) => v.api_name === apiName);
  if (!venue) return fail('VENUE_UNKNOWN');
  if (mainWalletVenues.has(apiName)) fail('VENUE_PLAYS_FROM_MAIN');
  if (!offered.has(apiName)) fail('VENUE_NOT_OFFERED');
  return venue;
}

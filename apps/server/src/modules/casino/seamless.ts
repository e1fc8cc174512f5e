import type { DbOrTx } from '../../platform/db/index.ts';

/**
 * Venues played straight from the member's main wallet by an external provider (the seamless
 * wallet): they take no transfers and hold no venue balance, so the catalogue never offers them
 * to the transfer wallet; a launch answers the provider's own address with the launch's ticket as
 * its token. The provider module registers here at its import, so the casino never imports it.
 */
export interface SeamlessVenues {
  /** Every venue played so (api_names), whether open for play now or not. */
  all(db: DbOrTx): Promise<string[]>;
  /** Those a member may see and launch now (configured, enabled, the provider heard from). */
  playable(db: DbOrTx): Promise<string[]>;
  /** Where a member's launch goes: the provider's launch address with the ticket as token. */
  launchUrl(db: DbOrTx, apiName: string, ticket: string, gameId: string | null): Promise<string>;
}

const registered = new Set<SeamlessVenues>();

export function playFromMainAt(venues: SeamlessVenues): void {
  registered.add(venues);
}

async function union(db: DbOrTx, pick: (v: SeamlessVenues) => Promise<string[]>): Promise<Set<string>> {
  return new Set((await Promise.all([...registered].map(pick))).flat());
}

export const seamlessVenues = (db: DbOrTx) => union(db, (v) => v.all(db));
export const playableSeamlessVenues = (db: DbOrTx) => union(db, (v) => v.playable(db));

/** The launch address of a seamless venue's ticket, or null when the venue is not seamless. */
export async function seamlessLaunchUrl(db: DbOrTx, apiName: string, ticket: string, gameId: string | null): Promise<string | null> {
  for (const v of registered) if ((await v.all(db)).includes(apiName)) return v.launchUrl(db, apiName, ticket, gameId);
  return null;
}

/** Seamless venues not playable now: shown nowhere, launched by no one. */
export async function hiddenSeamlessVenues(db: DbOrTx): Promise<Set<string>> {
  const [all, playable] = await Promise.all([seamlessVenues(db), playableSeamlessVenues(db)]);
  return new Set([...all].filter((apiName) => !playable.has(apiName)));
}

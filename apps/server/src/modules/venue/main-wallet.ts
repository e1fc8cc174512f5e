import type { DbOrTx } from '../../platform/db/index.ts';

/**
 * Venues whose games play straight from the member's main wallet: the house's originals (built
 * in, always there) and seamless-wallet providers (external, playable while enabled and heard
 * from). They take no transfers and hold no venue balance, so nothing offers them to the transfer
 * wallet. The modules that play there register at import, so this one never imports them.
 */
export interface MainWalletVenues {
  /** Every venue played so (api_names), whether open for play now or not. */
  all(db: DbOrTx): Promise<string[]>;
  /** Those a member may see and play now. */
  playable(db: DbOrTx): Promise<string[]>;
  /**
   * Where a member's launch goes (an external provider's address, the launch's ticket as its
   * token). Without it the venue's games are played on our own pages, never launched.
   */
  launchUrl?(db: DbOrTx, apiName: string, ticket: string, gameId: string | null): Promise<string>;
}

const registered = new Set<MainWalletVenues>();

export function playFromMainAt(venues: MainWalletVenues): void {
  registered.add(venues);
}

/** A venue built into this server that always plays from main (the originals' ORIG). */
export const builtInVenue = (apiName: string): MainWalletVenues => ({ all: async () => [apiName], playable: async () => [apiName] });

async function union(db: DbOrTx, pick: (v: MainWalletVenues) => Promise<string[]>, of = [...registered]): Promise<Set<string>> {
  return new Set((await Promise.all(of.map(pick))).flat());
}

const launched = () => [...registered].filter((v) => v.launchUrl);

export const mainWalletVenues = (db: DbOrTx) => union(db, (v) => v.all(db));
export const playableMainWalletVenues = (db: DbOrTx) => union(db, (v) => v.playable(db));
/** Those a member may launch now: playable ones with a launch address. */
export const launchableMainWalletVenues = (db: DbOrTx) => union(db, (v) => v.playable(db), launched());

export const isMainWalletVenue = async (db: DbOrTx, apiName: string): Promise<boolean> => (await mainWalletVenues(db)).has(apiName);

/** The launch address of a main-wallet venue's ticket, or null when the venue is launched by ticket page. */
export async function mainWalletLaunchUrl(db: DbOrTx, apiName: string, ticket: string, gameId: string | null): Promise<string | null> {
  for (const v of launched()) if ((await v.all(db)).includes(apiName)) return v.launchUrl!(db, apiName, ticket, gameId);
  return null;
}

/** Main-wallet venues not playable now: shown nowhere, launched by no one. */
export async function hiddenMainWalletVenues(db: DbOrTx): Promise<Set<string>> {
  const [all, playable] = await Promise.all([mainWalletVenues(db), playableMainWalletVenues(db)]);
  return new Set([...all].filter((apiName) => !playable.has(apiName)));
}

/** The venues that hold members' money of their own (every venue but the main wallet's). */
export async function walletVenues<V extends { api_name: string }>(db: DbOrTx, venues: V[]): Promise<V[]> {
  const main = await mainWalletVenues(db);
  return venues.filter((v) => !main.has(v.api_name));
}

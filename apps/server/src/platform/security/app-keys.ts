import { and, eq } from 'drizzle-orm';
import { DEV_CLIENT, Status } from '@bp/contract';
import type { Db } from '../db/index.ts';
import { siteAppKeys } from '../tables.ts';
import { MemoryCache } from '../cache.ts';

/** A client that may sign and encrypt requests to a site. */
export interface ClientKey {
  appKey: string;
  secret: string;
  clientType: string;
}

/** Keys change rarely and every signed request needs one: cached briefly, misses included. */
const KEY_TTL_MS = 10_000;

export function appKeyStore(db: Db) {
  const cache = new MemoryCache<ClientKey | null>(KEY_TTL_MS);
  const load = async (siteId: number, appKey: string): Promise<ClientKey | null> => {
    const [row] = await db
      .select()
      .from(siteAppKeys)
      .where(and(eq(siteAppKeys.siteId, siteId), eq(siteAppKeys.appKey, appKey), eq(siteAppKeys.status, Status.ACTIVE)))
      .limit(1);
    return row ? { appKey: row.appKey, secret: row.secret, clientType: row.clientType } : null;
  };
  return {
    /** The active key `appKey` of a site, or null. */
    async find(siteId: number, appKey: string): Promise<ClientKey | null> {
      return cache.through(`${siteId}:${appKey}`, () => load(siteId, appKey));
    },
  };
}

export type AppKeyStore = ReturnType<typeof appKeyStore>;

/**
 * Gives each site (the composition root names them) the web client's key `h5`, at start, after the
 * sites exist. Its secret is `H5_APP_SECRET` when the operator set one, which then also replaces
 * the stored one; otherwise the sandbox secret of DEV_CLIENT for sites that have no `h5` key yet.
 */
export async function provisionClientKeys(db: Db, siteIds: readonly number[], secret: string | null): Promise<void> {
  if (siteIds.length === 0) return;
  const insert = db
    .insert(siteAppKeys)
    .values(siteIds.map((siteId) => ({ siteId, appKey: DEV_CLIENT.appKey, secret: secret ?? DEV_CLIENT.secret, clientType: 'h5', status: Status.ACTIVE })));
  await (secret ? insert.onConflictDoUpdate({ target: [siteAppKeys.siteId, siteAppKeys.appKey], set: { secret } }) : insert.onConflictDoNothing());
}

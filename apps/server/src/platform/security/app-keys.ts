import { and, eq, sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { DEV_CLIENT, Status } from '@bp/contract';
import type { Db } from '../db/index.ts';
import { clock } from '../clock.ts';

export const siteAppKeys = pgTable(
  'site_app_keys',
  {
    siteId: integer('site_id').notNull(),
    appKey: text('app_key').notNull(),
    secret: text('secret').notNull(),
    clientType: text('client_type').notNull(),
    status: text('status').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.appKey] })],
);

/** A client that may sign and encrypt requests to a site. */
export interface ClientKey {
  appKey: string;
  secret: string;
  clientType: string;
}

/** Keys change rarely and every signed request needs one: cached briefly, misses included. */
const KEY_TTL_MS = 10_000;

export function appKeyStore(db: Db) {
  const cache = new Map<string, { at: number; key: ClientKey | null }>();
  return {
    /** The active key `appKey` of a site, or null. */
    async find(siteId: number, appKey: string): Promise<ClientKey | null> {
      const id = `${siteId}:${appKey}`;
      const hit = cache.get(id);
      if (hit && clock.now() - hit.at < KEY_TTL_MS) return hit.key;
      const [row] = await db
        .select()
        .from(siteAppKeys)
        .where(and(eq(siteAppKeys.siteId, siteId), eq(siteAppKeys.appKey, appKey), eq(siteAppKeys.status, Status.ACTIVE)))
        .limit(1);
      const key = row ? { appKey: row.appKey, secret: row.secret, clientType: row.clientType } : null;
      cache.set(id, { at: clock.now(), key });
      return key;
    },
  };
}

export type AppKeyStore = ReturnType<typeof appKeyStore>;

/**
 * Gives every site the web client's key `h5` (run at start, after the sites exist). Its secret is
 * `H5_APP_SECRET` when the operator set one, which then also replaces the stored one; otherwise
 * the sandbox secret of DEV_CLIENT for sites that have no `h5` key yet.
 */
export async function provisionClientKeys(db: Db, secret: string | null): Promise<void> {
  const value = secret ?? DEV_CLIENT.secret;
  const onConflict = secret ? sql`DO UPDATE SET secret = EXCLUDED.secret` : sql`DO NOTHING`;
  await db.execute(sql`
    INSERT INTO site_app_keys (site_id, app_key, secret, client_type, status)
    SELECT site_id, ${DEV_CLIENT.appKey}, ${value}, 'h5', ${Status.ACTIVE} FROM sites
    ON CONFLICT (site_id, app_key) ${onConflict}`);
}

import { asc, eq } from 'drizzle-orm';
import { currencyOf, type SettlementUnit, type ThemeSeries } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { sites, siteConfig } from './tables.ts';
import { andThen, type Now } from '../../platform/now.ts';
import { derivedOnce } from '../../platform/cache.ts';
import { cachedNow, forget } from './cache.ts';

export interface SiteContext {
  siteId: number;
  name: string;
  series: ThemeSeries;
  settlementUnit: SettlementUnit;
  deploySiteId: number;
  currency: string;
  logo: string;
}

/** The 13 pairs mapping site id to deploy-site id (seed 3): where each site's build is deployed. */
export const DEPLOY_SITES = Array.from({ length: 13 }, (_, i) => ({ siteId: i + 1, deploySiteId: 1001 + i }));

type SiteRow = typeof sites.$inferSelect;

const toContext = (row: SiteRow): SiteContext => ({
  siteId: row.siteId,
  name: row.name,
  series: row.series as ThemeSeries,
  settlementUnit: row.settlementUnit as SettlementUnit,
  deploySiteId: row.deploySiteId,
  currency: currencyOf(row.settlementUnit).code,
  logo: row.logo,
});

export interface SiteList {
  byId: Map<number, SiteContext>;
  fallback: SiteContext | null;
}

/** All sites, kept for a few seconds: every request resolves its site, and sites rarely change. */
export function listSites(db: Db): Promise<SiteList> {
  return Promise.resolve(listSitesNow(db));
}

function listSitesNow(db: Db): Now<SiteList> {
  return cachedNow(db, 'sites', async () => {
    // In id order: a changed row (a new theme) moves in the table, and the console's pickers would follow it.
    const rows = await db.select().from(sites).orderBy(asc(sites.siteId));
    const def = rows.find((r) => r.isDefault) ?? rows[0];
    return { byId: new Map(rows.map((r) => [r.siteId, toContext(r)])), fallback: def ? toContext(def) : null };
  });
}

export function forgetSites(db: Db): void {
  forget(db, 'sites');
}

/**
 * The site a request names in `x-site-id`; absent (or empty), the default site. A site it names
 * that does not exist is refused: quietly serving the default site would show another site's
 * content, currency and members.
 */
export function resolveSite(db: Db, header: string | undefined): Now<SiteContext | null> {
  return andThen(listSitesNow(db), ({ byId, fallback }) => {
    const named = header?.trim();
    if (!named) return fallback;
    return (/^\d{1,9}$/.test(named) ? byId.get(Number(named)) : undefined) ?? fail('SITE_NOT_FOUND');
  });
}

/** Operator functions name a site explicitly; an unknown one is refused rather than defaulted. */
export async function requireSite(db: Db, siteId: number): Promise<SiteContext> {
  const site = (await listSites(db)).byId.get(siteId);
  return site ?? fail('SITE_NOT_FOUND');
}

/** A site's whole config, kept a few seconds: many calls read a key or two on every request. */
function configOf(db: Db, siteId: number): Now<Map<string, string | null>> {
  return cachedNow(db, `config:${siteId}`, async () => {
    const rows = await db.select().from(siteConfig).where(eq(siteConfig.siteId, siteId));
    return new Map(rows.map((r) => [r.keyCode, r.value]));
  });
}

/** Some of a site's config values, without a promise while the config is warm. */
/** Some keys of a site's config; asked with the same key list, the same (frozen) object while the config is unchanged. */
export function configNow(db: Db, siteId: number, keyCodes: readonly string[]): Now<Readonly<Record<string, string | null>>> {
  return andThen(configOf(db, siteId), (config) => pickConfig(config, keyCodes));
}

const pickConfig = derivedOnce((config: Map<string, string | null>, keyCodes: readonly string[]) => {
  const out: Record<string, string | null> = {};
  for (const key of keyCodes) out[key] = config.get(key) ?? null;
  return Object.freeze(out);
});

export async function getConfig(db: Db, siteId: number, keyCodes: readonly string[]): Promise<Readonly<Record<string, string | null>>> {
  return configNow(db, siteId, keyCodes);
}

export async function getConfigValue(db: Db, siteId: number, keyCode: string): Promise<string | null> {
  return (await getConfig(db, siteId, [keyCode]))[keyCode];
}

export async function setConfig(db: Db, siteId: number, keyCode: string, value: string | null): Promise<void> {
  await db
    .insert(siteConfig)
    .values({ siteId, keyCode, value })
    .onConflictDoUpdate({ target: [siteConfig.siteId, siteConfig.keyCode], set: { value } });
  forget(db, `config:${siteId}`);
}

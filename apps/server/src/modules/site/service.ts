import { and, eq, inArray } from 'drizzle-orm';
import { currencyOf, type SettlementUnit, type ThemeSeries } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { sites, siteConfig } from './tables.ts';

export interface SiteContext {
  siteId: number;
  name: string;
  series: ThemeSeries;
  settlementUnit: SettlementUnit;
  deploySiteId: number;
  currency: string;
}

type SiteRow = typeof sites.$inferSelect;

const toContext = (row: SiteRow): SiteContext => ({
  siteId: row.siteId,
  name: row.name,
  series: row.series as ThemeSeries,
  settlementUnit: row.settlementUnit as SettlementUnit,
  deploySiteId: row.deploySiteId,
  currency: currencyOf(row.settlementUnit).code,
});

const CACHE_MS = 5_000;
let cache: { at: number; db: Db; byId: Map<number, SiteContext>; fallback: SiteContext | null } | null = null;

/** All sites, kept for a few seconds: every request resolves its site, and sites rarely change. */
export async function listSites(db: Db): Promise<{ byId: Map<number, SiteContext>; fallback: SiteContext | null }> {
  if (cache && cache.db === db && Date.now() - cache.at < CACHE_MS) return cache;
  const rows = await db.select().from(sites);
  const byId = new Map(rows.map((r) => [r.siteId, toContext(r)]));
  const def = rows.find((r) => r.isDefault) ?? rows[0];
  cache = { at: Date.now(), db, byId, fallback: def ? toContext(def) : null };
  return cache;
}

export function forgetSites(): void {
  cache = null;
}

/** The site a request names in `x-site-id`; absent or unknown, the default site. */
export async function resolveSite(db: Db, header: string | undefined): Promise<SiteContext | null> {
  const { byId, fallback } = await listSites(db);
  const id = Number(header);
  return (Number.isInteger(id) && byId.get(id)) || fallback;
}

export async function getConfig(db: Db, siteId: number, keyCodes: string[]): Promise<Record<string, string | null>> {
  const rows = await db
    .select()
    .from(siteConfig)
    .where(and(eq(siteConfig.siteId, siteId), inArray(siteConfig.keyCode, keyCodes)));
  const out: Record<string, string | null> = {};
  for (const key of keyCodes) out[key] = rows.find((r) => r.keyCode === key)?.value ?? null;
  return out;
}

export async function getConfigValue(db: Db, siteId: number, keyCode: string): Promise<string | null> {
  return (await getConfig(db, siteId, [keyCode]))[keyCode];
}

export async function setConfig(db: Db, siteId: number, keyCode: string, value: string | null): Promise<void> {
  await db
    .insert(siteConfig)
    .values({ siteId, keyCode, value })
    .onConflictDoUpdate({ target: [siteConfig.siteId, siteConfig.keyCode], set: { value } });
}

import { eq } from 'drizzle-orm';
import { festivalOf, type SiteAppearance } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { sites } from './tables.ts';
import { forgetSites, getConfigValue, requireSite, setConfig } from './service.ts';

/** Where the festival skin is kept: a seed config key, which the member site also reads from perInfo's config. */
const FESTIVAL_SKIN_KEY = 'site_festival_skin';

/** A site's theme series and festival skin ('' for none, or for a stored skin the site does not know). */
export async function appearanceOf(db: Db, siteId: number): Promise<SiteAppearance> {
  const { series } = await requireSite(db, siteId);
  return { series, festivalSkin: festivalOf(await getConfigValue(db, siteId, FESTIVAL_SKIN_KEY)) ?? '' };
}

/** Operator: sets a site's theme series and festival skin; perInfo shows them at once (both cached copies forgotten). */
export async function setAppearance(db: Db, siteId: number, { series, festivalSkin }: SiteAppearance): Promise<SiteAppearance> {
  await requireSite(db, siteId);
  await db.update(sites).set({ series }).where(eq(sites.siteId, siteId));
  await setConfig(db, siteId, FESTIVAL_SKIN_KEY, festivalSkin);
  forgetSites(db);
  return { series, festivalSkin };
}

import path from 'node:path';
import type { Module } from '../../platform/deps.ts';
import { fail, serveBundledAssets } from '../../platform/http/index.ts';
import type { Maintenance } from '@bp/contract';
import { siteRoutes } from './routes.ts';
import { contentRoutes } from './content-routes.ts';
import { shortUrlRoutes } from './short-url-routes.ts';
import { seedSites } from './demo.ts';
import { resolveSite, type SiteContext } from './service.ts';
import { andThen, type Now } from '../../platform/now.ts';
import { maintenanceNow } from './maintenance.ts';
import { guardSite } from './guard.ts';

export { getConfig, getConfigValue, setConfig, resolveSite, requireSite, listSites, forgetSites, DEPLOY_SITES, type SiteContext } from './service.ts';
export { setMaintenance, currentMaintenance, maintenanceSetting } from './maintenance.ts';
export { setAccessRules, getAccessRules, addAccessRule, removeAccessRule, type AccessVerdict } from './access.ts';
export { appearanceOf, setAppearance } from './appearance.ts';
export { upsertContent, removeContent, listContent, listAllContent, type ContentItems } from './content.ts';
export { visitorOf } from './guard.ts';
export { firstPictures } from './first-pictures.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site the request is for (x-site-id, or the default site). */
    site: SiteContext;
    /** The site's maintenance state now. */
    siteMaintenance(): Now<Maintenance>;
  }
}

/** The demo images (banners, icons, logos) the seeded content points at. */
export const SITE_ASSETS_DIR = path.resolve(import.meta.dirname, '../../../assets/site');

export const siteModule: Module = {
  name: 'site',
  async install(app, deps) {
    app.decorateRequest('site', null as unknown as SiteContext);
    app.decorateRequest('siteMaintenance', function (this: { site: SiteContext }) {
      return maintenanceNow(deps.db, this.site.siteId);
    });
    await serveBundledAssets(app, SITE_ASSETS_DIR, '/assets/site/');
    siteRoutes(app, deps);
    contentRoutes(app, deps);
    shortUrlRoutes(app, deps);
  },
  // The first check of every request: resolve the site, then turn away whom it is closed to
  // (maintenance, access rules).
  gate:
    ({ db }) =>
    (req) =>
      andThen(resolveSite(db, req.headers['x-site-id'] as string | undefined), (site) => {
        if (!site) fail('SYSTEM_MAINTENANCE', { msg: '站点尚未配置' });
        req.site = site as SiteContext;
        return guardSite(db, req);
      }),
  seed: seedSites,
};

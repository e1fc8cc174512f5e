import type { Module } from '../../platform/deps.ts';
import { fail } from '../../platform/http/index.ts';
import type { Maintenance } from '@bp/contract';
import { siteRoutes } from './routes.ts';
import { seedSites } from './demo.ts';
import { resolveSite, type SiteContext } from './service.ts';

export { getConfig, getConfigValue, setConfig, resolveSite, listSites, forgetSites, type SiteContext } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site the request is for (x-site-id, or the default site). */
    site: SiteContext;
    /** The site's maintenance state now. */
    siteMaintenance(): Promise<Maintenance>;
  }
}

export const siteModule: Module = {
  name: 'site',
  install(app, deps) {
    app.decorateRequest('site', null as unknown as SiteContext);
    app.decorateRequest('siteMaintenance', async () => ({ status: 1, startAt: null, endAt: null, message: '' }));
    app.addHook('onRequest', async (req) => {
      const site = await resolveSite(deps.db, req.headers['x-site-id'] as string | undefined);
      if (!site) fail('SYSTEM_MAINTENANCE', { msg: '站点尚未配置' });
      req.site = site as SiteContext;
    });
    siteRoutes(app, deps);
  },
  seed: seedSites,
};

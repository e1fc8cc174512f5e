import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BUILD, ConfigEntry, ConfigGetBody, ConfigGetsBody, EmptyBody, PerInfo, SiteTime } from '@bp/contract';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { clock } from '../../platform/clock.ts';
import { getConfig, getConfigValue } from './service.ts';
import { DEPLOY_SITES } from './demo.ts';

export function siteRoutes(app: FastifyInstance, { db, database, bus }: Deps): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/health',
      summary: 'Liveness and what the instance runs on',
      exempt: true,
      data: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']), bus: z.enum(['memory', 'redis']), version: z.string() }),
    },
    async () => {
      await database.query('SELECT 1');
      return { status: 'ok' as const, db: database.kind, bus: bus.kind, version: BUILD.version };
    },
  );

  defineRoute(
    app,
    { method: 'GET', url: '/api/site/time', summary: 'System time (epoch ms)', exempt: true, rateLimit: 'read', data: SiteTime },
    async () => ({ now: clock.now() }),
  );

  defineRoute(
    app,
    { url: '/api/site/group/site/perInfo', summary: 'The site: id, name, series, settlement unit, maintenance', body: EmptyBody, rateLimit: 'read', exempt: true, data: PerInfo },
    async (req) => {
      const site = req.site;
      const festivalSkin = await getConfigValue(db, site.siteId, 'site_festival_skin');
      return {
        siteId: site.siteId,
        siteName: site.name,
        series: site.series,
        settlementUnit: site.settlementUnit,
        currency: site.currency,
        festivalSkin,
        deploySiteId: site.deploySiteId,
        deploySites: DEPLOY_SITES,
        language: 'zh-CN' as const,
        englishEnabled: false,
        maintenance: await req.siteMaintenance(),
      };
    },
  );

  defineRoute(
    app,
    { url: '/api/site/configInfo/get', summary: 'One site config value', body: ConfigGetBody, rateLimit: 'read', data: ConfigEntry },
    async (req) => ({ keyCode: req.body.keyCode, value: await getConfigValue(db, req.site.siteId, req.body.keyCode) }),
  );

  defineRoute(
    app,
    { url: '/api/site/configInfo/gets', summary: 'Several site config values, keyed by keyCode', body: ConfigGetsBody, rateLimit: 'read', data: z.record(z.string(), z.string().nullable()) },
    async (req) => getConfig(db, req.site.siteId, req.body.keyCodes),
  );
}

import type { FastifyInstance } from 'fastify';
import { BUILD, Errors, LANGUAGES, PLATFORM_CONFIG_KEYS, PerInfo, SITE_CONFIG_KEYS, festivalOf, type Maintenance } from '@bp/contract';
import { AppError, defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Db } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { derivedOnce } from '../../platform/cache.ts';
import { DEPLOY_SITES, configNow, getConfig, getConfigValue, type SiteContext } from './service.ts';
import { andThen, type Now } from '../../platform/now.ts';
import { PER_INFO_URL } from './guard.ts';

/** Everything the client needs to boot a site: who it is, its theme, currency, config and maintenance. */
const PER_INFO_KEYS = [...SITE_CONFIG_KEYS, PLATFORM_CONFIG_KEYS.englishSwitch];

function perInfoOf(db: Db, site: SiteContext, maintenance: Maintenance): Now<PerInfo> {
  return andThen(configNow(db, site.siteId, PER_INFO_KEYS), (config) => perInfoFrom(config, site, maintenance));
}

/** The same object while the site, its config and its maintenance are: the route reuses its encoded answer. */
const perInfoFrom = derivedOnce((config: Readonly<Record<string, string | null>>, site: SiteContext, maintenance: Maintenance): PerInfo => {
  const { [PLATFORM_CONFIG_KEYS.englishSwitch]: englishSwitch, ...seedConfig } = config;
  return {
    siteId: site.siteId,
    siteName: site.name,
    series: site.series,
    settlementUnit: site.settlementUnit,
    currency: site.currency,
    logo: site.logo,
    festivalSkin: festivalOf(seedConfig.site_festival_skin),
    deploySiteId: site.deploySiteId,
    deploySites: DEPLOY_SITES,
    config: seedConfig,
    language: 'zh-CN',
    englishEnabled: englishSwitch === '1',
    maintenance,
  };
});

/** The site's languages: zh-CN always; English only while its switch is on (seed 1). */
async function languagesOf(db: Db, siteId: number) {
  const english = (await getConfigValue(db, siteId, PLATFORM_CONFIG_KEYS.englishSwitch)) === '1';
  return LANGUAGES.map((l) => ({ ...l, enabled: l.code === 'zh-CN' || english }));
}

export function siteRoutes(app: FastifyInstance, { db, database, bus }: Deps): void {
  defineRoute(
    app,
    {
      url: '/api/health',
      summary: 'Liveness and what the instance runs on',
      tags: ['site'],
      exempt: true,
    },
    async () => {
      await database.query('SELECT 1');
      return { status: 'ok' as const, db: database.kind, bus: bus.kind, version: BUILD.version };
    },
  );

  defineRoute(app, { url: '/api/site/time', summary: 'System time (epoch ms)', exempt: true, rateLimit: 'read' }, async () => ({
    now: clock.now(),
  }));

  defineRoute(
    app,
    {
      url: PER_INFO_URL,
      summary: 'The site: id, name, series, settlement unit, config, maintenance (SYSTEM_MAINTENANCE with this as data while under maintenance)',
      rateLimit: 'read',
      reusesAnswer: true,
    },
    // Answered from memory while the site's caches are warm: the most called path of all.
    (req) =>
      andThen(req.siteMaintenance(), (maintenance) =>
        andThen(perInfoOf(db, req.site, maintenance), (info) => {
          if (maintenance.status === 0) throw new AppError('SYSTEM_MAINTENANCE', { msg: maintenance.message || Errors.SYSTEM_MAINTENANCE.msg, data: info });
          return info;
        }),
      ),
  );

  defineRoute(app, { url: '/api/site/configInfo/get', summary: 'One site config value', rateLimit: 'read' }, async (req) => ({
    keyCode: req.body.keyCode,
    value: await getConfigValue(db, req.site.siteId, req.body.keyCode),
  }));

  defineRoute(
    app,
    {
      url: '/api/site/configInfo/gets',
      summary: 'Several site config values, keyed by keyCode',
      rateLimit: 'read',
    },
    async (req) => getConfig(db, req.site.siteId, req.body.keyCodes),
  );

  defineRoute(
    app,
    {
      url: '/api/site/language/code',
      summary: 'The language to use (asked for in the body or x-lang, if switched on; else zh-CN) and the languages of the site',
      rateLimit: 'read',
    },
    async (req) => {
      const languages = await languagesOf(db, req.site.siteId);
      const asked = (req.body.code ?? (req.headers['x-lang'] as string | undefined) ?? '').trim().toLowerCase();
      const match = languages.find((l) => l.enabled && asked !== '' && (l.code.toLowerCase() === asked || l.code.toLowerCase().split('-')[0] === asked));
      return { code: match?.code ?? 'zh-CN', languages };
    },
  );
}

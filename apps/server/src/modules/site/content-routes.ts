import type { FastifyInstance } from 'fastify';
import { PLATFORM_CONFIG_KEYS } from '@bp/contract';
import { asc, eq } from 'drizzle-orm';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { clock } from '../../platform/clock.ts';
import { listContent } from './content.ts';
import { getConfig } from './service.ts';
import { cached } from './cache.ts';
import { countries } from './tables.ts';

/** The pages' content: visitor calls (the client blanks the token on the banner list, seed 7). */
export function contentRoutes(app: FastifyInstance, { db }: Deps): void {
  defineRoute(
    app,
    {
      url: '/api/site/banner/list',
      summary: 'Banners showing now, by position (default: every position)',
      rateLimit: 'read',
    },
    async (req) => {
      const banners = await listContent(db, req.site.siteId, 'banner', clock.now());
      return req.body.position ? banners.filter((b) => b.position === req.body.position) : banners;
    },
  );

  defineRoute(
    app,
    {
      url: '/api/site/notice/list',
      summary: 'Notices showing now (category 1 is the marquee, within pmdTimerStart..pmdTimerEnd)',
      rateLimit: 'read',
    },
    async (req) => {
      const notices = await listContent(db, req.site.siteId, 'notice', clock.now());
      return req.body.category ? notices.filter((n) => n.category === req.body.category) : notices;
    },
  );

  defineRoute(
    app,
    {
      url: '/api/site/navigation/list',
      summary: 'Entries of the home page (sports, live, casino, egames, chess, promotions) with icons',
      rateLimit: 'read',
    },
    async (req) => listContent(db, req.site.siteId, 'navigation', clock.now()),
  );

  defineRoute(app, { url: '/api/site/floatIcon/list', summary: 'Floating icons of the home page', rateLimit: 'read' }, async (req) =>
    listContent(db, req.site.siteId, 'float_icon', clock.now()),
  );

  defineRoute(
    app,
    // The /cs page stays reachable under maintenance and access restriction (seed 2 and 6).
    {
      url: '/api/site/cs/config',
      summary: 'What the /cs page shows: hours, a notice, the channels to reach customer service',
      rateLimit: 'read',
      exempt: true,
    },
    async (req) => {
      const config = await getConfig(db, req.site.siteId, [PLATFORM_CONFIG_KEYS.csHours, PLATFORM_CONFIG_KEYS.csNotice]);
      return {
        hours: config[PLATFORM_CONFIG_KEYS.csHours] ?? '',
        notice: config[PLATFORM_CONFIG_KEYS.csNotice] ?? '',
        channels: await listContent(db, req.site.siteId, 'cs_channel', clock.now()),
      };
    },
  );

  defineRoute(
    app,
    {
      url: '/api/site/country/list',
      summary: 'Countries and regions with their dialling codes, China (+86) first',
      rateLimit: 'read',
    },
    async () =>
      cached(db, 'countries', () =>
        db
          .select({ code: countries.code, name: countries.name, dialCode: countries.dialCode })
          .from(countries)
          .where(eq(countries.enabled, true))
          .orderBy(asc(countries.sort), asc(countries.code)),
      ),
  );
}

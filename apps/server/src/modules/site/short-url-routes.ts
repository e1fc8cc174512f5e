import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { followShortCode, shortCodeFor } from './short-urls.ts';

/** Where a link that leads nowhere lands: the home page. */
const HOME = '/app/home';

const shareable = (req: FastifyRequest, code: string) => `${req.protocol}://${req.host}/s/${code}`;

export function shortUrlRoutes(app: FastifyInstance, { db }: Deps): void {
  defineRoute(
    app,
    {
      url: '/api/site/shortUrl/create',
      summary: 'A short link to a path of this site (the same path keeps its code)',
      rateLimit: 'send',
    },
    async (req) => {
      const { code, path } = await shortCodeFor(db, req.site.siteId, req.body.path);
      return { code, path, url: shareable(req, code) };
    },
  );

  defineRoute(
    app,
    {
      url: '/api/site/shortUrl/get',
      summary: 'The path behind a short code of this site',
      rateLimit: 'read',
    },
    async (req) => {
      const found = await followShortCode(db, req.body.code);
      if (!found || found.siteId !== req.site.siteId) fail('SHORT_URL_NOT_FOUND');
      return { code: req.body.code, path: found!.path, url: shareable(req, req.body.code) };
    },
  );

  // A browser opens the link: answer with a redirect, never an envelope.
  app.get('/s/:code', { schema: { hide: true }, config: { exempt: true } }, async (req, reply) => {
    const found = await followShortCode(db, (req.params as { code: string }).code);
    return reply.redirect(found?.path ?? HOME, 302);
  });
}

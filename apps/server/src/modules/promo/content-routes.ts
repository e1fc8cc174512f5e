import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { listSponsors } from './sponsors.ts';
import { expertInfo, listExperts } from './experts.ts';

/** The content pages beside the activities (seed 7's "sponsors" and "experts"): read by anyone, members or not. */
export function contentRoutes(app: FastifyInstance, { db }: Deps): void {
  const open = { auth: 'optional', rateLimit: 'read' } as const;
  defineRoute(app, { url: '/api/activity/sponsors/list', summary: "The site's sponsorship partners", ...open }, async (req) =>
    listSponsors(db, req.site.siteId),
  );
  defineRoute(
    app,
    { url: '/api/activity/experts/list', summary: "The experts, each with their record from the book's settled results and coming picks", ...open },
    async (req) => listExperts(db, req.site.siteId),
  );
  defineRoute(app, { url: '/api/activity/experts/info', summary: "An expert's record, coming picks and settled picks", ...open }, async (req) =>
    expertInfo(db, req.site.siteId, req.body.expertId),
  );
}

import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { walletOwner } from '../wallet/index.ts';
import { egameBrands, egameVenue, listEgames } from './catalogue.ts';
import { addToCollection, listCollection, removeFromCollection } from './collections.ts';
import { demoLaunch, launchVenue } from './launch.ts';
import { spin, ticketInfo } from './play.ts';
import { listRecords } from './records.ts';

export function casinoRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const read = { rateLimit: 'read' } as const;
  const member = { auth: 'member', rateLimit: 'read' } as const;

  defineRoute(
    app,
    {
      url: '/api/game/egame/brands',
      summary: 'The venues offering electronic games, each with its /app/egame/{code}',
      ...read,
    },
    async () => egameBrands(db),
  );
  defineRoute(
    app,
    {
      url: '/api/game/egame/list',
      summary: "A venue's electronic games by page code or api_name",
      auth: 'optional',
      ...read,
    },
    async (req) => {
      const venue = await egameVenue(db, req.body);
      return listEgames(db, venue.api_name, req.member?.memberId ?? null, req.body);
    },
  );

  defineRoute(app, { url: '/api/game/collection/add', summary: "Adds a game to the member's collection", ...member }, async (req) =>
    addToCollection(db, req.member.memberId, req.body.gameId),
  );
  defineRoute(app, { url: '/api/game/collection/remove', summary: "Removes a game from the member's collection", ...member }, async (req) =>
    removeFromCollection(db, req.member.memberId, req.body.gameId),
  );
  defineRoute(app, { url: '/api/game/collection/list', summary: "The member's collected games", ...member }, async (req) =>
    listCollection(db, req.member.memberId, req.body.page, req.body.size),
  );

  defineRoute(
    app,
    {
      url: '/api/game/venue/launch',
      summary: 'Launches a venue or one of its games; auto-transfer moves the main balance in first',
      auth: 'member',
      rateLimit: 'money',
    },
    async (req) =>
      launchVenue(deps, walletOwner(req.site, req.member.memberId), req.member.sessionId, req.idempotencyKey, req.body, `${req.protocol}://${req.host}`),
  );
  defineRoute(app, { url: '/api/game/venue/demoLaunch', summary: "A visitor's demo of a game, on play money", ...read }, async (req) =>
    demoLaunch(db, req.body),
  );

  defineRoute(app, { url: '/api/game/sandbox/ticket', summary: 'The sandbox game page: its game and balance', ...read }, async (req) =>
    ticketInfo(db, req.body.ticket, req.site),
  );
  defineRoute(
    app,
    {
      url: '/api/game/sandbox/spin',
      summary: 'One round of the sandbox slot, settled at the venue (Idempotency-Key: a repeat answers the first round)',
      ...read,
    },
    async (req) => spin(db, req.body.ticket, req.body.stake, req.idempotencyKey),
  );

  defineRoute(app, { url: '/api/game/records', summary: "The member's game rounds at every venue, latest first, by venue and time", ...member }, async (req) =>
    listRecords(db, { memberId: req.member.memberId, ...req.body }),
  );
}

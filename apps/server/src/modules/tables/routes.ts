import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { placeBet } from './bets.ts';
import { tableState, tablesList } from './state.ts';

export function tablesRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const speed = deps.config.tablesSpeed;
  defineRoute(
    app,
    { url: '/api/tables/list', summary: 'The live dealer tables (AG真人): each running round and its results', rateLimit: 'read' },
    async (req) => tablesList(db, speed, req.site.currency),
  );
  defineRoute(
    app,
    { url: '/api/tables/state', summary: "A table's round, roads and limits; a member's bets there and AG balance", auth: 'optional', rateLimit: 'read' },
    async (req) => tableState(db, speed, req.body.tableId, req.site.currency, req.member?.memberId ?? null),
  );
  defineRoute(
    app,
    {
      url: '/api/tables/bet',
      summary: "A bet on the round taking bets, from the member's AG balance (Idempotency-Key: a repeat answers the first bet)",
      auth: 'member',
      rateLimit: 'money',
    },
    async (req) => placeBet(db, speed, { memberId: req.member.memberId, siteId: req.site.siteId, currency: req.site.currency }, req.idempotencyKey, req.body),
  );
}

import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { fishInfo, shootBatch } from './play.ts';

export function fishRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  defineRoute(
    app,
    {
      url: '/api/fish/info',
      summary: "捕鱼: the member's balance at the fish venue, the bets, the fish and their multipliers, RTP",
      auth: 'member',
      rateLimit: 'read',
    },
    async (req) => fishInfo(db, req.member.memberId),
  );
  defineRoute(
    app,
    {
      url: '/api/fish/shoot',
      summary: '捕鱼: a batch of shots, each costing the bet, settled at the fish venue (Idempotency-Key)',
      auth: 'member',
      rateLimit: 'money',
    },
    async (req) => shootBatch(db, { memberId: req.member.memberId, siteId: req.site.siteId }, req.idempotencyKey, req.body.amount, req.body.shots),
  );
}

import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { bid, deal, niuniuInfo } from './play.ts';

export function chessRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const money = { auth: 'member', rateLimit: 'money' } as const;

  defineRoute(
    app,
    {
      url: '/api/chess/niuniu/info',
      summary: "抢庄牛牛: the member's KY balance, the bases, RTP and any round waiting for a bid",
      auth: 'member',
      rateLimit: 'read',
    },
    async (req) => niuniuInfo(db, req.member.memberId),
  );
  defineRoute(
    app,
    { url: '/api/chess/niuniu/deal', summary: '抢庄牛牛: deals a round, holding 20 × the base at KY (Idempotency-Key)', ...money },
    async (req) => deal(db, { memberId: req.member.memberId, siteId: req.site.siteId }, req.idempotencyKey, req.body.amount),
  );
  defineRoute(
    app,
    { url: '/api/chess/niuniu/bid', summary: "抢庄牛牛: the member's bid for the bank; the round is shown down and settled (Idempotency-Key)", ...money },
    async (req) => bid(db, { memberId: req.member.memberId, siteId: req.site.siteId }, req.idempotencyKey, req.body.roundId, req.body.bid),
  );
}

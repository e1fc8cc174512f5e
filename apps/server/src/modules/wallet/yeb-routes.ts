import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { announceBalance } from './announce.ts';
import { receiveInterest, toCenter, toYeb, yebOverview } from './yeb.ts';
import { ownerOfRequest } from './request.ts';

export function yebRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const money = { auth: 'member', rateLimit: 'money' } as const;

  defineRoute(
    app,
    {
      url: '/api/wallet/yeb/config',
      summary: 'Interest wallet: rate, minimum, lock period, balance, interest',
      auth: 'member',
      rateLimit: 'read',
    },
    async (req) => yebOverview(db, ownerOfRequest(req)),
  );
  defineRoute(app, { url: '/api/wallet/yeb/toYeb', summary: 'Main wallet -> interest wallet', ...money }, async (req) => {
    const owner = ownerOfRequest(req);
    const result = await toYeb(db, owner, req.idempotencyKey, req.body.amount);
    await announceBalance(deps, owner, 'yeb');
    return result;
  });
  defineRoute(app, { url: '/api/wallet/yeb/toCenter', summary: 'Interest wallet -> main wallet (unlocked part)', ...money }, async (req) => {
    const owner = ownerOfRequest(req);
    const result = await toCenter(db, owner, req.idempotencyKey, req.body.amount);
    await announceBalance(deps, owner, 'yeb');
    return result;
  });
  defineRoute(app, { url: '/api/wallet/yeb/receive', summary: 'Receives the accrued interest into the main wallet', ...money }, async (req) => {
    const owner = ownerOfRequest(req);
    const result = await receiveInterest(db, owner, req.idempotencyKey);
    await announceBalance(deps, owner, 'interest');
    return result;
  });
}

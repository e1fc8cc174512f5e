import type { FastifyInstance } from 'fastify';
import { CURRENCIES } from '@bp/contract';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { announceBalance } from './announce.ts';
import { depositView, findDeposit, listDeposits } from './deposits.ts';
import { dealRecords } from './history.ts';
import { receiveCallback, SIGNATURE_HEADER } from './pay-callback.ts';
import { payVal } from './pay.ts';
import { listBanks, listPayTypes, payTypeView } from './pay-types.ts';
import { ownerOfRequest } from './request.ts';

export function walletRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const member = { auth: 'member', rateLimit: 'read' } as const;

  defineRoute(app, { url: '/api/wallet/type', summary: 'The wallet type of the site (RMB or USDT)', ...member }, async (req) => {
    const currency = CURRENCIES[req.site.settlementUnit];
    return { walletType: currency.walletType, currency: currency.code, symbol: currency.symbol };
  });

  defineRoute(app, { url: '/api/wallet/pay/types', summary: 'Deposit pay types of the site with their limits', ...member }, async (req) =>
    (await listPayTypes(db, req.site.siteId)).map(payTypeView),
  );

  defineRoute(app, { url: '/api/wallet/bank/list', summary: 'Banks a card can be bound to', ...member }, async (req) => listBanks(db, req.site.siteId));

  defineRoute(
    app,
    {
      url: '/api/wallet/pay/payVal',
      summary: 'Deposit: creates an order; a sandbox order is credited at once',
      auth: 'member',
      rateLimit: 'money',
    },
    async (req) => {
      const owner = ownerOfRequest(req);
      const order = await payVal(db, owner, req.idempotencyKey, req.body);
      if (order.status === 'success') await announceBalance(deps, owner, 'deposit');
      return order;
    },
  );

  defineRoute(
    app,
    {
      url: '/api/wallet/pay/callback/:channel',
      summary: `A payment gateway's notice, signed with HMAC-SHA256 of the raw body in header ${SIGNATURE_HEADER}`,
      rateLimit: 'read',
      // A gateway is no site visitor: its own HMAC authenticates it, whatever the site's client policy or maintenance.
      exempt: true,
    },
    async (req) => {
      const { channel } = req.params as { channel: string };
      const signature = req.headers[SIGNATURE_HEADER];
      const raw = req.rawBody ?? JSON.stringify(req.body);
      const result = await db.transaction((tx) => receiveCallback(tx, channel, raw, typeof signature === 'string' ? signature : undefined));
      return result;
    },
  );

  defineRoute(app, { url: '/api/wallet/pay/orders', summary: "The member's deposit orders", ...member }, async (req) =>
    listDeposits(db, req.member.memberId, req.body.page, req.body.size, req.body.status),
  );

  defineRoute(app, { url: '/api/wallet/pay/detail', summary: "One of the member's deposit orders", ...member }, async (req) => {
    const order = await findDeposit(db, req.body.orderId);
    // Someone else's order reads as not found.
    if (!order || Number(order.member_id) !== req.member.memberId) return fail('ORDER_NOT_FOUND');
    return depositView(order);
  });

  defineRoute(app, { url: '/api/wallet/queryDealRecord', summary: 'Money movements of the main and interest wallets', ...member }, async (req) =>
    dealRecords(db, req.member.memberId, req.body),
  );
}

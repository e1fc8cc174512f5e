import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { announceBalance, gatherToMain, walletOwner } from '../wallet/index.ts';
import { currentVenues } from '../sports/index.ts';
import { liveSettings } from './settings.ts';
import { requireRoom } from './chat/rooms.ts';
import { authorOfRequest } from './chat-routes.ts';
import { anchorList } from './anchors/anchors.ts';
import { buyGold, goldBalance } from './gifts/gold.ts';
import { batcher } from '../../platform/batch.ts';
import { giftList, giftOrder, sendGift, sendGifts, type GiftOrder } from './gifts/gifts.ts';
import { anchorRank, anchorReward } from './gifts/rank.ts';

/** Anchors (the live list, rank, reward), gold coins and gifts (seed 3, 7, 9). */
export function anchorRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const money = { auth: 'member', rateLimit: 'money' } as const;
  // Gifts sent at the same time go together (issue 18), whatever their rooms: one transaction per
  // batch, each room's sequence taken once. Batches per room would be as many small transactions
  // as rooms, each waiting on the others' house slices.
  const gifts = batcher<GiftOrder, Awaited<ReturnType<typeof sendGift>>>({
    run: (orders) => sendGifts(deps, orders),
    alone: (order) => sendGift(deps, order.p),
    turnOf: (order) => String(order.p.owner.memberId),
  });

  defineRoute(
    app,
    { url: '/api/live/anchor/list', summary: 'Anchors with a horizontal screen and their matches, those on air first', rateLimit: 'read' },
    async (req) => anchorList(db, await currentVenues(db, req.site.siteId), req.body.page, req.body.size),
  );
  defineRoute(app, { url: '/api/live/anchor/rank', summary: 'A room’s top givers of the Shanghai day or week', rateLimit: 'read' }, async (req) =>
    anchorRank(db, req.body.anchorRoomId, req.body.period),
  );
  defineRoute(app, { url: '/api/live/anchor/reward', summary: 'What an anchor received in the day or week, and its share', rateLimit: 'read' }, async (req) =>
    anchorReward(db, req.body.anchorRoomId, req.body.period),
  );
  defineRoute(app, { url: '/api/live/gift/list', summary: 'The gifts on offer', rateLimit: 'read' }, async () => giftList(db));

  defineRoute(
    app,
    { url: '/api/member/gold/balance', summary: 'The member’s gold coins and the site’s rate', auth: 'member', rateLimit: 'read' },
    async (req) => {
      const settings = await liveSettings(db, req.site.siteId, req.site.currency);
      return goldBalance(db, walletOwner(req.site, req.member.memberId), settings.goldRate);
    },
  );
  defineRoute(
    app,
    { url: '/api/member/gold/buy', summary: 'Main wallet money -> gold coins at the site’s rate (Idempotency-Key required)', ...money },
    async (req) => {
      const owner = walletOwner(req.site, req.member.memberId);
      const settings = await liveSettings(db, req.site.siteId, req.site.currency);
      await gatherToMain(db, owner, req.idempotencyKey);
      const bought = await buyGold(db, owner, req.idempotencyKey, req.body.amount, settings.goldRate);
      await announceBalance(deps, owner, 'gold', bought.main);
      return bought;
    },
  );
  defineRoute(
    app,
    { url: '/api/member/gift/send', summary: 'Gives a gift to the room’s anchor from the member’s gold (Idempotency-Key required)', ...money },
    async (req) => {
      const [author, room] = await Promise.all([authorOfRequest(deps, req), requireRoom(db, req.body.chatRoomNo)]);
      const order = await giftOrder(db, {
        owner: walletOwner(req.site, req.member.memberId),
        author,
        room,
        giftId: req.body.giftId,
        count: req.body.count,
        key: req.idempotencyKey,
      });
      return gifts.submit(order);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { defineRoute, type MemberRequest } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { getConfigValue } from '../site/index.ts';
import { gatherToMain, walletOwner } from '../wallet/index.ts';
import { currentVenues } from './book/venues.ts';
import { batcher } from '../../platform/batch.ts';
import { checkOrder, placeBet, placeBets, type BetOrder, type Placed } from './bets/place-bet.ts';
import { confirmDueBets } from './bets/confirm.ts';
import { cashOut } from './bets/cash-out.ts';
import { betRecords } from './bets/records.ts';
import { announce, type BetOwner } from './bets/ledger.ts';

/** Site config key: the in-play delay in ms (default 5 s; 0 takes in-play bets at once). */
export const INPLAY_DELAY_KEY = 'sports_inplay_delay_ms';
const DEFAULT_INPLAY_DELAY_MS = 5_000;

async function inPlayDelayMs(deps: Deps, siteId: number): Promise<number> {
  const value = Number(await getConfigValue(deps.db, siteId, INPLAY_DELAY_KEY));
  return Number.isInteger(value) && value >= 0 && value <= 60_000 ? value : DEFAULT_INPLAY_DELAY_MS;
}

const ownerOf = (req: MemberRequest): BetOwner => ({ memberId: req.member.memberId, siteId: req.site.siteId, currency: req.site.currency });

/** A member's bets: place, list, cash out. */
export function betRoutes(app: FastifyInstance, deps: Deps): void {
  // Bets arriving together are taken together, one transaction per batch (issue 18).
  const bets = batcher<BetOrder, Placed>({
    run: (orders) => placeBets(deps.db, orders),
    alone: ({ p, body }) => placeBet(deps.db, p, body),
    turnOf: ({ p }) => String(p.owner.memberId),
  });
  defineRoute(
    app,
    {
      url: '/api/sports/bet/place',
      summary: 'Place a single or a parlay; the stake is debited with the bet (Idempotency-Key required)',
      auth: 'member',
      rateLimit: 'money',
    },
    async (req) => {
      const owner = ownerOf(req);
      checkOrder(req.body, owner.currency);
      await gatherToMain(deps.db, walletOwner(req.site, req.member.memberId), req.idempotencyKey);
      const venues = await currentVenues(deps.db, req.site.siteId);
      const order: BetOrder = {
        p: { owner, idempotencyKey: req.idempotencyKey, inPlayDelayMs: await inPlayDelayMs(deps, req.site.siteId), venues },
        body: req.body,
      };
      const { placed, mainAfterMinor } = await bets.submit(order);
      await announce(deps, owner, mainAfterMinor);
      return placed;
    },
  );

  defineRoute(
    app,
    {
      url: '/api/sports/bet/records',
      summary: "The member's bets, newest first, with legs and cash-out offers",
      auth: 'member',
      rateLimit: 'read',
    },
    async (req) => {
      // In-play bets whose delay is over are decided before they are shown.
      await confirmDueBets(deps, req.member.memberId);
      return betRecords(deps.db, req.member.memberId, await currentVenues(deps.db, req.site.siteId), req.body);
    },
  );

  defineRoute(
    app,
    {
      url: '/api/sports/bet/cashout',
      summary: 'Cash out a pending single at the current offer (Idempotency-Key required)',
      auth: 'member',
      rateLimit: 'money',
    },
    async (req) => {
      const cashed = await cashOut(deps.db, ownerOf(req), req.idempotencyKey, req.body);
      await announce(deps, ownerOf(req));
      return cashed;
    },
  );
}

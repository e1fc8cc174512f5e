import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  enterResult,
  findFixture,
  fixtureMarkets,
  holdMarket,
  holdMatch,
  listFixtures,
  marketState,
  resettleMarket,
  settleMarketBets,
  settleResultBets,
  voidMarket,
} from '../sports/index.ts';
import { listSites } from '../site/index.ts';
import { AppError, defineRoute } from '../../platform/http/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';
import { operatorOf, requireSite } from './sessions.ts';

/**
 * The sportsbook desk: fixtures and their markets with the house's exposure per site; holds,
 * hand-entered results, voids and resettlements, each audited with the state before and after.
 * The book is shared by every site, so changing it needs an operator of every site.
 */
export function bookRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const read = operatorRoute('sports.read');
  const trade = operatorRoute('sports.trade');
  const settle = operatorRoute('sports.settle');
  const wholeBook = (req: FastifyRequest) => {
    if (operatorOf(req).siteIds !== null) throw new AppError('DESK_BOOK_SCOPE', { httpStatus: 403 });
  };
  const fixtureState = async (matchId: number, on: Db = db) => {
    const { held, status, result, homeScore, visitScore, settled } = await findFixture(on, matchId);
    return { held, status, result, homeScore, visitScore, settled };
  };

  defineRoute(app, { url: '/api/admin/sports/fixture/list', summary: 'The book’s fixtures by sport, status and Shanghai day', ...read }, (req) =>
    listFixtures(db, req.body),
  );
  defineRoute(
    app,
    { url: '/api/admin/sports/fixture/markets', summary: 'A fixture’s markets, prices and the house’s liability on a site', ...read },
    async (req) => {
      requireSite(operatorOf(req), req.body.siteId);
      const site = await listSiteCurrency(req.body.siteId);
      return { ...(await fixtureMarkets(db, req.body.matchId, req.body.siteId)), currency: site };
    },
  );

  defineRoute(app, { url: '/api/admin/sports/match/hold', summary: 'Suspends or reopens every market of a match', ...trade }, async (req) => {
    wholeBook(req);
    const { matchId, held } = req.body;
    const before = await fixtureState(matchId);
    const change = await audited(deps, req, { action: 'sports.match.hold', target: `match:${matchId}`, before }, async (t) => {
      const done = await holdMatch(t, matchId, held);
      return { ...(await fixtureState(matchId, t.db)), markets: done.markets };
    });
    return { held: change.held, markets: change.markets };
  });
  defineRoute(app, { url: '/api/admin/sports/market/hold', summary: 'Suspends or reopens one market', ...trade }, async (req) => {
    wholeBook(req);
    const { marketId, held } = req.body;
    const before = await marketState(deps, marketId);
    const change = await audited(deps, req, { action: 'sports.market.hold', target: `market:${marketId}`, before }, async (t) => {
      const done = await holdMarket(t, marketId, held);
      return { ...(await marketState(t, marketId)), held: done.held, markets: done.markets };
    });
    return { held: change.held, markets: change.markets };
  });

  defineRoute(app, { url: '/api/admin/sports/match/result', summary: 'Enters or corrects a match’s result and settles its bets', ...settle }, async (req) => {
    wholeBook(req);
    const { matchId, reason, acceptDebt, ...result } = req.body;
    const before = await fixtureState(matchId);
    // The result commits with its entry; its bets are settled after, each in its own transaction.
    const spec = { action: 'sports.match.result', target: `match:${matchId}`, before, after: () => ({ ...result, reason, acceptDebt }) };
    await audited(deps, req, spec, (t) => enterResult(t, matchId, { result, reason, acceptDebt }));
    return settleResultBets(deps, matchId);
  });
  defineRoute(app, { url: '/api/admin/sports/market/void', summary: 'Voids a market with a reason: every leg on it void', ...settle }, async (req) => {
    wholeBook(req);
    const { marketId, reason, acceptDebt } = req.body;
    const before = await marketState(deps, marketId);
    const spec = { action: 'sports.market.void', target: `market:${marketId}`, before, after: () => ({ reason, acceptDebt }) };
    await audited(deps, req, spec, (t) => voidMarket(t, marketId, reason, acceptDebt));
    return settleMarketBets(deps, marketId);
  });
  defineRoute(
    app,
    { url: '/api/admin/sports/market/resettle', summary: 'Lifts a market’s void and settles its bets again on the result', ...settle },
    async (req) => {
      wholeBook(req);
      const { marketId, reason, acceptDebt } = req.body;
      const before = await marketState(deps, marketId);
      const spec = { action: 'sports.market.resettle', target: `market:${marketId}`, before, after: () => ({ reason, acceptDebt }) };
      await audited(deps, req, spec, (t) => resettleMarket(t, marketId, acceptDebt));
      return settleMarketBets(deps, marketId);
    },
  );

  async function listSiteCurrency(siteId: number): Promise<string> {
    const site = (await listSites(db)).byId.get(siteId);
    if (!site) throw new AppError('OPERATOR_SITE_FORBIDDEN', { httpStatus: 403 });
    return site.currency;
  }
}

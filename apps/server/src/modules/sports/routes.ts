import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SportsListBody as ListQuery } from '@bp/contract';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { findMatch, listMatches, teamsOf, type MatchOrder } from './book/matches.ts';
import { loadMarkets, mainMarkets } from './book/markets.ts';
import { currentOdds, listLeagues } from './book/leagues.ts';
import { currentVenues } from './book/venues.ts';

/** The book's calls: boards of matches, one match with every market, leagues, prices, venues. */
export function bookRoutes(app: FastifyInstance, { db }: Deps): void {
  const board = async (req: FastifyRequest, q: ListQuery, order: MatchOrder) => {
    const venues = await currentVenues(db, req.site.siteId);
    const page = await listMatches(
      db,
      { sport: q.sport, live: q.live, leagueId: q.leagueId },
      { page: q.page, size: q.size, order },
      { currency: req.site.currency, venues },
    );
    return { ...page, venues };
  };

  defineRoute(
    app,
    {
      url: '/api/sports/list',
      summary: 'Matches on the board (live first, then by start), with their main lines and the venues',
      rateLimit: 'read',
    },
    async (req) => board(req, req.body, 'start'),
  );

  defineRoute(app, { url: '/api/sports/live/list', summary: 'Matches in play (200 a page by default)', rateLimit: 'read' }, async (req) =>
    board(req, { ...req.body, live: true }, 'start'),
  );

  defineRoute(
    app,
    {
      url: '/api/sports/popular/list',
      summary: 'Popular matches: big leagues and matches taking bets (200 a page by default)',
      rateLimit: 'read',
    },
    async (req) => board(req, req.body, 'popular'),
  );

  defineRoute(app, { url: '/api/sports/match/detail', summary: 'One match with every market and price', rateLimit: 'read' }, async (req) => {
    const match = await findMatch(db, req.body.matchId, await currentVenues(db, req.site.siteId));
    if (!match) return fail('MATCH_NOT_FOUND');
    const markets = (await loadMarkets(db, teamsOf([match]), req.site.currency)).get(match.matchId) ?? [];
    return { ...match, mainMarkets: mainMarkets(markets), markets };
  });

  defineRoute(
    app,
    {
      url: '/api/sports/league/list',
      summary: 'Leagues with their matches on the board and in play',
      rateLimit: 'read',
    },
    async (req) => ({ list: await listLeagues(db, req.body.sport) }),
  );

  defineRoute(app, { url: '/api/sports/odds', summary: "Today's price and state of some selections", rateLimit: 'read' }, async (req) => ({
    list: await currentOdds(db, req.body.selectionIds),
  }));

  defineRoute(
    app,
    {
      url: '/api/sports/venue/list',
      summary: 'The sports venues and their status (open only at 0)',
      rateLimit: 'read',
    },
    async (req) => ({ list: await currentVenues(db, req.site.siteId) }),
  );
}

import type { FastifyInstance } from 'fastify';
import { shanghaiDay, type NewsMatch } from '@bp/contract';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { clock } from '../../platform/clock.ts';
import { currentVenues, findMatch, finishedMatches, listMatches } from '../sports/index.ts';
import { toNews } from './matches.ts';
import { paragraphs, publishedAt, summaryOf, titleOf } from './articles.ts';
import { lastForm, standings } from './standings.ts';

/** How many finished matches the news reads back (a season's worth of the book's leagues). */
const RESULTS_READ = 300;
const PREVIEWS = 10;
const REPORTS = 30;

/** The book's football, as the news reads it: finished matches latest first (of one league when given), and the coming ones. */
async function football(db: Db, siteId: number, currency: string, leagueId?: number) {
  const venues = await currentVenues(db, siteId);
  const results = (await finishedMatches(db, { sport: 'football', leagueId, limit: RESULTS_READ }, venues)).map(toNews);
  const coming = await listMatches(db, { sport: 'football', leagueId }, { page: 1, size: 100, order: 'start' }, { currency, venues });
  return { venues, results, coming: coming.list.map(toNews) };
}

const article = (kind: 'result' | 'preview', m: NewsMatch, now: number) => ({
  newsId: `${kind}-${m.matchId}`,
  kind,
  title: titleOf(kind, m),
  summary: summaryOf(kind, m),
  publishedAt: publishedAt(kind, m, now),
  match: m,
});

/** A league's table from its finished matches, or null without any. */
const tableOf = (results: NewsMatch[], m: NewsMatch) => {
  const league = results.filter((r) => r.leagueId === m.leagueId);
  return league.length ? { leagueId: m.leagueId, leagueName: m.leagueName, rows: standings(league) } : null;
};

/** Every league's table, in the order their latest results came. */
const tablesOf = (results: NewsMatch[]) =>
  [...new Map(results.map((m) => [m.leagueId, m])).values()].flatMap((m) => {
    const table = tableOf(results, m);
    return table ? [table] : [];
  });

export function newsRoutes(app: FastifyInstance, { db }: Deps): void {
  const open = { auth: 'optional', rateLimit: 'read' } as const;

  defineRoute(
    app,
    { url: '/api/site/game/newsoccer/news/', summary: 'Football news: reports of finished matches and previews of coming ones', ...open },
    async (req) => {
      const { results, coming } = await football(db, req.site.siteId, req.site.currency);
      const now = clock.now();
      const all = [
        ...results.slice(0, REPORTS).map((m) => article('result', m, now)),
        ...coming
          .filter((m) => m.status === 'scheduled')
          .slice(0, PREVIEWS)
          .map((m) => article('preview', m, now)),
      ].sort((a, b) => b.publishedAt - a.publishedAt || a.newsId.localeCompare(b.newsId));
      const { page, size } = req.query;
      return { list: all.slice((page - 1) * size, page * size), total: all.length };
    },
  );

  defineRoute(
    app,
    { url: '/api/site/game/newsoccer/soccer/', summary: "A Shanghai day's football fixtures and results (today by default)", ...open },
    async (req) => {
      const day = req.query.day ?? shanghaiDay(clock.now());
      const { results, coming } = await football(db, req.site.siteId, req.site.currency);
      const onDay = (m: NewsMatch) => shanghaiDay(m.startAt) === day;
      return { day, fixtures: coming.filter(onDay), results: results.filter(onDay).reverse() };
    },
  );

  defineRoute(app, { url: '/api/site/game/newsoccer/info/', summary: "One article: its body, its match and the league's table", ...open }, async (req) => {
    const [kind, id] = req.query.newsId.split('-') as ['result' | 'preview', string];
    const venues = await currentVenues(db, req.site.siteId);
    const found = await findMatch(db, Number(id), venues);
    const fits = found && found.sport === 'football' && (kind === 'result' ? found.status === 'finished' : found.status === 'scheduled');
    if (!fits) return fail('NEWS_NOT_FOUND');
    const m = toNews(found);
    const results = (await finishedMatches(db, { sport: 'football', leagueId: m.leagueId, limit: RESULTS_READ }, venues)).map(toNews);
    const table = tableOf(results, m);
    return { ...article(kind, m, clock.now()), paragraphs: paragraphs(kind, m, results, table?.rows ?? []), table };
  });

  defineRoute(
    app,
    { url: '/api/site/gameassist', summary: "The game assistant: a match's form, head-to-head and table, or every league's table", ...open },
    async (req) => {
      const venues = await currentVenues(db, req.site.siteId);
      if (req.body.matchId === undefined) {
        const results = (await finishedMatches(db, { sport: 'football', limit: RESULTS_READ }, venues)).map(toNews);
        return { match: null, homeForm: [], visitForm: [], headToHead: [], tables: tablesOf(results) };
      }
      const found = await findMatch(db, req.body.matchId, venues);
      if (!found) return fail('MATCH_NOT_FOUND');
      const m = toNews(found);
      const results = (await finishedMatches(db, { sport: found.sport, leagueId: m.leagueId, limit: RESULTS_READ }, venues))
        .map(toNews)
        .filter((r) => r.matchId !== m.matchId);
      const sides = [m.homeName, m.visitName];
      const table = found.sport === 'football' ? tableOf(results, m) : null;
      return {
        match: m,
        homeForm: lastForm(results, m.homeName),
        visitForm: lastForm(results, m.visitName),
        headToHead: results.filter((r) => sides.includes(r.homeName) && sides.includes(r.visitName)).slice(0, 5),
        tables: table ? [table] : [],
      };
    },
  );
}

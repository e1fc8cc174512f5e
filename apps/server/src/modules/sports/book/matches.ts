import { sql, type SQL } from 'drizzle-orm';
import { BALL_CLASS_IDS, WORLD_CUP_VENUE_IDS, type MatchSummary, type Sport, type SportsVenue } from '@bp/contract';
import type { DbOrTx } from '../../../platform/db/index.ts';
import { LIST_MARKETS, type Teams } from '../markets/kinds.ts';
import { loadMarkets, mainMarkets } from './markets.ts';
import { epochMs, inList } from './sql.ts';

/** A match with its summary fields, without its markets. */
export type Match = Omit<MatchSummary, 'mainMarkets'>;

export interface MatchFilter {
  sport?: Sport;
  /** true: live only; false: not started only; absent: both. */
  live?: boolean;
  leagueId?: number;
}

/** Board orders: by start (live first), or by popularity (the league's weight plus bets taken). */
export type MatchOrder = 'start' | 'popular';

const SELECT = sql`
  SELECT x.match_id, x.sport, x.league_id, l.name AS league_name, l.logo AS league_logo, l.match_class, l.venue_code,
    h.name AS home_name, h.logo AS home_logo, v.name AS visit_name, v.logo AS visit_logo, x.home_score, x.visit_score,
    ${epochMs(sql`x.start_at`)} AS start_ms, x.status, x.period, x.clock_sec, ${epochMs(sql`x.clock_at`)} AS clock_ms,
    x.anchor_status, x.animation_url, x.anchor_flv_url,
    (SELECT count(*) FROM sports_markets mk WHERE mk.match_id = x.match_id AND mk.status <> 'closed')::int AS market_count
  FROM sports_matches x
  JOIN sports_leagues l ON l.league_id = x.league_id
  JOIN sports_teams h ON h.team_id = x.home_team_id
  JOIN sports_teams v ON v.team_id = x.visit_team_id`;

function where(f: MatchFilter): SQL {
  const parts: SQL[] = [];
  if (f.live === true) parts.push(sql`x.status = 'live'`);
  else if (f.live === false) parts.push(sql`x.status = 'scheduled'`);
  else parts.push(sql`x.status IN ('scheduled', 'live')`);
  if (f.sport) parts.push(sql`x.sport = ${f.sport}`);
  if (f.leagueId) parts.push(sql`x.league_id = ${f.leagueId}`);
  return sql`WHERE ${sql.join(parts, sql` AND `)}`;
}

const ORDER: Record<MatchOrder, SQL> = {
  start: sql`ORDER BY (x.status = 'live') DESC, x.start_at, l.sort, x.match_id`,
  popular: sql`ORDER BY l.hot + least((SELECT count(*) FROM sports_bet_legs bl WHERE bl.match_id = x.match_id), 100) DESC, x.start_at, x.match_id`,
};

type Row = Record<string, unknown>;

function toSummary(r: Row, venues: SportsVenue[]): Omit<MatchSummary, 'mainMarkets'> {
  const sport = r.sport as Sport;
  const leagueId = Number(r.league_id);
  const venue = venues.find((v) => v.venueCode === r.venue_code)!;
  return {
    matchId: Number(r.match_id),
    sport,
    ballClassId: BALL_CLASS_IDS[sport],
    leagueId,
    tid: leagueId,
    leagueName: r.league_name as string,
    leagueLogo: r.league_logo as string,
    matchName: r.league_name as string,
    matchClass: r.match_class as MatchSummary['matchClass'],
    isWorldCup: WORLD_CUP_VENUE_IDS.includes(leagueId),
    homeName: r.home_name as string,
    homeLogo: r.home_logo as string,
    visitName: r.visit_name as string,
    visitLogo: r.visit_logo as string,
    homeScore: Number(r.home_score),
    visitScore: Number(r.visit_score),
    startAt: Number(r.start_ms),
    status: r.status as MatchSummary['status'],
    isStart: r.status !== 'scheduled',
    period: r.period as string,
    clock: Number(r.clock_sec),
    clockAt: Number(r.clock_ms),
    venueCode: venue.venueCode,
    venueName: venue.venueName,
    venueStatus: venue.status,
    anchor_status: r.anchor_status === null ? null : Number(r.anchor_status),
    animation_url: (r.animation_url as string | null) ?? null,
    anchor_flv_url: (r.anchor_flv_url as string | null) ?? null,
    marketCount: Number(r.market_count),
  };
}

export const teamsOf = (list: Array<{ matchId: number; homeName: string; visitName: string }>): Map<number, Teams> =>
  new Map(list.map((m) => [m.matchId, { homeName: m.homeName, visitName: m.visitName }]));

/** A page of matches with their main lines, and how many match the filter. */
export async function listMatches(
  db: DbOrTx,
  filter: MatchFilter,
  page: { page: number; size: number; order: MatchOrder },
  ctx: { currency: string; venues: SportsVenue[] },
): Promise<{ list: MatchSummary[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.execute(sql`${SELECT} ${where(filter)} ${ORDER[page.order]} LIMIT ${page.size} OFFSET ${(page.page - 1) * page.size}`),
    db.execute(sql`SELECT count(*)::int AS n FROM sports_matches x ${where(filter)}`),
  ]);
  const summaries = (rows.rows as Row[]).map((r) => toSummary(r, ctx.venues));
  const markets = await loadMarkets(db, teamsOf(summaries), ctx.currency, LIST_MARKETS);
  const list = summaries.map((m) => ({ ...m, mainMarkets: mainMarkets(markets.get(m.matchId) ?? []) }));
  return { list, total: Number((count.rows[0] as { n: unknown }).n) };
}

/** Several matches by id, whatever their state (those that exist), in no particular order. */
export async function findMatches(db: DbOrTx, matchIds: number[], venues: SportsVenue[]): Promise<Match[]> {
  if (matchIds.length === 0) return [];
  const { rows } = await db.execute(sql`${SELECT} WHERE x.match_id IN ${inList(matchIds)}`);
  return (rows as Row[]).map((r) => toSummary(r, venues));
}

/** One match, whatever its state, or null. */
export async function findMatch(db: DbOrTx, matchId: number, venues: SportsVenue[]): Promise<Omit<MatchSummary, 'mainMarkets'> | null> {
  const { rows } = await db.execute(sql`${SELECT} WHERE x.match_id = ${matchId}`);
  return rows.length ? toSummary(rows[0] as Row, venues) : null;
}

/** Finished matches, latest first (the news module's results, tables and form); `leagueId` narrows them. */
export async function finishedMatches(db: DbOrTx, filter: { sport: Sport; leagueId?: number; limit: number }, venues: SportsVenue[]): Promise<Match[]> {
  const league = filter.leagueId ? sql`AND x.league_id = ${filter.leagueId}` : sql``;
  const { rows } = await db.execute(
    sql`${SELECT} WHERE x.status = 'finished' AND x.sport = ${filter.sport} ${league} ORDER BY x.start_at DESC, x.match_id DESC LIMIT ${filter.limit}`,
  );
  return (rows as Row[]).map((r) => toSummary(r, venues));
}

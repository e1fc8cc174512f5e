import type { Sport } from '@bp/contract';
import type { FeedAdapter, FeedEvent, FeedView, OpenMatch } from './adapter.ts';
import { CATALOGUE, animationUrl, leagueLogo, teamLogo, teamRef, type LeagueDef } from './catalogue.ts';
import { football } from './sims/football.ts';
import { basketball } from './sims/basketball.ts';
import { esports } from './sims/esports.ts';
import type { SportSim } from './sims/sim.ts';

type AnySim = SportSim<{ t: number }>;

const simOf = (league: LeagueDef): AnySim =>
  (league.sport === 'football' ? football : league.sport === 'basketball' ? basketball : esports(league.bestOf ?? 3)) as unknown as AnySim;

const REF_PREFIX = 'sim:';

/** Feed minutes a whole match takes, breaks included (a first fixture may already be under way). */
const MATCH_MINUTES: Record<Sport, number> = { football: 105, basketball: 70, esports: 110 };

/**
 * The built-in odds feed: a schedule of the catalogue's leagues, pre-match prices from the teams'
 * ratings, and live play (Poisson goals, scoring plays, maps) with prices that move with the
 * score and the clock. Time runs `view.speed` times faster than real time (FEED_SPEED).
 */
export function builtInFeed(catalogue: LeagueDef[] = CATALOGUE, random: () => number = Math.random): FeedAdapter {
  const leagues = new Map(catalogue.map((l) => [l.leagueId, l]));
  return {
    name: 'built-in',
    async pull(view) {
      const events = catalogue.flatMap((league) => schedule(league, view, random));
      for (const match of view.matches) {
        const league = leagues.get(match.leagueId);
        // Only matches this feed scheduled carry its memory; others belong to another source.
        if (league && match.ref.startsWith(REF_PREFIX)) events.push(...play(simOf(league), match, view));
      }
      return events;
    },
  };
}

/** Keeps `league.open` matches on the board, spaced `gapMinutes` apart, between free teams. */
function schedule(league: LeagueDef, view: FeedView, random: () => number): FeedEvent[] {
  const open = view.matches.filter((m) => m.leagueId === league.leagueId);
  const busy = new Set(open.flatMap((m) => [m.homeRef, m.visitRef]));
  const feedMs = (minutes: number) => (minutes * 60_000) / view.speed;
  let last = open.length ? Math.max(...open.map((m) => m.startAt)) : null;
  const events: FeedEvent[] = [];
  for (let n = open.length; n < league.open; n++) {
    const free = league.teams.filter((t) => !busy.has(teamRef(league, t)));
    if (free.length < 2) break;
    const home = free.splice(Math.floor(random() * free.length), 1)[0];
    const visit = free[Math.floor(random() * free.length)];
    busy.add(teamRef(league, home)).add(teamRef(league, visit));
    const [lo, hi] = league.gapMinutes;
    // A league with nothing on the board starts with a match already under way.
    let startAt =
      last === null ? view.now - feedMs(random() * MATCH_MINUTES[league.sport] * 0.6) : Math.max(last, view.now) + feedMs(lo + random() * (hi - lo));
    // At real speed, starts fall on the five minutes like a real schedule.
    startAt = view.speed === 1 && last !== null ? Math.ceil(startAt / 300_000) * 300_000 : Math.round(startAt);
    last = startAt;
    const ref = `${REF_PREFIX}${league.leagueId}:${startAt}:${home.ref}:${visit.ref}`;
    const memory = simOf(league).init(home.rating, visit.rating);
    const withMedia = league.sport !== 'esports' && league.hot >= 80;
    events.push(
      {
        type: 'fixture',
        ref,
        league: {
          leagueId: league.leagueId,
          sport: league.sport,
          name: league.name,
          region: league.region,
          logo: leagueLogo(league),
          matchClass: league.matchClass,
          venueCode: league.venueCode,
          hot: league.hot,
          sort: catalogueSort(league),
        },
        home: { ref: teamRef(league, home), name: home.name, logo: teamLogo(league, home) },
        visit: { ref: teamRef(league, visit), name: visit.name, logo: teamLogo(league, visit) },
        startAt,
        media: withMedia ? { anchorStatus: null, animationUrl: animationUrl(league.sport), anchorFlvUrl: null } : null,
        memory,
      },
      { type: 'prices', ref, markets: simOf(league).markets(memory, { home: 0, visit: 0 }, false) },
    );
  }
  return events;
}

const catalogueSort = (league: LeagueDef) => 1000 - league.hot;

/** Plays a match from where its memory stopped to now. */
function play(sim: AnySim, match: OpenMatch, view: FeedView): FeedEvent[] {
  const t = ((view.now - match.startAt) / 1000) * view.speed;
  if (t < 0) return [];
  const mem = match.memory as { t: number };
  const step = sim.advance(mem, t, { home: match.homeScore, visit: match.visitScore });
  const state: FeedEvent = {
    type: 'state',
    ref: match.ref,
    status: 'live',
    period: step.period,
    clockSec: step.clock,
    homeScore: step.score.home,
    visitScore: step.score.visit,
    scorer: step.scorer,
    memory: step.mem,
  };
  if (step.result) return [state, { type: 'result', ref: match.ref, result: step.result, period: 'FT' }];
  return [state, { type: 'prices', ref: match.ref, markets: sim.markets(step.mem, step.score, step.suspended) }];
}

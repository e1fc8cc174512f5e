import type { FeedMarket } from '../adapter.ts';
import { evenLine, linesBetween, market, poissonDraw, poissonPmf, priceMarket, type Scenario } from '../pricing.ts';
import { overlap, type Score, type SportSim, type Step } from './sim.ts';

/** Two halves of 45 minutes with a 15-minute break: feed seconds since kick-off. */
const HALF = 2700;
const SECOND_HALF_START = 3600;
const END = 6300;
const PLAY = 5400;
/** Markets stay suspended this long (feed seconds) after a goal. */
const GOAL_SUSPENSION = 60;
const MAX_GOALS = 10;

export interface FootballMemory {
  t: number;
  /** Expected goals of each side over a whole match. */
  lambdaHome: number;
  lambdaVisit: number;
  ahLines: number[];
  ouLines: number[];
  suspendUntil: number;
}

const playedBetween = (a: number, b: number) => overlap(a, b, 0, HALF) + overlap(a, b, SECOND_HALF_START, END);

function periodAt(t: number): { period: string; clock: number } {
  if (t < HALF) return { period: '1H', clock: Math.floor(t) };
  if (t < SECOND_HALF_START) return { period: 'HT', clock: HALF };
  if (t < END) return { period: '2H', clock: Math.floor(t - (SECOND_HALF_START - HALF)) };
  return { period: 'FT', clock: PLAY };
}

/** Final scores from the current one plus Poisson goals in the time left. */
function scenarios(mem: FootballMemory, score: Score): Scenario[] {
  const left = (PLAY - playedBetween(0, Math.min(mem.t, END))) / PLAY;
  const home = poissonPmf(mem.lambdaHome * left, MAX_GOALS);
  const visit = poissonPmf(mem.lambdaVisit * left, MAX_GOALS);
  const out: Scenario[] = [];
  for (let i = 0; i <= MAX_GOALS; i++) {
    for (let j = 0; j <= MAX_GOALS; j++) {
      const p = home[i] * visit[j];
      if (p > 1e-7) out.push({ p, result: { homeScore: score.home + i, visitScore: score.visit + j } });
    }
  }
  return out;
}

export const football: SportSim<FootballMemory> = {
  init(homeRating, visitRating) {
    const edge = (homeRating - visitRating) / 40;
    const mem: FootballMemory = {
      t: 0,
      lambdaHome: 1.45 * Math.exp(edge),
      lambdaVisit: 1.15 * Math.exp(-edge),
      ahLines: [],
      ouLines: [],
      suspendUntil: 0,
    };
    const all = scenarios(mem, { home: 0, visit: 0 });
    const ah = evenLine('ah', linesBetween(-3, 3, 0.25), all, 'home');
    const ou = evenLine('ou', linesBetween(1.5, 4.5, 0.25), all, 'over');
    mem.ahLines = [ah - 0.25, ah, ah + 0.25];
    mem.ouLines = [ou - 0.25, ou, ou + 0.25];
    return mem;
  },

  advance(mem, toT, score, random = Math.random): Step<FootballMemory> {
    const to = Math.min(toT, END);
    const played = playedBetween(mem.t, to);
    const homeGoals = poissonDraw((mem.lambdaHome * played) / PLAY, random);
    const visitGoals = poissonDraw((mem.lambdaVisit * played) / PLAY, random);
    const next = { home: score.home + homeGoals, visit: score.visit + visitGoals };
    const scored = homeGoals + visitGoals > 0;
    const suspendUntil = scored ? to + GOAL_SUSPENSION : mem.suspendUntil;
    const finished = toT >= END;
    return {
      mem: { ...mem, t: to, suspendUntil },
      score: next,
      scorer: visitGoals > 0 ? 'visit' : homeGoals > 0 ? 'home' : null,
      ...periodAt(to),
      suspended: scored || to < suspendUntil,
      result: finished ? { homeScore: next.home, visitScore: next.visit } : null,
    };
  },

  markets(mem, score, suspended): FeedMarket[] {
    const all = scenarios(mem, score);
    const status = suspended ? 'suspended' : 'open';
    return [
      market('1x2'),
      ...mem.ahLines.map((line) => market('ah', line)),
      ...mem.ouLines.map((line) => market('ou', line)),
      market('btts'),
      market('cs'),
    ].map((spec) => priceMarket(spec, all, status));
  },
};

import type { FeedMarket } from '../adapter.ts';
import { market, normalPmf, poissonDraw, priceMarket, type Scenario } from '../pricing.ts';
import { overlap, type Score, type SportSim, type Step } from './sim.ts';

/** Four 12-minute quarters, 2-minute breaks, a 15-minute half time; 5-minute overtimes until someone leads. */
const QUARTER = 720;
const OVERTIME = 300;
const SHORT_BREAK = 120;
const HALF_TIME = 900;
const REGULATION = 4 * QUARTER;
/** Spread of the final margin and total over a whole game. */
const MARGIN_SD = 12;
const TOTAL_SD = 18;
/** Average points of one scoring play (free throws, twos and threes). */
const POINTS = [1, 2, 2, 2, 2, 3, 3, 2, 2, 1];
const POINTS_PER_PLAY = POINTS.reduce((a, b) => a + b) / POINTS.length;

export interface BasketballMemory {
  t: number;
  /** Expected final margin (home minus visit) and total over regulation. */
  margin: number;
  total: number;
  overtimes: number;
  spreadLines: number[];
  totalLines: number[];
}

interface Segment {
  period: string;
  start: number;
  end: number;
  play: boolean;
  /** Playing seconds before this segment. */
  before: number;
}

function segments(overtimes: number): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  let played = 0;
  const add = (period: string, length: number, play: boolean) => {
    out.push({ period, start: at, end: at + length, play, before: played });
    at += length;
    if (play) played += length;
  };
  add('Q1', QUARTER, true);
  add('Q1', SHORT_BREAK, false);
  add('Q2', QUARTER, true);
  add('HT', HALF_TIME, false);
  add('Q3', QUARTER, true);
  add('Q3', SHORT_BREAK, false);
  add('Q4', QUARTER, true);
  for (let i = 1; i <= overtimes; i++) {
    add('OT', SHORT_BREAK, false);
    add('OT', OVERTIME, true);
  }
  return out;
}

const endOf = (overtimes: number) => segments(overtimes).at(-1)!.end;

function playedBetween(a: number, b: number, overtimes: number): number {
  return segments(overtimes).reduce((sum, s) => sum + (s.play ? overlap(a, b, s.start, s.end) : 0), 0);
}

function periodAt(t: number, overtimes: number): { period: string; clock: number } {
  const seg = segments(overtimes).find((s) => t < s.end);
  if (!seg) return { period: 'FT', clock: REGULATION + overtimes * OVERTIME };
  return { period: seg.period, clock: Math.floor(seg.before + (seg.play ? t - seg.start : 0)) };
}

/** How much of a regulation game's scoring is still to come. */
function leftShare(mem: BasketballMemory): number {
  const played = playedBetween(0, mem.t, mem.overtimes);
  const length = REGULATION + mem.overtimes * OVERTIME;
  return Math.max(0, length - played) / REGULATION;
}

/** Margin markets depend on the margin alone and totals on the total alone: one scenario list each. */
function marginScenarios(mem: BasketballMemory, score: Score): Scenario[] {
  const f = leftShare(mem);
  return normalPmf(mem.margin * f, MARGIN_SD * Math.sqrt(f)).map(({ value, p }) => {
    const m = score.home - score.visit + value;
    return { p, result: { homeScore: Math.max(m, 0), visitScore: Math.max(-m, 0) } };
  });
}

function totalScenarios(mem: BasketballMemory, score: Score): Scenario[] {
  const f = leftShare(mem);
  return normalPmf(mem.total * f, TOTAL_SD * Math.sqrt(f)).map(({ value, p }) => ({
    p,
    result: { homeScore: score.home + score.visit + Math.max(value, 0), visitScore: 0 },
  }));
}

const halfLine = (x: number) => Math.floor(x) + 0.5;

export const basketball: SportSim<BasketballMemory> = {
  init(homeRating, visitRating) {
    const margin = (homeRating - visitRating) * 0.6 + 2.5;
    const total = 200 + (homeRating + visitRating - 170) * 0.8;
    const spread = halfLine(-margin);
    const line = halfLine(total);
    return { t: 0, margin, total, overtimes: 0, spreadLines: [spread - 2, spread, spread + 2], totalLines: [line - 4, line, line + 4] };
  },

  advance(mem, toT, score, random = Math.random): Step<BasketballMemory> {
    let overtimes = mem.overtimes;
    let home = score.home;
    let visit = score.visit;
    let t = mem.t;
    let scorer: 'home' | 'visit' | null = null;
    // Play up to the end of regulation (or of an overtime); a tie there adds an overtime.
    for (;;) {
      const end = endOf(overtimes);
      const to = Math.min(toT, end);
      const played = playedBetween(t, to, overtimes);
      const plays = (side: number) => poissonDraw((side * played) / REGULATION / POINTS_PER_PLAY, random);
      const homePlays = plays((mem.total + mem.margin) / 2);
      const visitPlays = plays((mem.total - mem.margin) / 2);
      for (let i = 0; i < homePlays; i++) home += POINTS[Math.floor(random() * POINTS.length)];
      for (let i = 0; i < visitPlays; i++) visit += POINTS[Math.floor(random() * POINTS.length)];
      if (homePlays + visitPlays > 0) scorer = visitPlays > homePlays ? 'visit' : 'home';
      t = to;
      if (toT < end || home !== visit) break;
      overtimes++;
    }
    const done = t >= endOf(overtimes);
    return {
      mem: { ...mem, t, overtimes },
      score: { home, visit },
      scorer,
      ...periodAt(t, overtimes),
      suspended: false,
      result: done ? { homeScore: home, visitScore: visit } : null,
    };
  },

  markets(mem, score, suspended): FeedMarket[] {
    const status = suspended ? 'suspended' : 'open';
    const margins = marginScenarios(mem, score);
    const totals = totalScenarios(mem, score);
    return [
      priceMarket(market('ml'), margins, status),
      ...mem.spreadLines.map((line) => priceMarket(market('spread', line), margins, status)),
      ...mem.totalLines.map((line) => priceMarket(market('total', line), totals, status)),
    ];
  },
};

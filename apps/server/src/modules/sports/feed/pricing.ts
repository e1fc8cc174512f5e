import type { MarketKind } from '@bp/contract';
import { gradeLeg, type MatchResult } from '../markets/grade.ts';
import { MAIN_MARKETS, selectionCodes, type MarketSpec } from '../markets/kinds.ts';
import type { FeedMarket } from './adapter.ts';

/** One way the match can still end, with its probability. */
export interface Scenario {
  p: number;
  result: MatchResult;
}

/**
 * The operator's margin: what the book pays back per unit staked on average. Main lines carry a
 * small margin, props (both to score, correct score, single maps) a larger one.
 */
export const PAYBACK = { main: 0.95, props: 0.88 } as const;
export const MAX_ODDS = 150;
/** A selection less likely than this is not offered. */
const MIN_CHANCE = 0.004;

/**
 * Prices every selection of a market from the scenarios, grading each scenario exactly as
 * settlement will (pushes, quarter lines, maps never played): a unit stake returns A*odds + B on
 * average, B being what comes back as refunds. The margin applies to the part at risk (1 - B), so
 * the price is payback * (1 - B) / A, rounded down to 0.01. A selection that can no longer lose
 * decides the market: it closes for good; one merely too likely to price suspends it.
 */
export function priceMarket(spec: MarketSpec, scenarios: Scenario[], status: 'open' | 'suspended'): FeedMarket {
  const total = scenarios.reduce((sum, s) => sum + s.p, 0) || 1;
  const payback = MAIN_MARKETS.has(spec.kind) ? PAYBACK.main : PAYBACK.props;
  let decided = false;
  const selections = selectionCodes(spec.kind).map((code) => {
    let a = 0;
    let b = 0;
    for (const s of scenarios) {
      const p = s.p / total;
      const outcome = gradeLeg(spec, code, s.result);
      if (outcome === 'won') a += p;
      else if (outcome === 'half_won') {
        a += p / 2;
        b += p / 2;
      } else if (outcome === 'void') b += p;
      else if (outcome === 'half_lost') b += p / 2;
    }
    if (a + b > 1 - 1e-9) decided = true;
    const atRisk = 1 - b;
    if (atRisk < 1e-9 || a / atRisk < MIN_CHANCE) return { code, odds: null };
    const odds = Math.floor(((payback * atRisk) / a) * 100) / 100;
    return { code, odds: odds >= 1.01 ? Math.min(odds, MAX_ODDS) : null };
  });
  const priced = selections.filter((s) => s.odds !== null).length;
  return { ...spec, status: decided ? 'closed' : priced >= 2 ? status : 'suspended', selections };
}

export const market = (kind: MarketKind, line: number | null = null, mapNo: number | null = null): MarketSpec => ({ kind, line, mapNo });

/** The line, from `candidates`, on which the home side (or over) is nearest an even chance. */
export function evenLine(kind: MarketKind, candidates: number[], scenarios: Scenario[], code: string): number {
  let best = candidates[0];
  let bestGap = Infinity;
  for (const line of candidates) {
    let gap = 0;
    for (const s of scenarios) {
      const o = gradeLeg({ kind, line, mapNo: null }, code, s.result);
      gap += s.p * (o === 'won' ? 1 : o === 'half_won' ? 0.5 : o === 'lost' ? -1 : o === 'half_lost' ? -0.5 : 0);
    }
    if (Math.abs(gap) < bestGap) {
      best = line;
      bestGap = Math.abs(gap);
    }
  }
  return best;
}

/** Lines from `from` to `to` in steps of `step`. */
export const linesBetween = (from: number, to: number, step: number): number[] =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => Math.round((from + i * step) * 100) / 100);

/** Poisson probabilities of 0..max events with mean `mean`. */
export function poissonPmf(mean: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-mean);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p *= mean / (k + 1);
  }
  return out;
}

/** A Poisson draw (Knuth), for small means. */
export function poissonDraw(mean: number, random: () => number = Math.random): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k++;
    p *= random();
  }
  return k;
}

/** Probabilities of the integers around a normal distribution, out to 4 deviations. */
export function normalPmf(mean: number, sd: number): Array<{ value: number; p: number }> {
  const s = Math.max(sd, 0.5);
  const out: Array<{ value: number; p: number }> = [];
  for (let v = Math.floor(mean - 4 * s); v <= Math.ceil(mean + 4 * s); v++) {
    out.push({ value: v, p: Math.exp(-((v - mean) ** 2) / (2 * s * s)) });
  }
  return out;
}

import { hasAtMostTwoDecimals } from '@bp/contract';
import { z } from 'zod';
import { modeOf, needsOddsConfirm, parlayProblem, singleStake, stakedSingles, stakeKey, type Slip, type SlipLeg, type SlipStakes } from './slip.ts';
import { potentialReturn } from './odds.ts';

/**
 * Stakes checked as the member types (seed 5: amounts have at most 2 decimals, never rounded),
 * against the market's limits and the balance. Each problem names an i18n key under
 * `sports.stake.` and the figure it quotes.
 */
export type StakeProblem =
  | { key: 'empty' }
  | { key: 'format' }
  | { key: 'decimals' }
  | { key: 'belowMin'; value: number }
  | { key: 'aboveMax'; value: number }
  | { key: 'balance'; value: number }
  | { key: 'payout'; value: number };

export interface StakeLimits {
  min: number;
  max: number;
}

const NUMBER = /^\d+(\.\d*)?$/;

/** What the member may type into a stake box: digits and one point, nothing else. */
export const cleanStakeInput = (text: string): string => {
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot < 0 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
};

/** The problem with one typed stake, or null. `balance` is null for a visitor (checked at login). */
export function stakeProblem(text: string, limits: StakeLimits, balance: number | null): StakeProblem | null {
  if (text === '') return { key: 'empty' };
  if (!NUMBER.test(text) || !(Number(text) > 0)) return { key: 'format' };
  const value = Number(text);
  if (!hasAtMostTwoDecimals(value) || /\.\d{3,}/.test(text)) return { key: 'decimals' };
  if (value < limits.min) return { key: 'belowMin', value: limits.min };
  if (value > limits.max) return { key: 'aboveMax', value: limits.max };
  if (balance !== null && value > balance) return { key: 'balance', value: balance };
  return null;
}

/** A single is held to its market's limits; a parlay to the strictest of its legs. */
export function limitsOf(legs: SlipLeg[]): StakeLimits {
  return { min: Math.max(...legs.map((l) => l.minStake)), max: Math.min(...legs.map((l) => l.maxStake)) };
}

/** The stakes the slip bets now: every typed single, or the parlay's. */
const betTexts = (slip: Slip, stakes: SlipStakes): string[] => (modeOf(slip) === 'parlay' ? [stakes.parlay] : slip.legs.map((l) => singleStake(stakes, l)));

/** What the slip stakes in all (every typed single, or the parlay). */
export function totalStake(slip: Slip, stakes: SlipStakes): number {
  const cents = betTexts(slip, stakes).reduce((sum, t) => sum + (NUMBER.test(t) ? Math.round(Number(t) * 100) : 0), 0);
  return cents / 100;
}

/** What the slip returns if everything wins (each single on its own, or the parlay). */
export function slipReturn(slip: Slip, stakes: SlipStakes): number {
  if (modeOf(slip) === 'parlay')
    return potentialReturn(
      Number(stakes.parlay) || 0,
      slip.legs.map((l) => l.odds),
    );
  const cents = slip.legs.reduce((sum, l) => sum + Math.round(potentialReturn(Number(singleStake(stakes, l)) || 0, [l.odds]) * 100), 0);
  return cents / 100;
}

/**
 * Every problem of the typed stakes, keyed `parlay` or by the single's `stakeKey`: each stake
 * against its limits and the balance, singles also together against the balance, every bet
 * against the site's largest payout. A stake not typed yet is no problem here (`whyNotPlace`
 * asks for it).
 */
export function slipStakeProblems(slip: Slip, stakes: SlipStakes, balance: number | null, maxPayout: number): Map<string, StakeProblem> {
  const out = new Map<string, StakeProblem>();
  if (slip.legs.length === 0) return out;
  if (modeOf(slip) === 'parlay') {
    const problem = stakes.parlay === '' ? null : stakeProblem(stakes.parlay, limitsOf(slip.legs), balance);
    const payout = potentialReturn(
      Number(stakes.parlay) || 0,
      slip.legs.map((l) => l.odds),
    );
    if (problem) out.set('parlay', problem);
    else if (payout > maxPayout) out.set('parlay', { key: 'payout', value: maxPayout });
    return out;
  }
  let left = balance;
  for (const leg of stakedSingles(slip, stakes)) {
    const text = singleStake(stakes, leg);
    const problem = stakeProblem(text, limitsOf([leg]), left);
    if (problem) {
      out.set(stakeKey(leg), problem);
      continue;
    }
    if (potentialReturn(Number(text), [leg.odds]) > maxPayout) out.set(stakeKey(leg), { key: 'payout', value: maxPayout });
    if (left !== null) left = Math.round((left - Number(text)) * 100) / 100;
  }
  return out;
}

/**
 * The stakes form's schema: each problem of `slipStakeProblems` under its box, worded by `say`,
 * so the boxes say what is wrong as the member types and the form is not sent while any does.
 */
export const stakesSchema = (slip: Slip, balance: number | null, maxPayout: number, say: (problem: StakeProblem) => string) =>
  z.object({ parlay: z.string(), singles: z.custom<SlipStakes['singles']>() }).superRefine((stakes, ctx) => {
    for (const [key, problem] of slipStakeProblems(slip, stakes, balance, maxPayout)) {
      ctx.addIssue({ code: 'custom', path: key === 'parlay' ? ['parlay'] : ['singles', key], message: say(problem) });
    }
  });

/**
 * Why the slip cannot be placed yet (an i18n key under `sports.slip.`), or null when it can;
 * `badStake`: some typed stake breaks its rules.
 */
export function whyNotPlace(slip: Slip, stakes: SlipStakes, badStake: boolean): string | null {
  if (slip.legs.length === 0) return 'empty';
  const parlay = modeOf(slip) === 'parlay';
  const problem = parlay ? parlayProblem(slip.legs) : null;
  if (problem) return problem;
  const betting = parlay ? slip.legs : stakedSingles(slip, stakes);
  if (betting.length === 0) return 'noStake';
  if (betting.some((l) => l.status !== 'open')) return 'blocked';
  if (parlay && stakes.parlay === '') return 'noStake';
  if (badStake) return 'stake';
  if (needsOddsConfirm(slip)) return 'confirmOdds';
  return null;
}

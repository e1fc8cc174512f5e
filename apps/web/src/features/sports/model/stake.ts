import { hasAtMostTwoDecimals } from '@bp/contract';
import { modeOf, needsOddsConfirm, parlayProblem, type Slip, type SlipLeg } from './slip.ts';
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

/** What the slip stakes in all (every typed single, or the parlay). */
export function totalStake(slip: Slip): number {
  const texts = modeOf(slip) === 'parlay' ? [slip.parlayStake] : slip.legs.map((l) => slip.stakes[l.selectionId] ?? '');
  const cents = texts.reduce((sum, t) => sum + (NUMBER.test(t) ? Math.round(Number(t) * 100) : 0), 0);
  return cents / 100;
}

/** What the slip returns if everything wins (each single on its own, or the parlay). */
export function slipReturn(slip: Slip): number {
  if (modeOf(slip) === 'parlay')
    return potentialReturn(
      Number(slip.parlayStake) || 0,
      slip.legs.map((l) => l.odds),
    );
  const cents = slip.legs.reduce((sum, l) => sum + Math.round(potentialReturn(Number(slip.stakes[l.selectionId]) || 0, [l.odds]) * 100), 0);
  return cents / 100;
}

/**
 * Every stake problem of the slip, keyed by selection id for singles and `parlay` for the parlay;
 * singles are also held together to the balance, every bet to the site's largest payout.
 */
export function slipStakeProblems(slip: Slip, balance: number | null, maxPayout: number): Map<number | 'parlay', StakeProblem> {
  const out = new Map<number | 'parlay', StakeProblem>();
  if (slip.legs.length === 0) return out;
  if (modeOf(slip) === 'parlay') {
    const problem = stakeProblem(slip.parlayStake, limitsOf(slip.legs), balance);
    const payout = potentialReturn(
      Number(slip.parlayStake) || 0,
      slip.legs.map((l) => l.odds),
    );
    if (problem) out.set('parlay', problem);
    else if (payout > maxPayout) out.set('parlay', { key: 'payout', value: maxPayout });
    return out;
  }
  let left = balance;
  for (const leg of slip.legs) {
    const text = slip.stakes[leg.selectionId] ?? '';
    const problem = stakeProblem(text, limitsOf([leg]), left);
    if (problem) {
      out.set(leg.selectionId, problem);
      continue;
    }
    if (potentialReturn(Number(text), [leg.odds]) > maxPayout) out.set(leg.selectionId, { key: 'payout', value: maxPayout });
    if (left !== null) left = Math.round((left - Number(text)) * 100) / 100;
  }
  return out;
}

/** Why the slip cannot be placed yet (an i18n key under `sports.slip.`), or null when it can. */
export function whyNotPlace(slip: Slip, problems: Map<number | 'parlay', StakeProblem>): string | null {
  if (slip.legs.length === 0) return 'empty';
  const parlay = modeOf(slip) === 'parlay';
  const betting = parlay ? slip.legs : slip.legs.filter((l) => (slip.stakes[l.selectionId] ?? '') !== '');
  if (parlay) {
    const problem = parlayProblem(slip.legs);
    if (problem) return problem;
  }
  if (betting.length === 0) return 'noStake';
  if (betting.some((l) => l.status !== 'open')) return 'blocked';
  const real = [...problems.values()].filter((p) => p.key !== 'empty' || parlay);
  if (real.length > 0) return real[0].key === 'empty' ? 'noStake' : 'stake';
  if (needsOddsConfirm(slip)) return 'confirmOdds';
  return null;
}

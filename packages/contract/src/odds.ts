import type { LegOutcome } from './sports.ts';

/**
 * The book's odds arithmetic, one copy for the server (which writes bets with it) and the site
 * (whose slip shows the same return before the bet is placed). Decimal odds travel as numbers
 * with 2 decimals and are computed as integer hundredths, money as integer minor units, every
 * result rounded down.
 */
export const oddsToX100 = (odds: number): number => Math.round(odds * 100);
export const oddsFromX100 = (x100: number | bigint): number => Number(x100) / 100;

/** What one unit staked on a leg returns, as a fraction: a void leg counts at odds 1. */
function legFactor(outcome: LegOutcome, oddsX100: bigint): [bigint, bigint] {
  switch (outcome) {
    case 'won':
      return [oddsX100, 100n];
    case 'half_won':
      return [oddsX100 + 100n, 200n];
    case 'void':
      return [1n, 1n];
    case 'half_lost':
      return [1n, 2n];
    case 'lost':
      return [0n, 1n];
  }
}

/** The payout of a bet from its legs' outcomes, rounded down to the minor unit. */
export function betPayoutMinor(stakeMinor: bigint, legs: Array<{ outcome: LegOutcome; oddsX100: number }>): bigint {
  let num = stakeMinor;
  let den = 1n;
  for (const leg of legs) {
    const [n, d] = legFactor(leg.outcome, BigInt(leg.oddsX100));
    num *= n;
    den *= d;
  }
  return num / den;
}

/** A parlay's price: the product of its legs' prices, in hundredths, rounded down. */
export function combinedOddsX100(legOdds: number[]): bigint {
  let num = 1n;
  let den = 1n;
  for (const o of legOdds) {
    num *= BigInt(o);
    den *= 100n;
  }
  return (num * 100n) / den;
}

/** Stake times the exact product of the legs' prices (in hundredths), rounded down. */
export function potentialReturnMinor(stakeMinor: bigint, legOdds: number[]): bigint {
  return betPayoutMinor(
    stakeMinor,
    legOdds.map((oddsX100) => ({ outcome: 'won' as const, oddsX100 })),
  );
}

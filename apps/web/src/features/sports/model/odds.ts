/**
 * Decimal odds as the book prices them: 2 decimals, stake included (1.85 returns 1.85 per 1
 * staked). The arithmetic is the server's own (integer hundredths and minor units, rounded down),
 * so the return a member reads in the slip is the return the bet is written with.
 */

export const formatOdds = (odds: number): string => odds.toFixed(2);

const x100 = (odds: number): bigint => BigInt(Math.round(odds * 100));
const minor = (amount: number): bigint => BigInt(Math.round(amount * 100));

/** A parlay's price: the product of its legs' prices in hundredths, rounded down. */
export function parlayOdds(legOdds: number[]): number {
  let num = 1n;
  let den = 1n;
  for (const o of legOdds) {
    num *= x100(o);
    den *= 100n;
  }
  return Number((num * 100n) / den) / 100;
}

/** What a stake returns if every leg wins: stake times the exact product of prices, rounded down to a cent. */
export function potentialReturn(stake: number, legOdds: number[]): number {
  if (!(stake > 0) || legOdds.length === 0) return 0;
  let num = minor(stake);
  let den = 1n;
  for (const o of legOdds) {
    num *= x100(o);
    den *= 100n;
  }
  return Number(num / den) / 100;
}

export type OddsMove = 'up' | 'down' | null;

/** Which way a price went: up is better for the member (shown green), down worse (red). */
export function oddsMove(before: number | null | undefined, after: number): OddsMove {
  if (before === null || before === undefined || before === after) return null;
  return after > before ? 'up' : 'down';
}

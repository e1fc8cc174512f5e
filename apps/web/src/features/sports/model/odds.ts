import { combinedOddsX100, fromMinor, oddsFromX100, oddsToX100, potentialReturnMinor, toMinor } from '@bp/contract';

/**
 * Decimal odds as the book prices them: 2 decimals, stake included (1.85 returns 1.85 per 1
 * staked). The arithmetic is the contract's, the one the server writes bets with, so the return
 * a member reads in the slip is the return the bet is written with.
 */

export const formatOdds = (odds: number): string => odds.toFixed(2);

/** A parlay's price: the product of its legs' prices in hundredths, rounded down. */
export const parlayOdds = (legOdds: number[]): number => oddsFromX100(combinedOddsX100(legOdds.map(oddsToX100)));

/** What a stake returns if every leg wins: stake times the exact product of prices, rounded down to a cent. */
export function potentialReturn(stake: number, legOdds: number[]): number {
  if (!(stake > 0) || legOdds.length === 0) return 0;
  return fromMinor(potentialReturnMinor(toMinor(stake), legOdds.map(oddsToX100)));
}

export type OddsMove = 'up' | 'down' | null;

/** Which way a price went: up is better for the member, down worse (shown red and green, the mainland way). */
export function oddsMove(before: number | null | undefined, after: number): OddsMove {
  if (before === null || before === undefined || before === after) return null;
  return after > before ? 'up' : 'down';
}

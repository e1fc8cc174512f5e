import { randomInt } from 'node:crypto';

/**
 * The sandbox slot's random outcome. Each roll of 0..9999 lands on one line of the pay table (a
 * weight out of 10,000, a multiplier in tenths, the symbol shown three times); the rest loses.
 * The stated return to player is what the table pays on average: sum(weight x multiplier).
 */
export const PAY_TABLE = [
  { weight: 10, tenths: 500, symbol: '7' },
  { weight: 100, tenths: 100, symbol: '福' },
  { weight: 300, tenths: 50, symbol: '金' },
  { weight: 2200, tenths: 20, symbol: '铃' },
  { weight: 1700, tenths: 10, symbol: '桃' },
  { weight: 1000, tenths: 5, symbol: '钱' },
] as const;
export const ROLLS = 10_000;
const SYMBOLS = PAY_TABLE.map((line) => line.symbol);

/** The return to player the table pays: 0.96. */
export const RETURN_TO_PLAYER = PAY_TABLE.reduce((sum, l) => sum + l.weight * l.tenths, 0) / 10 / ROLLS;

export interface SlotOutcome {
  symbols: [string, string, string];
  /** Payout per unit staked, in tenths (20 pays twice the stake). */
  tenths: number;
}

/** The outcome of one roll; `pick` chooses the symbols a losing line shows. */
export function outcomeOf(roll: number, pick: (n: number) => number = randomInt): SlotOutcome {
  let floor = 0;
  for (const line of PAY_TABLE) {
    floor += line.weight;
    if (roll < floor) return { symbols: [line.symbol, line.symbol, line.symbol], tenths: line.tenths };
  }
  // A losing line: the first two reels differ, so it never reads as three of a kind.
  const first = pick(SYMBOLS.length);
  const second = (first + 1 + pick(SYMBOLS.length - 1)) % SYMBOLS.length;
  return { symbols: [SYMBOLS[first], SYMBOLS[second], SYMBOLS[pick(SYMBOLS.length)]], tenths: 0 };
}

export const spinSlot = (): SlotOutcome => outcomeOf(randomInt(ROLLS));

/** What a stake pays back on an outcome, rounded down to the minor unit. */
export const payoutOf = (stakeMinor: bigint, outcome: SlotOutcome): bigint => (stakeMinor * BigInt(outcome.tenths)) / 10n;

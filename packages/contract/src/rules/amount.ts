import { RuleMessages } from './messages.ts';

/** The largest amount whose minor units stay exact in a double. */
export const MAX_AMOUNT = Math.floor(Number.MAX_SAFE_INTEGER / 100);

/**
 * Whether a number has at most 2 decimals. JSON numbers print back as the shortest text that
 * parses to the same double, so `12.34` stays "12.34" while `12.345` or `1e-7` show their extra
 * digits: the check is exact for what the client sent, with no floating-point tolerance.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && /^-?\d+(\.\d{1,2})?$/.test(String(value));
}

/**
 * Seed 5 and DESIGN "Money": an amount is a positive number with at most 2 decimals; more
 * decimals are an error, never a rounding. Returns the message when broken, else null.
 */
export function checkAmount(value: number): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return RuleMessages.amountPositive;
  if (!hasAtMostTwoDecimals(value)) return RuleMessages.amountDecimals;
  if (value > MAX_AMOUNT) return RuleMessages.amountTooLarge;
  return null;
}

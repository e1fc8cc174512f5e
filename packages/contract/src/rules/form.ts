import { RuleMessages } from './messages.ts';

/** Characters as a person counts them (a Chinese character or an emoji is one). */
export const charCount = (value: string): number => [...value].length;

/**
 * Seed 5: a form's max-length rule answers its message when the value is longer than the maximum,
 * and nothing otherwise (an empty value is another rule's business).
 */
export function maxLengthRule(max: number, message: string = RuleMessages.maxLength(max)) {
  return (value: string | null | undefined): string | null => (value != null && charCount(value) > max ? message : null);
}

/** Seed 5: the excluded-tab parameter keeps tab numbers below 3, at most 3 of them. */
export const EXCLUDED_TAB_LIMIT = 3;

/** `"0,2,7,x,1,1"` -> `[0, 2, 1]`: numeric entries below 3, in order, the first 3 kept. */
export function parseExcludedTabs(param: string | null | undefined): number[] {
  if (!param) return [];
  return param
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part) && Number(part) < EXCLUDED_TAB_LIMIT)
    .map(Number)
    .slice(0, EXCLUDED_TAB_LIMIT);
}

import { checkBankCard, compactCardNum } from '@bp/contract';

/** Bank card numbers have at most 19 digits; the form shows them in groups of 4 as they are typed (seed 9). */
export const CARD_MAX_DIGITS = 19;
/** Most cards have 16 digits or more: before that, an unfinished number is not yet called wrong. */
const CHECK_FROM_DIGITS = 16;

export function typedCardNumber(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, CARD_MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The card number's state while typed: the Luhn and length check of seed 5 speaks once the number
 * could be complete, or when the member leaves the field (`done`).
 */
export function cardNumberProblem(typed: string, done: boolean): string | null {
  const digits = compactCardNum(typed);
  if (digits === '') return null;
  if (!done && digits.length < CHECK_FROM_DIGITS) return null;
  return checkBankCard(digits);
}

/**
 * A bound card as the server answers it (only the last 4 digits, the rest masked) in groups of 4:
 * the masked part collapses to three groups so the last 4 digits stay one group, whatever the length.
 */
export function maskedCardNumber(cardNum: string): string {
  const compact = compactCardNum(cardNum);
  if (!compact.includes('*')) return typedCardNumber(compact);
  return `**** **** **** ${compact.slice(-4)}`;
}

/** An order's destination as the server labels it ("招商银行 ***************0122"): the mask shortened to one group. */
export const shortMasked = (label: string): string => label.replace(/\*{4,}/g, '**** ');

import { describe, expect, it } from 'vitest';
import { RuleMessages, luhnValid } from '@bp/contract';
import { formatCardNumber } from '../../../shared/ui/format.ts';
import { cardNumberProblem, maskedCardNumber, shortMasked, typedCardNumber } from './card-input.ts';

const GOOD = '6217001234567890122'; // 19 digits, Luhn valid
const BAD = '6217001234567890123';
const GOOD16 = '6222020200112230';

describe('bank card numbers as they are typed', () => {
  it('[S9-04] show the digits in groups of 4 while typing, never more than 19 digits, nothing but digits', () => {
    expect(typedCardNumber('62220202')).toBe('6222 0202');
    expect(typedCardNumber('6222-0202 001x1')).toBe('6222 0202 0011');
    expect(typedCardNumber(`${GOOD}999`)).toBe('6217 0012 3456 7890 122');
    // A bound card comes back masked; it shows in the same groups.
    expect(formatCardNumber('************3445')).toBe('**** **** **** 3445');
    // A 19-digit card masked keeps its last 4 digits together.
    expect(maskedCardNumber('***************0122')).toBe('**** **** **** 0122');
    expect(maskedCardNumber('************3445')).toBe('**** **** **** 3445');
    expect(maskedCardNumber(GOOD)).toBe('6217 0012 3456 7890 122');
    expect(shortMasked('招商银行 ***************0122')).toBe('招商银行 **** 0122');
    expect(shortMasked('TRC20 TnQkbw…UR3m')).toBe('TRC20 TnQkbw…UR3m');
  });

  it('[S5-08] check the Luhn digit once the number could be complete, or when the member leaves the field', () => {
    expect(luhnValid(GOOD)).toBe(true);
    expect(cardNumberProblem(typedCardNumber(GOOD), false)).toBeNull();
    expect(cardNumberProblem(typedCardNumber(GOOD16), false)).toBeNull();
    expect(cardNumberProblem(typedCardNumber(BAD), false)).toBe(RuleMessages.bankCard);
    // Still typing a short number: not yet called wrong; leaving it that way is.
    expect(cardNumberProblem('6222 0202', false)).toBeNull();
    expect(cardNumberProblem('6222 0202', true)).toBe(RuleMessages.bankCard);
    expect(cardNumberProblem('', true)).toBeNull();
  });
});

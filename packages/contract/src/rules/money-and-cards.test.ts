import { describe, expect, it } from 'vitest';
import { checkAmount, hasAtMostTwoDecimals, MAX_AMOUNT } from './amount.ts';
import { checkBankCard, luhnValid } from './bank-card.ts';
import { checkWithdrawPassword } from './withdraw-password.ts';
import { RuleMessages } from './messages.ts';
import { Amount, amountSchema, bankCardSchema, withdrawPasswordSchema } from './schemas.ts';
import { toMinor } from '../currency.ts';

describe('withdrawal password', () => {
  it('[S5-06] is exactly 6 digits', () => {
    expect(checkWithdrawPassword('012345')).toBeNull();
    for (const bad of ['12345', '1234567', '12345a', ' 123456', '']) expect(checkWithdrawPassword(bad), bad).toBe(RuleMessages.withdrawPassword);
    expect(withdrawPasswordSchema.safeParse('12a456').error?.issues[0].message).toBe(RuleMessages.withdrawPassword);
  });
});

describe('amounts', () => {
  it('[S5-07] accept positive numbers with at most 2 decimals', () => {
    for (const ok of [1, 0.01, 0.1, 12.34, 100.5, 0.29, 1.15, 99999999.99]) expect(checkAmount(ok), String(ok)).toBeNull();
    // What passes converts to minor units exactly.
    expect(toMinor(0.29)).toBe(29n);
    expect(toMinor(1.15)).toBe(115n);
  });

  it('[S5-07] refuse a third decimal instead of rounding it', () => {
    for (const bad of [0.001, 12.345, 1.005, 0.1 + 0.2, 1e-7]) expect(checkAmount(bad), String(bad)).toBe(RuleMessages.amountDecimals);
    expect(hasAtMostTwoDecimals(10)).toBe(true);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
  });

  it('[S5-07] refuse zero, negatives, non-finite and oversized amounts', () => {
    for (const bad of [0, -1, -0.01, Number.POSITIVE_INFINITY, Number.NaN]) expect(checkAmount(bad), String(bad)).toBe(RuleMessages.amountPositive);
    expect(checkAmount(MAX_AMOUNT + 1)).toBe(RuleMessages.amountTooLarge);
  });

  it('[S5-07] the Amount schema validates without rounding, and takes limits', () => {
    expect(Amount.parse(12.34)).toBe(12.34);
    expect(Amount.safeParse(12.345).error?.issues[0].message).toBe(RuleMessages.amountDecimals);
    expect(Amount.safeParse('12').success).toBe(false);
    const deposit = amountSchema({ min: 100, max: 50000 });
    expect(deposit.safeParse(100).success).toBe(true);
    expect(deposit.safeParse(99.99).error?.issues[0].message).toBe('金额不能低于100');
    expect(deposit.safeParse(50000.01).error?.issues[0].message).toBe('金额不能高于50000');
  });
});

describe('bank cards', () => {
  it('[S5-08] pass the Luhn check', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(checkBankCard('6222 0202 0000 0000 006')).toBeNull();
    expect(checkBankCard('4111111111111111')).toBeNull();
  });

  it('[S5-08] refuse a wrong check digit, letters, or a wrong length', () => {
    for (const bad of ['4111111111111112', '41111111111a1111', '42', '4'.repeat(20), '']) expect(checkBankCard(bad), bad).toBe(RuleMessages.bankCard);
  });

  it('[S5-08] the zod form strips the grouping spaces', () => {
    expect(bankCardSchema.parse('4111 1111 1111 1111')).toBe('4111111111111111');
    expect(bankCardSchema.safeParse('4111 1111 1111 1112').error?.issues[0].message).toBe(RuleMessages.bankCard);
  });
});

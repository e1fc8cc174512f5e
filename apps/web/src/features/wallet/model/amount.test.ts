import { describe, expect, it } from 'vitest';
import { CURRENCIES, RuleMessages } from '@bp/contract';
import { amountProblem, amountToSend, quickPicks, typedAmount } from './amount.ts';

const cny = CURRENCIES.cny;

describe('amounts as the member types them', () => {
  it('[S5-07] keep at most 2 decimals while typing: a third never enters, nor letters or a second point', () => {
    expect(typedAmount('12.345')).toBe('12.34');
    expect(typedAmount('1.2.3')).toBe('1.23');
    expect(typedAmount('abc100元')).toBe('100');
    expect(typedAmount('007')).toBe('7');
    expect(typedAmount('0.5')).toBe('0.5');
    expect(typedAmount('.5')).toBe('0.5');
    expect(typedAmount('10.')).toBe('10.');
    expect(typedAmount('')).toBe('');
  });

  it('[S5-07] say what is wrong against the limits, in the currency table wording, and nothing before typing', () => {
    const limits = { min: 10, max: 50_000 };
    expect(amountProblem('', limits, cny)).toBeNull();
    expect(amountProblem('0', limits, cny)).toBe(RuleMessages.amountPositive);
    expect(amountProblem('9.99', limits, cny)).toBe('单笔最低 ¥10.00');
    expect(amountProblem('50000.01', limits, cny)).toBe('单笔最高 ¥50,000.00');
    expect(amountProblem('10', limits, CURRENCIES.usdt)).toBeNull();
    expect(amountProblem('5', limits, CURRENCIES.usdt)).toBe('单笔最低 ₮10.00');
    expect(amountProblem('50000', limits, cny)).toBeNull();
  });

  it('[S5-07] send only an amount that passes, as a number', () => {
    expect(amountToSend('12.5', { min: 10 }, cny)).toBe(12.5);
    expect(amountToSend('10.', { min: 10 }, cny)).toBe(10);
    expect(amountToSend('9', { min: 10 }, cny)).toBeNull();
    expect(amountToSend('', {}, cny)).toBeNull();
  });

  it('offer round quick picks inside the pay type limits, at most six', () => {
    expect(quickPicks({ min: 10, max: 50_000 })).toEqual([50, 100, 200, 500, 1_000, 2_000]);
    expect(quickPicks({ min: 500, max: 2_000 })).toEqual([500, 1_000, 2_000]);
    expect(quickPicks({ min: 100_001, max: 200_000 })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { percentOf, plainAmount } from './progress.ts';

describe('progress to the next VIP level', () => {
  it('[S7-14] is a whole percent, never below 0 nor past 100; a target of 0 is reached', () => {
    expect(percentOf(240, 5_000)).toBe(4);
    expect(percentOf(4_999, 5_000)).toBe(99);
    expect(percentOf(9_000, 5_000)).toBe(100);
    expect(percentOf(0, 0)).toBe(100);
    expect(percentOf(-5, 100)).toBe(0);
  });
});

describe('amounts in the benefits table', () => {
  it('[S7-14] keep thousands separators and drop cents only when there are none', () => {
    expect(plainAmount(28_888)).toBe('28,888');
    expect(plainAmount(3)).toBe('3');
    expect(plainAmount(14_285.7)).toBe('14,285.70');
  });
});

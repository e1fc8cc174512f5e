import { describe, expect, it } from 'vitest';
import { formatOdds, oddsMove, parlayOdds, potentialReturn } from './odds.ts';

describe('odds and returns', () => {
  it('shows prices with two decimals', () => {
    expect(formatOdds(2)).toBe('2.00');
    expect(formatOdds(1.9)).toBe('1.90');
    expect(formatOdds(12.35)).toBe('12.35');
  });

  it('prices a parlay as the server does: the product in hundredths, rounded down', () => {
    expect(parlayOdds([1.85, 2.1])).toBe(3.88); // 3.885
    expect(parlayOdds([1.33, 1.33, 1.33])).toBe(2.35); // 2.352637
    expect(parlayOdds([2])).toBe(2);
  });

  it('returns the stake times the exact product of prices, rounded down to a cent', () => {
    expect(potentialReturn(100, [1.85])).toBe(185);
    expect(potentialReturn(10, [1.85, 2.1])).toBe(38.85);
    expect(potentialReturn(0.01, [1.99])).toBe(0.01);
    expect(potentialReturn(33.33, [1.33, 1.33, 1.33])).toBe(78.41); // 78.4133...
    expect(potentialReturn(0, [2])).toBe(0);
    expect(potentialReturn(10, [])).toBe(0);
  });

  it('says which way a price moved: up is better for the member', () => {
    expect(oddsMove(1.8, 1.85)).toBe('up');
    expect(oddsMove(1.85, 1.8)).toBe('down');
    expect(oddsMove(1.85, 1.85)).toBeNull();
    expect(oddsMove(undefined, 1.85)).toBeNull();
  });
});

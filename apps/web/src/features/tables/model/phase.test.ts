import { describe, expect, it } from 'vitest';
import type { TableRound } from '@bp/contract';
import { phaseAt, revealTimeOf, roundShown, secondsTo } from './phase.ts';

const round: TableRound = { roundNo: 1, status: 'betting', startsAt: 0, closesAt: 15_000, revealAt: 24_000, endsAt: 30_000, shoeNo: 1, outcome: null };

describe('a round as the table screen shows it', () => {
  it('bets, then the deal, the result, and the next round', () => {
    expect([0, 14_999, 15_000, 23_999, 24_000, 29_999, 30_000].map((t) => phaseAt(round, t))).toEqual([
      'betting',
      'betting',
      'dealing',
      'dealing',
      'result',
      'result',
      'next',
    ]);
    expect(secondsTo(15_000, 10_001)).toBe(5);
    expect(secondsTo(15_000, 16_000)).toBe(0);
  });
  it('turns the cards one by one over the dealing time, the last a beat before it ends', () => {
    expect([0, 1, 2, 3].map((i) => revealTimeOf(round, i, 4))).toEqual([16_800, 18_600, 20_400, 22_200]);
  });
});

describe('the round shown once the one read is over', () => {
  it('is the round the clock has begun since, taking bets', () => {
    const timing = { betMs: 15_000, dealMs: 9_000, resultMs: 6_000 };
    expect(roundShown(round, timing, 29_999)).toBe(round);
    expect(roundShown(round, timing, 30_000)).toMatchObject({
      roundNo: 2,
      status: 'betting',
      startsAt: 30_000,
      closesAt: 45_000,
      endsAt: 60_000,
      outcome: null,
    });
    expect(roundShown(round, timing, 95_000)).toMatchObject({ roundNo: 4, startsAt: 90_000 });
  });
});

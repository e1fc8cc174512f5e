import { describe, expect, it } from 'vitest';
import { betPayoutMinor, combinedOddsX100, potentialReturnMinor, type LegOutcome, type MarketKind } from '@bp/contract';
import { betOutcome, gradeLeg, type MatchResult } from './grade.ts';
import { formatLine } from './kinds.ts';

const r = (homeScore: number, visitScore: number, maps?: Array<'home' | 'visit'>): MatchResult => ({ homeScore, visitScore, maps });
const spec = (kind: MarketKind, line: number | null = null, mapNo: number | null = null) => ({ kind, line, mapNo });

/** [market, selection, result, outcome]: every market kind, every way a leg can end. */
const TABLE: Array<[ReturnType<typeof spec>, string, MatchResult, LegOutcome]> = [
  // 1x2
  [spec('1x2'), 'home', r(2, 1), 'won'],
  [spec('1x2'), 'draw', r(2, 1), 'lost'],
  [spec('1x2'), 'draw', r(1, 1), 'won'],
  [spec('1x2'), 'visit', r(0, 3), 'won'],
  // Asian handicap: whole, half and quarter lines, both sides
  [spec('ah', 0), 'home', r(1, 1), 'void'],
  [spec('ah', 0), 'visit', r(0, 1), 'won'],
  [spec('ah', -0.5), 'home', r(1, 1), 'lost'],
  [spec('ah', -0.5), 'visit', r(1, 1), 'won'],
  [spec('ah', -1), 'home', r(2, 1), 'void'],
  [spec('ah', -1), 'home', r(3, 1), 'won'],
  [spec('ah', -0.25), 'home', r(1, 1), 'half_lost'],
  [spec('ah', -0.25), 'visit', r(1, 1), 'half_won'],
  [spec('ah', -0.25), 'home', r(1, 0), 'won'],
  [spec('ah', -0.75), 'home', r(1, 0), 'half_won'],
  [spec('ah', -0.75), 'visit', r(1, 0), 'half_lost'],
  [spec('ah', -0.75), 'home', r(2, 0), 'won'],
  [spec('ah', -0.75), 'home', r(0, 0), 'lost'],
  [spec('ah', 0.25), 'home', r(0, 0), 'half_won'],
  [spec('ah', 0.25), 'visit', r(0, 0), 'half_lost'],
  [spec('ah', 1.25), 'home', r(0, 1), 'half_won'],
  [spec('ah', 1.25), 'visit', r(0, 1), 'half_lost'],
  [spec('ah', -1.75), 'home', r(2, 0), 'half_won'],
  // over/under, quarter lines included
  [spec('ou', 2.5), 'over', r(2, 1), 'won'],
  [spec('ou', 2.5), 'under', r(2, 1), 'lost'],
  [spec('ou', 3), 'over', r(2, 1), 'void'],
  [spec('ou', 2.25), 'over', r(1, 1), 'half_lost'],
  [spec('ou', 2.25), 'under', r(1, 1), 'half_won'],
  [spec('ou', 2.75), 'over', r(2, 1), 'half_won'],
  [spec('ou', 2.75), 'under', r(2, 1), 'half_lost'],
  [spec('ou', 2.75), 'under', r(1, 0), 'won'],
  // both teams to score
  [spec('btts'), 'yes', r(1, 1), 'won'],
  [spec('btts'), 'no', r(1, 1), 'lost'],
  [spec('btts'), 'no', r(2, 0), 'won'],
  // correct score, 'other' beyond the grid
  [spec('cs'), '2-1', r(2, 1), 'won'],
  [spec('cs'), '1-2', r(2, 1), 'lost'],
  [spec('cs'), 'other', r(4, 1), 'won'],
  [spec('cs'), 'other', r(3, 3), 'lost'],
  // basketball
  [spec('ml'), 'home', r(101, 99), 'won'],
  [spec('ml'), 'visit', r(101, 99), 'lost'],
  [spec('spread', -5.5), 'home', r(110, 104), 'won'],
  [spec('spread', -5.5), 'home', r(110, 105), 'lost'],
  [spec('spread', -5.5), 'visit', r(110, 105), 'won'],
  [spec('spread', -5), 'home', r(110, 105), 'void'],
  [spec('total', 215.5), 'over', r(110, 106), 'won'],
  [spec('total', 215.5), 'under', r(110, 106), 'lost'],
  // esports: series and maps; a map never played is void
  [spec('match_winner'), 'home', r(2, 1, ['home', 'visit', 'home']), 'won'],
  [spec('match_winner'), 'visit', r(2, 1, ['home', 'visit', 'home']), 'lost'],
  [spec('map_winner', null, 2), 'visit', r(2, 1, ['home', 'visit', 'home']), 'won'],
  [spec('map_winner', null, 1), 'visit', r(2, 0, ['home', 'home']), 'lost'],
  [spec('map_winner', null, 3), 'home', r(2, 0, ['home', 'home']), 'void'],
];

describe('settlement table', () => {
  it.each(TABLE)('%o %s on %o is %s', (m, code, result, outcome) => {
    expect(gradeLeg(m, code, result)).toBe(outcome);
  });

  it('voids every leg of a cancelled match', () => {
    for (const [m, code] of TABLE) expect(gradeLeg(m, code, { homeScore: 0, visitScore: 0, cancelled: true })).toBe('void');
  });
});

describe('payouts', () => {
  const stake = 10_000n; // 100.00
  it.each<[LegOutcome, bigint]>([
    ['won', 19_000n],
    ['half_won', 14_500n],
    ['void', 10_000n],
    ['half_lost', 5_000n],
    ['lost', 0n],
  ])('a single at 1.90 %s pays %s', (outcome, payout) => {
    expect(betOutcome('single', stake, [{ outcome, oddsX100: 190 }])).toEqual({ status: outcome, payoutMinor: payout });
  });

  it('counts a void parlay leg at odds 1 and a half-won leg at half its price plus half the stake', () => {
    const legs = [
      { outcome: 'won' as const, oddsX100: 200 },
      { outcome: 'void' as const, oddsX100: 350 },
      { outcome: 'half_won' as const, oddsX100: 190 },
    ];
    // 100 * 2 * 1 * (1 + 1.9) / 2 = 290
    expect(betOutcome('parlay', stake, legs)).toEqual({ status: 'won', payoutMinor: 29_000n });
  });

  it('loses a parlay on any lost leg, voids it when every leg is void, calls it half lost below the stake', () => {
    expect(
      betOutcome('parlay', stake, [
        { outcome: 'won', oddsX100: 300 },
        { outcome: 'lost', oddsX100: 150 },
      ]),
    ).toEqual({ status: 'lost', payoutMinor: 0n });
    expect(
      betOutcome('parlay', stake, [
        { outcome: 'void', oddsX100: 300 },
        { outcome: 'void', oddsX100: 150 },
      ]),
    ).toEqual({ status: 'void', payoutMinor: 10_000n });
    expect(
      betOutcome('parlay', stake, [
        { outcome: 'won', oddsX100: 150 },
        { outcome: 'half_lost', oddsX100: 190 },
      ]),
    ).toEqual({ status: 'half_lost', payoutMinor: 7_500n });
  });

  it('rounds payouts down to the minor unit and multiplies parlay prices exactly', () => {
    expect(betPayoutMinor(333n, [{ outcome: 'won', oddsX100: 185 }])).toBe(616n); // 6.1605 -> 6.16
    expect(combinedOddsX100([185, 210, 133])).toBe(516n); // 5.167... -> 5.16
    expect(potentialReturnMinor(10_000n, [185, 210, 133])).toBe(51_670n); // 516.7095 -> 516.70
  });
});

describe('line notation', () => {
  it('shows quarter lines as the two half-stakes lines', () => {
    expect(formatLine(-0.25, true)).toBe('-0/0.5');
    expect(formatLine(0.75, true)).toBe('+0.5/1');
    expect(formatLine(-1, true)).toBe('-1');
    expect(formatLine(0, true)).toBe('0');
    expect(formatLine(2.75, false)).toBe('2.5/3');
  });
});

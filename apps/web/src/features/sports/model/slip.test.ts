import { describe, expect, it } from 'vitest';
import {
  acceptOdds,
  applyPrices,
  clashingLegs,
  closeMatchLegs,
  emptySlip,
  modeOf,
  needsOddsConfirm,
  parlayProblem,
  placementsOf,
  toggleLeg,
  updatesFromOdds,
  type Slip,
  type SlipLeg,
} from './slip.ts';
import { cleanStakeInput, slipReturn, slipStakeProblems, stakeProblem, totalStake, whyNotPlace } from './stake.ts';

let nextId = 100;
const leg = (over: Partial<SlipLeg> = {}): SlipLeg => {
  const id = nextId++;
  return {
    selectionId: id,
    marketId: id * 10,
    matchId: id * 100,
    leagueName: '英超',
    homeName: '曼城',
    visitName: '阿森纳',
    marketName: '全场独赢',
    selectionName: '曼城',
    odds: 2,
    acceptedOdds: 2,
    status: 'open',
    live: false,
    minStake: 10,
    maxStake: 50_000,
    ...over,
  };
};
const add = (slip: Slip, l: SlipLeg) => toggleLeg(slip, l).slip;
const slipOf = (...legs: SlipLeg[]) => legs.reduce(add, emptySlip);

describe('the bet slip', () => {
  it('takes a selection, takes it out on a second tap, and replaces another price of the same market', () => {
    const a = leg();
    const one = add(emptySlip, a);
    expect(one.legs.map((l) => l.selectionId)).toEqual([a.selectionId]);
    expect(add(one, a).legs).toEqual([]);
    const other = leg({ marketId: a.marketId, matchId: a.matchId, selectionName: '和局' });
    const replaced = add({ ...one, stakes: { [a.selectionId]: '50' } }, other);
    expect(replaced.legs.map((l) => l.selectionId)).toEqual([other.selectionId]);
    expect(replaced.stakes).toEqual({ [other.selectionId]: '50' });
  });

  it('is a single with one selection and a parlay from two on, unless the member picks singles', () => {
    expect(modeOf(slipOf(leg()))).toBe('single');
    const two = slipOf(leg(), leg());
    expect(modeOf(two)).toBe('parlay');
    expect(modeOf({ ...two, mode: 'single' })).toBe('single');
  });

  it('holds at most 10 selections: the 11th is refused', () => {
    const ten = slipOf(...Array.from({ length: 10 }, () => leg()));
    const result = toggleLeg(ten, leg());
    expect(result.refused).toBe('full');
    expect(result.slip.legs).toHaveLength(10);
  });

  it('allows a parlay of 2 to 10 legs, never two of one match', () => {
    const a = leg();
    expect(parlayProblem([a])).toBe('tooFew');
    expect(parlayProblem([a, leg()])).toBeNull();
    expect(parlayProblem(Array.from({ length: 10 }, () => leg()))).toBeNull();
    expect(parlayProblem(Array.from({ length: 11 }, () => leg()))).toBe('tooMany');
    const sameMatch = leg({ matchId: a.matchId, marketName: '全场大小' });
    expect(parlayProblem([a, sameMatch, leg()])).toBe('sameMatch');
    expect(clashingLegs([a, sameMatch, leg()])).toEqual(new Set([a.selectionId, sameMatch.selectionId]));
    // Two prices of one match are fine as singles.
    const singles = { ...slipOf(a, sameMatch), mode: 'single' as const, stakes: { [a.selectionId]: '10', [sameMatch.selectionId]: '10' } };
    expect(whyNotPlace(singles, slipStakeProblems(singles, 100, 1_000_000))).toBeNull();
    expect(whyNotPlace({ ...singles, mode: 'parlay', parlayStake: '10' }, new Map())).toBe('sameMatch');
  });

  it('asks again when a price falls below the accepted one, unless any change is accepted', () => {
    const a = leg({ odds: 1.9, acceptedOdds: 1.9 });
    const slip = slipOf(a, leg());
    const better = applyPrices(slip, [{ selectionId: a.selectionId, odds: 1.95 }]);
    expect(needsOddsConfirm(better)).toBe(false);
    const worse = applyPrices(slip, [{ selectionId: a.selectionId, odds: 1.85 }]);
    expect(worse.legs[0]).toMatchObject({ odds: 1.85, acceptedOdds: 1.9 });
    expect(needsOddsConfirm(worse)).toBe(true);
    expect(whyNotPlace({ ...worse, parlayStake: '10' }, new Map())).toBe('confirmOdds');
    expect(needsOddsConfirm({ ...worse, policy: 'any' })).toBe(false);
    expect(acceptOdds(worse).legs[0].acceptedOdds).toBe(1.85);
    expect(applyPrices(slip, [{ selectionId: 999_999, odds: 3 }])).toBe(slip);
  });

  it('sends the least price the member takes, and accepts any change only when asked to', () => {
    const a = leg({ odds: 2.05, acceptedOdds: 2 });
    const b = leg({ odds: 1.5, acceptedOdds: 1.5 });
    const slip = { ...slipOf(a, b), parlayStake: '20' };
    expect(placementsOf(slip)).toEqual([
      {
        slot: 'parlay',
        body: {
          type: 'parlay',
          stake: 20,
          selections: [
            { selectionId: a.selectionId, odds: 2 },
            { selectionId: b.selectionId, odds: 1.5 },
          ],
          acceptOddsChange: false,
        },
      },
    ]);
    const any = placementsOf({ ...slip, policy: 'any' })[0].body;
    expect(any.selections[0].odds).toBe(2.05);
    expect(any.acceptOddsChange).toBe(true);
    const singles = placementsOf({ ...slip, mode: 'single', stakes: { [b.selectionId]: '15.5' } });
    expect(singles).toEqual([
      {
        slot: `single:${b.selectionId}`,
        body: { type: 'single', stake: 15.5, selections: [{ selectionId: b.selectionId, odds: 1.5 }], acceptOddsChange: false },
      },
    ]);
  });

  it('will not place a leg whose market is suspended', () => {
    const a = leg();
    const slip = { ...slipOf(a, leg()), parlayStake: '10' };
    expect(whyNotPlace(slip, new Map())).toBeNull();
    expect(whyNotPlace(applyPrices(slip, [{ selectionId: a.selectionId, status: 'suspended' }]), new Map())).toBe('blocked');
  });
});

describe('stakes as the member types', () => {
  const limits = { min: 10, max: 500 };

  it('[S5-07] refuses more than 2 decimals instead of rounding', () => {
    expect(stakeProblem('10.5', limits, null)).toBeNull();
    expect(stakeProblem('10.55', limits, null)).toBeNull();
    expect(stakeProblem('10.555', limits, null)).toEqual({ key: 'decimals' });
    expect(stakeProblem('10.500', limits, null)).toEqual({ key: 'decimals' });
  });

  it('keeps digits and one point while typing; an empty or zero stake is no stake', () => {
    expect(cleanStakeInput('1a2.3.4')).toBe('12.34');
    expect(cleanStakeInput('¥ 50')).toBe('50');
    expect(stakeProblem('', limits, null)).toEqual({ key: 'empty' });
    expect(stakeProblem('0', limits, null)).toEqual({ key: 'format' });
    expect(stakeProblem('.', limits, null)).toEqual({ key: 'format' });
  });

  it('holds a stake to the market limits and the balance', () => {
    expect(stakeProblem('9.99', limits, null)).toEqual({ key: 'belowMin', value: 10 });
    expect(stakeProblem('500.01', limits, null)).toEqual({ key: 'aboveMax', value: 500 });
    expect(stakeProblem('200', limits, 199.99)).toEqual({ key: 'balance', value: 199.99 });
    expect(stakeProblem('200', limits, 200)).toBeNull();
  });

  it('holds a parlay to its strictest leg and singles together to the balance', () => {
    const a = leg({ maxStake: 10_000 });
    const b = leg({ maxStake: 50_000, minStake: 10 });
    const parlay = { ...slipOf(a, b), parlayStake: '10000.01' };
    expect(slipStakeProblems(parlay, null, 1_000_000).get('parlay')).toEqual({ key: 'aboveMax', value: 10_000 });
    const singles = { ...parlay, mode: 'single' as const, stakes: { [a.selectionId]: '60', [b.selectionId]: '60' } };
    const problems = slipStakeProblems(singles, 100, 1_000_000);
    expect(problems.get(a.selectionId)).toBeUndefined();
    expect(problems.get(b.selectionId)).toEqual({ key: 'balance', value: 40 });
    expect(totalStake(singles)).toBe(120);
    expect(whyNotPlace(singles, problems)).toBe('stake');
  });

  it("refuses a bet whose return would pass the site's largest payout", () => {
    const slip = { ...slipOf(leg({ odds: 50 }), leg({ odds: 50 })), parlayStake: '500' };
    expect(slipStakeProblems(slip, null, 1_000_000).get('parlay')).toEqual({ key: 'payout', value: 1_000_000 });
  });

  it('adds up the return of the parlay, or of every single', () => {
    const a = leg({ odds: 1.85 });
    const b = leg({ odds: 2.1 });
    expect(slipReturn({ ...slipOf(a, b), parlayStake: '10' })).toBe(38.85);
    expect(slipReturn({ ...slipOf(a, b), mode: 'single', stakes: { [a.selectionId]: '10', [b.selectionId]: '20' } })).toBe(60.5);
  });
});

describe('the slip following its matches', () => {
  it('takes moved prices and market states from a price frame', () => {
    const a = leg();
    const b = leg({ marketId: a.marketId + 1, matchId: a.matchId });
    const c = leg();
    const updates = updatesFromOdds(
      {
        matchId: a.matchId,
        at: 1,
        markets: [
          { marketId: a.marketId, status: 'open', selections: [{ selectionId: a.selectionId, odds: 2.2, status: 'open' }] },
          { marketId: b.marketId, status: 'suspended', selections: [] },
        ],
      },
      [a, b, c],
    );
    expect(updates).toEqual([
      { selectionId: a.selectionId, odds: 2.2, status: 'open' },
      { selectionId: b.selectionId, status: 'suspended' },
    ]);
    expect(closeMatchLegs([a, b, c], a.matchId).map((u) => u.selectionId)).toEqual([a.selectionId, b.selectionId]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  acceptOdds,
  applyPrices,
  clashingLegs,
  closeMatchLegs,
  emptySlip,
  keptStakes,
  modeOf,
  noStakes,
  needsOddsConfirm,
  parlayProblem,
  placementsOf,
  removeLeg,
  singleStake,
  stakeKey,
  toggleLeg,
  updatesFromOdds,
  type Slip,
  type SlipLeg,
  type SlipStakes,
} from './slip.ts';
import { cleanStakeInput, slipReturn, slipStakeProblems, stakeProblem, stakesSchema, totalStake, whyNotPlace, type StakeProblem } from './stake.ts';

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
/** Stakes typed for singles: [leg, text] pairs. */
const singles = (...typed: Array<[SlipLeg, string]>): SlipStakes => ({
  parlay: '',
  singles: Object.fromEntries(typed.map(([l, text]) => [stakeKey(l), text])),
});
const parlayOf = (text: string): SlipStakes => ({ ...noStakes, parlay: text });
/** Whether any typed stake breaks its rules (what the slip's form says under its boxes). */
const badStake = (slip: Slip, stakes: SlipStakes, balance: number | null = null) => slipStakeProblems(slip, stakes, balance, 1_000_000).size > 0;

describe('the bet slip', () => {
  it('takes a selection, takes it out on a second tap, and replaces another price of the same market', () => {
    const a = leg();
    const one = add(emptySlip, a);
    expect(one.legs.map((l) => l.selectionId)).toEqual([a.selectionId]);
    expect(add(one, a).legs).toEqual([]);
    const other = leg({ marketId: a.marketId, matchId: a.matchId, selectionName: '和局' });
    const stakes = singles([a, '50']);
    const replaced = add(one, other);
    expect(replaced.legs.map((l) => l.selectionId)).toEqual([other.selectionId]);
    // The stake typed for the market stays with its new pick.
    expect(singleStake(keptStakes(stakes, replaced.legs), other)).toBe('50');
  });

  it('drops the stake of a leg taken out, so the same pick added again starts without one', () => {
    const a = leg();
    const b = leg();
    const stakes = singles([a, '50'], [b, '20']);
    const kept = keptStakes(stakes, removeLeg(slipOf(a, b), a.selectionId).legs);
    expect(kept.singles).toEqual({ [stakeKey(b)]: '20' });
    expect(singleStake(kept, a)).toBe('');
    expect(keptStakes(stakes, [a, b])).toBe(stakes);
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
    const both = { ...slipOf(a, sameMatch), mode: 'single' as const };
    const tens = singles([a, '10'], [sameMatch, '10']);
    expect(whyNotPlace(both, tens, badStake(both, tens, 100))).toBeNull();
    expect(whyNotPlace({ ...both, mode: 'parlay' }, parlayOf('10'), false)).toBe('sameMatch');
  });

  it('asks again when a price falls below the accepted one, unless any change is accepted', () => {
    const a = leg({ odds: 1.9, acceptedOdds: 1.9 });
    const slip = slipOf(a, leg());
    const better = applyPrices(slip, [{ selectionId: a.selectionId, odds: 1.95 }]);
    expect(needsOddsConfirm(better)).toBe(false);
    const worse = applyPrices(slip, [{ selectionId: a.selectionId, odds: 1.85 }]);
    expect(worse.legs[0]).toMatchObject({ odds: 1.85, acceptedOdds: 1.9 });
    expect(needsOddsConfirm(worse)).toBe(true);
    expect(whyNotPlace(worse, parlayOf('10'), false)).toBe('confirmOdds');
    expect(needsOddsConfirm({ ...worse, policy: 'any' })).toBe(false);
    expect(acceptOdds(worse).legs[0].acceptedOdds).toBe(1.85);
    expect(applyPrices(slip, [{ selectionId: 999_999, odds: 3 }])).toBe(slip);
  });

  it('sends the least price the member takes, and accepts any change only when asked to', () => {
    const a = leg({ odds: 2.05, acceptedOdds: 2 });
    const b = leg({ odds: 1.5, acceptedOdds: 1.5 });
    const slip = slipOf(a, b);
    expect(placementsOf(slip, parlayOf('20'))).toEqual([
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
    const any = placementsOf({ ...slip, policy: 'any' }, parlayOf('20'))[0].body;
    expect(any.selections[0].odds).toBe(2.05);
    expect(any.acceptOddsChange).toBe(true);
    expect(placementsOf({ ...slip, mode: 'single' }, singles([b, '15.5']))).toEqual([
      {
        slot: `single:${b.selectionId}`,
        body: { type: 'single', stake: 15.5, selections: [{ selectionId: b.selectionId, odds: 1.5 }], acceptOddsChange: false },
      },
    ]);
  });

  it('will not place a leg whose market is suspended', () => {
    const a = leg();
    const slip = slipOf(a, leg());
    expect(whyNotPlace(slip, parlayOf('10'), false)).toBeNull();
    expect(whyNotPlace(applyPrices(slip, [{ selectionId: a.selectionId, status: 'suspended' }]), parlayOf('10'), false)).toBe('blocked');
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
    const parlay = slipOf(a, b);
    expect(slipStakeProblems(parlay, parlayOf('10000.01'), null, 1_000_000).get('parlay')).toEqual({ key: 'aboveMax', value: 10_000 });
    const apart = { ...parlay, mode: 'single' as const };
    const sixties = singles([a, '60'], [b, '60']);
    const problems = slipStakeProblems(apart, sixties, 100, 1_000_000);
    expect(problems.get(stakeKey(a))).toBeUndefined();
    expect(problems.get(stakeKey(b))).toEqual({ key: 'balance', value: 40 });
    expect(totalStake(apart, sixties)).toBe(120);
    expect(whyNotPlace(apart, sixties, badStake(apart, sixties, 100))).toBe('stake');
  });

  it('asks for a stake before placing, saying nothing under an empty box; a single left empty is simply not bet', () => {
    const a = leg();
    const b = leg();
    const apart = { ...slipOf(a, b), mode: 'single' as const };
    expect(whyNotPlace(apart, noStakes, false)).toBe('noStake');
    expect(whyNotPlace(slipOf(a, b), noStakes, false)).toBe('noStake');
    expect(slipStakeProblems(slipOf(a, b), noStakes, 100, 1_000_000).size).toBe(0);
    expect(whyNotPlace(apart, singles([a, '10']), false)).toBeNull();
    expect(placementsOf(apart, singles([a, '10'])).map((p) => p.slot)).toEqual([`single:${a.selectionId}`]);
  });

  it('[S5-07] the form says each problem under its own box, in the words it is given', () => {
    const a = leg();
    const b = leg();
    const say = (p: StakeProblem) => ('value' in p ? `${p.key} ${p.value}` : p.key);
    const apart = stakesSchema({ ...slipOf(a, b), mode: 'single' }, 100, 1_000_000, say).safeParse(singles([a, '10.555'], [b, '5']));
    expect(apart.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [`singles.${stakeKey(a)}`, 'decimals'],
      [`singles.${stakeKey(b)}`, 'belowMin 10'],
    ]);
    const parlay = stakesSchema(slipOf(a, b), 100, 1_000_000, say);
    expect(parlay.safeParse(parlayOf('200')).error?.issues).toMatchObject([{ path: ['parlay'], message: 'balance 100' }]);
    expect(parlay.safeParse(parlayOf('20')).success).toBe(true);
  });

  it("refuses a bet whose return would pass the site's largest payout", () => {
    const slip = slipOf(leg({ odds: 50 }), leg({ odds: 50 }));
    expect(slipStakeProblems(slip, parlayOf('500'), null, 1_000_000).get('parlay')).toEqual({ key: 'payout', value: 1_000_000 });
  });

  it('adds up the return of the parlay, or of every single', () => {
    const a = leg({ odds: 1.85 });
    const b = leg({ odds: 2.1 });
    expect(slipReturn(slipOf(a, b), parlayOf('10'))).toBe(38.85);
    expect(slipReturn({ ...slipOf(a, b), mode: 'single' }, singles([a, '10'], [b, '20']))).toBe(60.5);
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

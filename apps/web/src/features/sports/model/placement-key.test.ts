import { describe, expect, it } from 'vitest';
import { keyFor } from './placement-key.ts';
import { cashOutState, netOf, toneOf } from './bet-status.ts';

describe('a placement and its Idempotency-Key', () => {
  let n = 0;
  const fresh = () => `key-${++n}-abcdefgh`;

  it('sends the same key when the same bet is tried again, a new one for a changed bet', () => {
    const body = { type: 'single', stake: 10, selections: [{ selectionId: 1, odds: 1.9 }], acceptOddsChange: false };
    const first = keyFor(undefined, body, fresh);
    expect(keyFor(first, { acceptOddsChange: false, selections: [{ odds: 1.9, selectionId: 1 }], stake: 10, type: 'single' }, fresh)).toBe(first);
    expect(keyFor(first, { ...body, stake: 11 }, fresh).key).not.toBe(first.key);
    expect(keyFor(first, { ...body, selections: [{ selectionId: 1, odds: 1.85 }] }, fresh).key).not.toBe(first.key);
  });
});

describe('bet states', () => {
  it('offers cash out on open singles only, and withholds it while the market is suspended', () => {
    expect(cashOutState({ type: 'single', status: 'pending', cashOut: 95.5 })).toBe('offer');
    expect(cashOutState({ type: 'single', status: 'pending', cashOut: null })).toBe('suspended');
    expect(cashOutState({ type: 'parlay', status: 'pending', cashOut: null })).toBeNull();
    expect(cashOutState({ type: 'single', status: 'pending_delay', cashOut: null })).toBeNull();
    expect(cashOutState({ type: 'single', status: 'won', cashOut: null })).toBeNull();
  });

  it('reads the settled states with their tone and what they won or lost', () => {
    expect(['won', 'half_won', 'cashed_out'].map((s) => toneOf(s as 'won'))).toEqual(['win', 'win', 'win']);
    expect(['lost', 'half_lost'].map((s) => toneOf(s as 'lost'))).toEqual(['lose', 'lose']);
    expect(toneOf('void')).toBe('neutral');
    expect(netOf({ stake: 100, payout: 185, status: 'won' })).toBe(85);
    expect(netOf({ stake: 100, payout: 50, status: 'half_lost' })).toBe(-50);
    expect(netOf({ stake: 100, payout: 100, status: 'void' })).toBe(0);
    expect(netOf({ stake: 100, payout: 0, status: 'pending' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { MoneyIntent } from './money-intent.ts';

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('one Idempotency-Key per money intent', () => {
  it('sends the same key on every retry of the same request, so a lost answer never moves money twice', () => {
    const intent = new MoneyIntent(counter());
    const first = intent.keyFor({ api_name: 'AG', amount: 100, transfer_out: false });
    expect(intent.keyFor({ api_name: 'AG', amount: 100, transfer_out: false })).toBe(first);
    expect(intent.keyFor({ api_name: 'AG', amount: 100, transfer_out: false })).toBe(first);
  });

  it('starts a new intent when the member asks for something else, or after the intent succeeded', () => {
    const intent = new MoneyIntent(counter());
    const first = intent.keyFor({ amount: 100 });
    const changed = intent.keyFor({ amount: 200 });
    expect(changed).not.toBe(first);
    intent.done();
    // The same request again after a success is a second deposit the member wants.
    expect(intent.keyFor({ amount: 200 })).not.toBe(changed);
  });

  it('makes keys the server accepts (8 to 64 characters) by default', () => {
    const key = new MoneyIntent().keyFor(null);
    expect(key.length).toBeGreaterThanOrEqual(8);
    expect(key.length).toBeLessThanOrEqual(64);
    expect(new MoneyIntent().keyFor(null)).not.toBe(key);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Errors, shanghaiDay } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { caller, expectLedgerSound, newKey } from './testing.ts';
import { accrueInterest } from './index.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
});
afterEach(() => clock.reset());
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

describe('the interest wallet (yeb)', () => {
  it('states its terms and rounding; moves in at or above the minimum, refusing bad amounts', async () => {
    const m = await s.member();
    await w.fund(m.token, 2_000);
    const config = await s.call('/api/wallet/yeb/config', {}, { token: m.token });
    expect(config.data).toMatchObject({ dailyRatePercent: 0.02, min: 100, lockHours: 24, balance: 0, rounding: 'floor' });
    for (const amount of [0, -1, 100.001, '100']) expect((await w.move('/api/wallet/yeb/toYeb', { amount }, m.token)).code).toBe(Errors.VALIDATION.code);
    expect((await w.move('/api/wallet/yeb/toYeb', { amount: 99.99 }, m.token)).code).toBe(Errors.YEB_BELOW_MIN.code);
    expect((await w.move('/api/wallet/yeb/toYeb', { amount: 2_000.01 }, m.token)).code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    expect((await w.move('/api/wallet/yeb/toYeb', { amount: 1_234.56 }, m.token)).data).toEqual({ main: 765.44, yeb: 1_234.56 });
    expect((await w.balance(m.token)).yeb).toBe(1_234.56);
  });

  it('keeps money in for the lock period; only the unlocked part moves out', async () => {
    const m = await s.member();
    await w.fund(m.token, 1_000);
    await w.move('/api/wallet/yeb/toYeb', { amount: 300 }, m.token);
    clock.shift(25 * 3_600_000);
    m.token = await w.login(m);
    await w.move('/api/wallet/yeb/toYeb', { amount: 200 }, m.token);
    expect((await s.call('/api/wallet/yeb/config', {}, { token: m.token })).data).toMatchObject({ balance: 500, locked: 200 });
    const tooMuch = await w.move('/api/wallet/yeb/toCenter', { amount: 300.01 }, m.token);
    expect(tooMuch).toMatchObject({ code: Errors.YEB_LOCKED.code, data: { available: 300 } });
    expect((await w.move('/api/wallet/yeb/toCenter', { amount: 500.01 }, m.token)).code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    expect((await w.move('/api/wallet/yeb/toCenter', { amount: 300 }, m.token)).data).toEqual({ main: 800, yeb: 200 });
    clock.shift(24 * 3_600_000);
    m.token = await w.login(m);
    expect((await w.move('/api/wallet/yeb/toCenter', { amount: 200 }, m.token)).data).toEqual({ main: 1_000, yeb: 0 });
  });

  it('[S1-05] accrues once per Asia/Shanghai day, floored to the minor unit, and is received once', async () => {
    const m = await s.member();
    await w.fund(m.token, 1_234.56);
    await w.move('/api/wallet/yeb/toYeb', { amount: 1_234.56 }, m.token);
    // 23:59:59 on a Shanghai day is still that day; a second later is the next one.
    const lastSecond = Date.UTC(2031, 0, 1, 15, 59, 59);
    expect([shanghaiDay(lastSecond), shanghaiDay(lastSecond + 1000)]).toEqual(['2031-01-01', '2031-01-02']);
    const day = shanghaiDay(clock.now());
    const runs = await Promise.all([accrueInterest(s.deps.db, day), accrueInterest(s.deps.db, day), accrueInterest(s.deps.db, day)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await accrueInterest(s.deps.db, day)).toBe(0);
    // 123456 minor x 0.02% = 24.6912 -> 24 minor units.
    expect((await s.call('/api/wallet/yeb/config', {}, { token: m.token })).data).toMatchObject({ receivable: 0.24, totalInterest: 0.24 });
    clock.shift(86_400_000);
    m.token = await w.login(m);
    expect(await accrueInterest(s.deps.db)).toBeGreaterThanOrEqual(1);
    const received = await w.move('/api/wallet/yeb/receive', {}, m.token);
    expect(received.data).toEqual({ received: 0.48, main: 0.48 });
    expect((await w.move('/api/wallet/yeb/receive', {}, m.token)).code).toBe(Errors.NOTHING_TO_RECEIVE.code);
    expect((await s.call('/api/wallet/yeb/config', {}, { token: m.token })).data).toMatchObject({ receivable: 0, totalInterest: 0.48 });
  });

  it('pays no interest below the minimum', async () => {
    const m = await s.member();
    await w.fund(m.token, 150);
    await w.move('/api/wallet/yeb/toYeb', { amount: 150 }, m.token);
    clock.shift(25 * 3_600_000);
    m.token = await w.login(m);
    await w.move('/api/wallet/yeb/toCenter', { amount: 60 }, m.token);
    await accrueInterest(s.deps.db, '2040-02-02');
    expect((await s.call('/api/wallet/yeb/config', {}, { token: m.token })).data.receivable).toBe(0);
  });

  it('[hardening] yeb in and out at once never deadlock: 40 calls at once all answer, none with 500', async () => {
    const m = await s.member();
    await w.fund(m.token, 10_000);
    await w.move('/api/wallet/yeb/toYeb', { amount: 2_000 }, m.token);
    clock.shift(25 * 3_600_000);
    m.token = await w.login(m);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => w.move(i % 2 ? '/api/wallet/yeb/toYeb' : '/api/wallet/yeb/toCenter', { amount: 100 }, m.token)),
    );
    expect(answers.map((a) => [a.status, a.code, a.msg]).filter(([status, code]) => status !== 200 || code !== 0)).toEqual([]);
    expect(await w.balance(m.token)).toMatchObject({ main: 8_000, yeb: 2_000 });
  });

  it('[hardening] an Idempotency-Key is bound to its route: toCenter with the key of a toYeb is refused and moves nothing', async () => {
    const m = await s.member();
    await w.fund(m.token, 1_000);
    const key = newKey();
    expect((await w.move('/api/wallet/yeb/toYeb', { amount: 500 }, m.token, key)).data).toEqual({ main: 500, yeb: 500 });
    clock.shift(25 * 3_600_000);
    m.token = await w.login(m);
    const other = await w.move('/api/wallet/yeb/toCenter', { amount: 500 }, m.token, key);
    expect(other.code).toBe(Errors.IDEMPOTENCY_MISMATCH.code);
    // The two-phase venue transfer claims its key in SQL: the same rule holds there.
    const venue = await w.move('/api/wallet/transfer', { api_name: 'PG', amount: 500, transfer_out: false }, m.token, key);
    expect(venue.code).toBe(Errors.IDEMPOTENCY_MISMATCH.code);
    expect(await w.balance(m.token)).toMatchObject({ main: 500, yeb: 500 });
    // On its own route the key still answers its first result.
    expect((await w.move('/api/wallet/yeb/toYeb', { amount: 500 }, m.token, key)).data).toEqual({ main: 500, yeb: 500 });
  });
});

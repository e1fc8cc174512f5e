import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { bearer, startTestServer, type TestServer } from '../../test/harness.ts';
import { RATE_LIMITS } from './rate-limits.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimits: true });
});
afterAll(() => s.close());

const readTime = (server: TestServer, ip: string, siteId = 1) =>
  server.inject({ method: 'GET', url: '/api/site/time', headers: { 'x-forwarded-for': ip, 'x-site-id': String(siteId) } });

const tighten = async (server: TestServer, siteId: number, key: string, value: string | null) => {
  await server.siteConfig.set(siteId, key, value);
  server.app.forgetSecurityPolicies();
};

describe('rate limits', () => {
  it('[S8-04] a read path allows 300 calls a minute per IP, then answers 429 with HIGH_TRAFFIC', async () => {
    expect(RATE_LIMITS.read).toEqual({ max: 300, windowMs: 60_000 });
    for (let i = 0; i < 300; i++) {
      const res = await readTime(s, '10.0.0.1');
      if (res.statusCode !== 200) throw new Error(`call ${i + 1} answered ${res.statusCode}`);
    }
    const limited = await readTime(s, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: Errors.HIGH_TRAFFIC.code, data: null, msg: Errors.HIGH_TRAFFIC.msg });
    expect(Errors.HIGH_TRAFFIC.msg).toMatch(/访问人数过多或操作频繁，请稍后再试/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await readTime(s, '10.0.0.2')).statusCode).toBe(200);
  });

  it('[S8-04] registrations are limited to 20 an hour per IP', async () => {
    const register = (i: number) =>
      s.inject({
        method: 'POST',
        url: '/api/member/register/v4',
        headers: { 'x-forwarded-for': '10.0.1.1' },
        payload: { name: `rl${process.pid % 1000}u${i}x`, password: 'abc12345' },
      });
    for (let i = 0; i < RATE_LIMITS.register.max; i++) expect((await register(i)).json().code, `registration ${i + 1}`).toBe(0);
    const limited = await register(99);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(Errors.HIGH_TRAFFIC.code);
    const rows = await s.deps.database.query('SELECT 1 FROM members WHERE name = $1', [`rl${process.pid % 1000}u99x`]);
    expect(rows).toHaveLength(0);
  });

  it('[S8-04] SMS and email codes are limited to 10 sends an hour per IP', async () => {
    expect(RATE_LIMITS.send).toEqual({ max: 10, windowMs: 3_600_000 });
    const sendCode = (i: number) =>
      s.inject({
        method: 'POST',
        url: '/api/member/sendCode',
        headers: { 'x-forwarded-for': '10.0.6.1' },
        payload: { type: 'sms', scene: 'bind', phone: `1380013${String(i).padStart(4, '0')}` },
      });
    // Counted before anything else happens: whatever each send answers, the 11th is refused.
    for (let i = 0; i < 10; i++) expect((await sendCode(i)).statusCode, `send ${i + 1}`).not.toBe(429);
    const limited = await sendCode(10);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(Errors.HIGH_TRAFFIC.code);
  });

  it("an operator tightens a site's read limit; other sites keep theirs", async () => {
    await tighten(s, 2, 'rate_limit_read', '5');
    try {
      for (let i = 0; i < 5; i++) expect((await readTime(s, '10.0.2.1', 2)).statusCode).toBe(200);
      expect((await readTime(s, '10.0.2.1', 2)).statusCode).toBe(429);
      expect((await readTime(s, '10.0.2.1', 1)).statusCode).toBe(200);
    } finally {
      await tighten(s, 2, 'rate_limit_read', null);
    }
  });

  it('money calls count per member, not per IP', async () => {
    await tighten(s, 1, 'rate_limit_money', '3');
    try {
      const [alice, bob] = [await s.member(), await s.member()];
      const types = await s.inject({ method: 'POST', url: '/api/wallet/pay/types', headers: bearer(alice.token), payload: {} });
      const sandbox = (types.json().data as Array<{ payTypeId: number; kind: string; min: number }>).find((t) => t.kind === 'sandbox')!;
      const deposit = (token: string, key: string) =>
        s.inject({
          method: 'POST',
          url: '/api/wallet/pay/payVal',
          headers: bearer(token, { 'x-forwarded-for': '10.0.5.1', 'idempotency-key': key }),
          payload: { payTypeId: sandbox.payTypeId, amount: sandbox.min },
        });
      for (let i = 0; i < 3; i++) expect((await deposit(alice.token, `alice-key-${i}`)).json().code).toBe(0);
      const limited = await deposit(alice.token, 'alice-key-9');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe(Errors.HIGH_TRAFFIC.code);
      // Bob shares Alice's IP but has a count of his own.
      expect((await deposit(bob.token, 'bob-key-0')).json().code).toBe(0);
      // The refused deposit moved nothing: Alice has exactly the three.
      const records = await s.inject({ method: 'POST', url: '/api/wallet/queryDealRecord', headers: bearer(alice.token), payload: { page: 1, size: 20 } });
      expect(records.json().data.total).toBe(3);
    } finally {
      await tighten(s, 1, 'rate_limit_money', null);
    }
  });

  it('a site cannot raise a limit above the platform default', async () => {
    await tighten(s, 2, 'rate_limit_register', '1000');
    try {
      const register = (i: number) =>
        s.inject({
          method: 'POST',
          url: '/api/member/register/v4',
          headers: { 'x-forwarded-for': '10.0.3.1', 'x-site-id': '2' },
          payload: { name: `rs${process.pid % 1000}u${i}x`, password: 'abc12345' },
        });
      for (let i = 0; i < RATE_LIMITS.register.max; i++) await register(i);
      expect((await register(99)).statusCode).toBe(429);
    } finally {
      await tighten(s, 2, 'rate_limit_register', null);
    }
  });

  it('RATE_LIMITS=off lets every call through, even on a tightened site', async () => {
    const open = await startTestServer({ rateLimits: false });
    try {
      await tighten(open, 1, 'rate_limit_read', '1');
      for (let i = 0; i < 5; i++) expect((await readTime(open, '10.0.4.1')).statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

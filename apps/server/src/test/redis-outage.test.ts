import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors, LOGIN_PATH, type Frame } from '@bp/contract';
import { startTestServer, type TestServer } from './harness.ts';
import { hasRedisServer, startRedis, type OwnRedis } from './redis-server.ts';
import { setConfig } from '../modules/site/index.ts';
import { caller, expectLedgerSound, newKey } from '../modules/wallet/testing.ts';

/**
 * Redis away while requests run (a Redis of the test's own, killed and started again): what is
 * committed is answered as committed, the frames about it are dropped; rate limits count in the
 * instance's memory; a challenge cannot be kept, which is refused with a code, never a 500; nothing
 * waits for Redis to come back.
 */
describe.runIf(hasRedisServer || process.env.CI === 'true')('a Redis outage', () => {
  let redis: OwnRedis;
  let s: TestServer;
  let w: ReturnType<typeof caller>;
  beforeAll(async () => {
    redis = await startRedis();
    s = await startTestServer({ redisUrl: redis.url, rateLimits: true });
    w = caller(s);
    await setConfig(s.deps.db, 1, 'withdraw_turnover_multiple', '0');
    await s.deps.db.execute(sql`UPDATE wallet_yeb_config SET lock_hours = 0 WHERE site_id = 1`);
  });
  afterAll(async () => {
    await s?.close();
    await redis?.kill();
  });

  /** Runs `work` with Redis killed, then starts it again and waits until the server's connection is back. */
  async function withoutRedis(work: () => Promise<void>): Promise<void> {
    await redis.kill();
    try {
      await work();
    } finally {
      await redis.start();
      await expect.poll(() => s.deps.redis!.status, { timeout: 10_000 }).toBe('ready');
    }
  }

  it('a venue transfer and interest-wallet moves commit and answer so; a repeat of a key moves nothing', async () => {
    const m = await s.member();
    await w.fund(m.token, 1_000);
    await withoutRedis(async () => {
      const started = Date.now();
      const moves = [
        { url: '/api/wallet/transfer', body: { api_name: 'PG', amount: 100, transfer_out: false }, data: { main: 900, venue: 100 } },
        { url: '/api/wallet/yeb/toYeb', body: { amount: 300 }, data: { main: 600, yeb: 300 } },
        { url: '/api/wallet/yeb/toCenter', body: { amount: 100 }, data: { main: 700, yeb: 200 } },
      ];
      for (const move of moves) {
        const key = newKey();
        const first = await w.move(move.url, move.body, m.token, key);
        expect({ status: first.status, code: first.code, data: first.data }, move.url).toEqual({ status: 200, code: 0, data: move.data });
        expect(await w.move(move.url, move.body, m.token, key), `${move.url} again`).toMatchObject({ code: 0, data: move.data });
      }
      // Nothing waited for Redis to come back.
      expect(Date.now() - started).toBeLessThan(10_000);
    });
    expect(await w.balance(m.token)).toMatchObject({ main: 700, yeb: 200 });
    await expectLedgerSound(s);
  });

  it('a login ends the old session and answers the new one', async () => {
    const m = await s.member();
    await withoutRedis(async () => {
      const login = await s.call(LOGIN_PATH, { name: m.name, password: m.password });
      expect({ status: login.status, code: login.code }).toEqual({ status: 200, code: 0 });
      expect((await s.call('/api/member/info', {}, { token: login.data.token })).code).toBe(0);
      expect((await s.call('/api/member/info', {}, { token: m.token })).code).toBe(Errors.LOGIN_ELSEWHERE.code);
    });
  });

  it('a challenge cannot be kept: refused with a code of the catalogue, not a 500', async () => {
    await withoutRedis(async () => {
      const res = await s.call('/api/captchaEx/get', { scene: 'changePassword', verifyType: 'slider' });
      expect({ status: res.status, code: res.code }).toEqual({ status: 200, code: Errors.INTERFACE_DEGRADE.code });
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    });
    expect((await s.call('/api/captchaEx/get', { scene: 'changePassword', verifyType: 'slider' })).code).toBe(0);
  });

  it("rate limits still hold, counted in the instance's memory", async () => {
    await setConfig(s.deps.db, 1, 'rate_limit_read', '3');
    s.app.forgetSecurityPolicies();
    const read = () => s.inject({ method: 'GET', url: '/api/site/time', headers: { 'x-forwarded-for': '10.77.0.1' } }).then((r) => r.statusCode);
    try {
      await withoutRedis(async () => {
        expect([await read(), await read(), await read(), await read()]).toEqual([200, 200, 200, 429]);
      });
    } finally {
      await setConfig(s.deps.db, 1, 'rate_limit_read', null);
      s.app.forgetSecurityPolicies();
    }
  });

  it('frames flow again once Redis is back', async () => {
    await withoutRedis(async () => {
      await s.deps.bus.publish('match:1', 'system.notice', { text: 'dropped' });
    });
    const seen: Frame[] = [];
    const stop = s.deps.bus.onFrame((f) => seen.push(f));
    try {
      // The bus's own connections resubscribe as they reconnect: published until one comes through.
      await expect
        .poll(
          async () => {
            await s.deps.bus.publish('match:1', 'system.notice', { text: 'back' });
            return seen.some((f) => f.type === 'system.notice');
          },
          { timeout: 10_000 },
        )
        .toBe(true);
    } finally {
      stop();
    }
  });
});

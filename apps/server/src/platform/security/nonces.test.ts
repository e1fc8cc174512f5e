import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../clock.ts';
import { tableNonces } from './nonces.ts';
import { signedHeaders } from './testing.ts';
import { hasRedisServer, startRedis } from '../../test/redis-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
afterEach(() => clock.reset());

describe('nonce store', () => {
  it('[S7-02] the table store accepts a nonce once, again only after it expired', async () => {
    const nonces = tableNonces(s.deps.db);
    expect(await nonces.claim('site1:h5:aaaa0001', 1_000)).toBe(true);
    expect(await nonces.claim('site1:h5:aaaa0001', 1_000)).toBe(false);
    clock.shift(1_001);
    expect(await nonces.claim('site1:h5:aaaa0001', 1_000)).toBe(true);
  });

  it('the table store sweeps expired nonces as claims come along', async () => {
    const nonces = tableNonces(s.deps.db);
    await nonces.claim('site1:h5:sweep0001', 1_000);
    clock.shift(61_000);
    await nonces.claim('site1:h5:sweep0002', 1_000);
    const left = await s.deps.database.query<{ nonce: string }>(`SELECT nonce FROM request_nonces WHERE nonce LIKE 'site1:h5:sweep%'`);
    expect(left.map((r) => r.nonce)).toEqual(['site1:h5:sweep0002']);
  });
});

describe.runIf(hasRedisServer || process.env.CI === 'true')('nonces and a restart of Redis', () => {
  it('[S7-02] a signed request is refused again after Redis restarted empty, within its window', async () => {
    const redis = await startRedis();
    const server = await startTestServer({ redisUrl: redis.url });
    try {
      const url = '/api/site/configInfo/get';
      const raw = JSON.stringify({ keyCode: 'withdrawal_password' });
      const headers = { 'content-type': 'application/json', ...signedHeaders('POST', url, raw) };
      const send = () => server.inject({ method: 'POST', url, payload: raw, headers }).then((r) => r.json().code);
      expect(await send()).toBe(0);
      await redis.kill();
      await redis.start();
      // Redis serves again, empty: what refuses the replay now must have outlived it.
      await expect.poll(() => server.deps.redis!.status, { timeout: 10_000 }).toBe('ready');
      expect(await send()).toBe(Errors.REPLAYED.code);
    } finally {
      await server.close();
      await redis.kill();
    }
  });
});

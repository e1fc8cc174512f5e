import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../clock.ts';
import { redisNonces, tableNonces } from './nonces.ts';

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

  it.runIf(process.env.REDIS_URL)('[S7-02] the Redis store accepts a nonce once across every instance', async () => {
    const nonces = redisNonces(s.deps.redis!);
    expect(await nonces.claim('site1:h5:redis0001', 5_000)).toBe(true);
    expect(await nonces.claim('site1:h5:redis0001', 5_000)).toBe(false);
    expect(await s.deps.redis!.pttl('nonce:site1:h5:redis0001')).toBeGreaterThan(0);
  });
});

import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, channel } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { setConfig } from '../../modules/site/index.ts';
import { signedHeaders } from '../security/testing.ts';
import { openSocket, type TestSocket } from './testing.ts';

/**
 * Two server instances sharing one Redis (README "Several instances"): frames, rate limits and
 * nonces are shared. Needs REDIS_URL; in CI its absence is a failure, never a silent skip.
 */
const redisUrl = process.env.REDIS_URL;

describe.runIf(!redisUrl && process.env.CI === 'true')('two instances without Redis in CI', () => {
  it('REDIS_URL is required in CI to prove instances share frames, limits and nonces', () => {
    throw new Error('REDIS_URL is not set: the multi-instance tests cannot run');
  });
});

describe.runIf(redisUrl)('two instances sharing Redis', () => {
  let a: TestServer;
  let b: TestServer;
  let socket: TestSocket | null = null;
  beforeAll(async () => {
    // One deployment: the same key prefix on both instances.
    const redisPrefix = `c${randomBytes(4).toString('hex')}:`;
    a = await startTestServer({ redisPrefix, rateLimits: true });
    b = await startTestServer({ redisPrefix, rateLimits: true });
  });
  afterAll(async () => {
    socket?.close();
    await Promise.all([a?.close(), b?.close()]);
  });

  it('a frame published on one instance reaches a WebSocket client of the other', async () => {
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    socket = await openSocket(`ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/ws`);
    socket.send({ type: 'sub', ch: channel.match(9001) });
    await socket.next((f) => f.type === 'sub.ok');
    await a.deps.bus.publish(channel.match(9001), 'system.notice', { text: 'from instance a' });
    expect(await socket.next((f) => f.type === 'system.notice')).toEqual({ ch: 'match:9001', type: 'system.notice', data: { text: 'from instance a' } });
  });

  it('rate limits are counted once across instances', async () => {
    for (const s of [a, b]) {
      await setConfig(s.deps.db, 1, 'rate_limit_read', '4');
      s.app.forgetSecurityPolicies();
    }
    const read = (s: TestServer) => s.inject({ method: 'GET', url: '/api/site/time', headers: { 'x-forwarded-for': '10.9.9.9' } }).then((r) => r.statusCode);
    expect([await read(a), await read(b), await read(a), await read(b)]).toEqual([200, 200, 200, 200]);
    expect(await read(a)).toBe(429);
    expect(await read(b)).toBe(429);
  });

  it('[S7-02] a nonce used on one instance is a replay on the other', async () => {
    const url = '/api/site/configInfo/get';
    const raw = JSON.stringify({ keyCode: 'withdrawal_password' });
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.10', ...signedHeaders('POST', url, raw) };
    const first = await a.inject({ method: 'POST', url, payload: raw, headers });
    expect(first.json().code).toBe(0);
    const replay = await b.inject({ method: 'POST', url, payload: raw, headers });
    expect(replay.json().code).toBe(Errors.REPLAYED.code);
  });
});

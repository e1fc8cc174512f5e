import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, channel } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedHeaders } from '../security/testing.ts';
import { dropSchema } from '../db/index.ts';
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

/**
 * One deployment shares its database too: one PostgreSQL schema for both (a PGlite folder has one
 * owner, so on PGlite each instance has its own and what needs the shared database is skipped).
 */
const databaseUrl = process.env.DATABASE_URL;
const sharedSchema = databaseUrl ? `t_c${randomBytes(5).toString('hex')}` : null;

describe.runIf(redisUrl)('two instances sharing Redis', () => {
  let a: TestServer;
  let b: TestServer;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    // One deployment: the same key prefix on both instances.
    const redisPrefix = `c${randomBytes(4).toString('hex')}:`;
    const shared = { redisPrefix, rateLimits: true, ...(sharedSchema ? { databaseSchema: sharedSchema } : {}) };
    a = await startTestServer(shared);
    b = await startTestServer(shared);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    sockets.forEach((open) => open.close());
    await Promise.all([a?.close(), b?.close()]);
    if (sharedSchema) await dropSchema(databaseUrl!, sharedSchema);
  });
  const onB = async (query = '') => {
    const open = await openSocket(`ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/ws${query}`);
    sockets.push(open);
    return open;
  };

  it('a frame published on one instance reaches a WebSocket client of the other', async () => {
    const socket = await onB();
    socket.send({ type: 'sub', ch: channel.match(9001) });
    await socket.next((f) => f.type === 'sub.ok');
    await a.deps.bus.publish(channel.match(9001), 'system.notice', { text: 'from instance a' });
    expect(await socket.next((f) => f.type === 'system.notice')).toEqual({ ch: 'match:9001', type: 'system.notice', data: { text: 'from instance a' } });
  });

  it.runIf(sharedSchema)('[S4-04] a session ended on one instance tells and closes its socket on the other', async () => {
    const m = await a.member();
    const socket = await onB(`?token=${encodeURIComponent(m.token)}`);
    socket.send({ type: 'sub', ch: channel.user(m.memberId) });
    await socket.next((f) => f.type === 'sub.ok');
    expect((await a.call('/api/member/logout', {}, { token: m.token })).code).toBe(0);
    const ended = await socket.next((f) => f.type === 'session.ended');
    expect(ended.data).toEqual({ code: Errors.AUTH_INVALID.code, msg: Errors.AUTH_INVALID.msg });
    expect(await socket.closed).toBe(4401);
  });

  it('rate limits are counted once across instances', async () => {
    for (const s of [a, b]) {
      await s.siteConfig.set(1, 'rate_limit_read', '4');
      s.app.forgetSecurityPolicies();
    }
    const read = (s: TestServer) => s.inject({ method: 'GET', url: '/api/site/time', headers: { 'x-forwarded-for': '10.9.9.9' } }).then((r) => r.statusCode);
    expect([await read(a), await read(b), await read(a), await read(b)]).toEqual([200, 200, 200, 200]);
    expect(await read(a)).toBe(429);
    expect(await read(b)).toBe(429);
  });

  it.runIf(sharedSchema)('[S7-02] a nonce used on one instance (kept in the shared database) is a replay on the other', async () => {
    const url = '/api/site/configInfo/get';
    const raw = JSON.stringify({ keyCode: 'withdrawal_password' });
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.10', ...signedHeaders('POST', url, raw) };
    const first = await a.inject({ method: 'POST', url, payload: raw, headers });
    expect(first.json().code).toBe(0);
    const replay = await b.inject({ method: 'POST', url, payload: raw, headers });
    expect(replay.json().code).toBe(Errors.REPLAYED.code);
  });
});

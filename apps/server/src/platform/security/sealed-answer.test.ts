import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { installHttp, routesOf } from '../http/index.ts';
import { clock } from '../clock.ts';
import { installSecurity } from './index.ts';
import { openAnswer, signedHeaders } from './testing.ts';

/**
 * A route that seals its answers (seed 7: video calls are signed GETs with encrypted answers). No
 * such route exists yet, so the platform is composed here with one, on the database of a real
 * test server (its app keys and site config).
 */
let s: TestServer;
let app: FastifyInstance;
const URL = '/api/video/stream';
const defineRoute = routesOf({ [URL]: { method: 'GET', data: z.object({ flv: z.string() }) } });
beforeAll(async () => {
  s = await startTestServer();
  app = Fastify();
  installHttp(app);
  await installSecurity(app, s.deps, { siteOf: () => 1, memberOf: () => null, siteConfig: (siteId, keys) => s.siteConfig.get(siteId, keys) });
  defineRoute(app, { url: URL, summary: 'A stream address', sealAnswer: true }, async () => ({
    flv: 'https://video.example/live/1.flv',
  }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await s.close();
});

describe('sealed answers', () => {
  it('[S7-16] a signed GET to a video call gets its answer encrypted with the request timestamp', async () => {
    const ts = String(clock.now());
    const res = await app.inject({ method: 'GET', url: `${URL}?matchId=9`, headers: signedHeaders('GET', URL, '', { timestamp: ts }) });
    expect(Object.keys(res.json())).toEqual(['xx']);
    expect(openAnswer(res.body, ts)).toEqual({ code: 0, data: { flv: 'https://video.example/live/1.flv' }, msg: 'success' });
  });

  it('[S7-16] an unsigned or forged GET to a video call is refused', async () => {
    const unsigned = await app.inject({ method: 'GET', url: URL });
    expect(unsigned.json()).toMatchObject({ code: Errors.BAD_SIGNATURE.code });
    const forged = await app.inject({ method: 'GET', url: URL, headers: signedHeaders('GET', URL, '', { secret: 'a-guessed-secret-000' }) });
    expect(forged.json()).toMatchObject({ code: Errors.BAD_SIGNATURE.code });
  });
});

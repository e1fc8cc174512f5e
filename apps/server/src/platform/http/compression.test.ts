import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_ABOVE_BYTES, installCompression, installHttp } from './index.ts';

const app = Fastify();
const big = { code: 0, data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `赛事 ${i}` })), msg: 'success' };
beforeAll(async () => {
  installHttp(app);
  await installCompression(app);
  app.post('/big', async () => big);
  app.post('/small', async () => ({ code: 0, data: 'ok', msg: 'success' }));
  await app.ready();
});
afterAll(() => app.close());

const ask = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'POST', url, payload: {}, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressed answers', () => {
  it('an answer over 1 KB goes as brotli or gzip, as the client accepts, and opens to the same JSON', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_ABOVE_BYTES);
    const br = await ask('/big', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3);
    const gzip = await ask('/big', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(big);
  });

  it('a small answer, or a client that accepts none, gets plain JSON', async () => {
    expect((await ask('/small', 'br, gzip')).headers['content-encoding']).toBeUndefined();
    const plain = await ask('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
  });
});

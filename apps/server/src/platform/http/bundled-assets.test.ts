import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, serveBundledAssets } from './bundled-assets.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bundled-'));
const app = Fastify();
beforeAll(async () => {
  fs.writeFileSync(path.join(dir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await serveBundledAssets(app, dir, '/assets/pics/');
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('bundled pictures', () => {
  it('are served and cached by the browser for a year without revalidation', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/pics/icon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(IMMUTABLE_CACHE).toBe('public, max-age=31536000, immutable');
  });

  it('a missing file is a 404, and no folder is listed', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/pics/none.svg' })).statusCode).toBe(404);
    const folder = await app.inject({ method: 'GET', url: '/assets/pics/' });
    expect(folder.statusCode).toBeGreaterThanOrEqual(400);
    expect(folder.body).not.toContain('icon.svg');
  });
});

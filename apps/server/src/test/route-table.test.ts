import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute } from '@bp/contract';
import { startTestServer, type TestServer } from './harness.ts';

/** The routes answered outside the table: not JSON calls (the captcha picture is an SVG). */
const NOT_JSON = ['get /api/captcha/image'];

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** Every route the server declares, as `method path` with the table's `:param` spelling. */
async function servedRoutes(): Promise<string[]> {
  const doc = (await s.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
}

describe("the contract's route table", () => {
  it('is what the server serves: each path at its method, and no JSON route outside it', async () => {
    const served = await servedRoutes();
    const table = Object.entries(API_ROUTES as Record<string, ApiRoute>).map(([path, route]) => `${(route.method ?? 'post').toLowerCase()} ${path}`);
    for (const route of table) expect(served, route).toContain(route);
    const outside = served.filter((route) => !table.includes(route) && !NOT_JSON.includes(route));
    // Two older paths are also answered to GET, with the table's query (or none).
    expect(outside.sort()).toEqual(['get /api/gw/ic/verify', 'get /api/v2/vvm']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const create = (path: unknown, siteId = '1') =>
  s.call('/api/site/shortUrl/create', { path }, { headers: { 'x-site-id': siteId, host: 'h5.hgty.example.com' } });

describe('short links', () => {
  it('[S7-09] makes a short code for a site path and redirects to it on GET /s/:code', async () => {
    const res = await create('/app/home?i_code=AB12CD&from=share');
    expect(res.code).toBe(0);
    const { code, path, url } = res.data;
    expect(code).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(path).toBe('/app/home?i_code=AB12CD&from=share');
    expect(url).toBe(`http://h5.hgty.example.com/s/${code}`);
    const open = await s.inject({ method: 'GET', url: `/s/${code}` });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe(path);
  });

  it('keeps one code per path and site; another site gets its own', async () => {
    const a = (await create('/app/vip')).data.code;
    const b = (await create('/app/vip')).data.code;
    const other = (await create('/app/vip', '2')).data.code;
    expect(b).toBe(a);
    expect(other).not.toBe(a);
    expect((await create('/app/vip?x=1')).data.code).not.toBe(a);
  });

  it('resolves a code of this site by call and counts every visit', async () => {
    const { code } = (await create('/app/promotions')).data;
    const got = await s.call('/api/site/shortUrl/get', { code });
    expect(got.data).toMatchObject({ code, path: '/app/promotions' });
    expect((await s.call('/api/site/shortUrl/get', { code }, { headers: { 'x-site-id': '2' } })).code).toBe(Errors.SHORT_URL_NOT_FOUND.code);
    await s.inject({ method: 'GET', url: `/s/${code}` });
    const [row] = await s.deps.database.query<{ hits: string }>('SELECT hits FROM short_urls WHERE code = $1', [code]);
    expect(Number(row.hits)).toBe(3);
  });

  it('sends an unknown or malformed code to the home page', async () => {
    for (const code of ['Zzzzzzz', 'bad%20code', "x'--"]) {
      const res = await s.inject({ method: 'GET', url: `/s/${code}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/app/home');
    }
    expect((await s.call('/api/site/shortUrl/get', { code: 'Zzzzzzz' })).code).toBe(Errors.SHORT_URL_NOT_FOUND.code);
  });

  it('refuses anything but a path of this site (no open redirect) and changes nothing', async () => {
    const [{ n: before }] = await s.deps.database.query<{ n: number }>('SELECT count(*)::int AS n FROM short_urls');
    for (const path of ['https://evil.example.com/', '//evil.example.com/x', '/\\evil.example.com', 'javascript:alert(1)', 'app/home', '/s/abcdefg', ' ']) {
      const res = await create(path);
      expect(res.code, path).toBe(Errors.SHORT_URL_PATH_INVALID.code);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const [{ n: after }] = await s.deps.database.query<{ n: number }>('SELECT count(*)::int AS n FROM short_urls');
    expect(after).toBe(before);
  });

  it('refuses a missing or mistyped path', async () => {
    // A NUL is refused at the edge, for every field of every call (platform/http/storable-input.ts).
    for (const body of [{}, { path: 42 }, { path: '' }, { path: `/${'a'.repeat(1100)}` }, { path: '/app/\u0000x' }]) {
      expect((await s.call('/api/site/shortUrl/create', body)).code).toBe(Errors.VALIDATION.code);
    }
  });

  it('stores script and SQL text in a path percent-encoded, so the redirect stays inert', async () => {
    const res = await create(`/app/home?q=<script>alert(1)</script>&n=' OR 1=1 --`);
    expect(res.code).toBe(0);
    expect(res.data.path).not.toMatch(/[<>"' ]/);
    expect(decodeURIComponent(res.data.path)).toContain('<script>alert(1)</script>');
    const open = await s.inject({ method: 'GET', url: `/s/${res.data.code}` });
    expect(open.headers.location).toBe(res.data.path);
  });
});

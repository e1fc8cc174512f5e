import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { pickEncoding } from './web.ts';

const ENTRY = '<script type="module" crossorigin src="/assets/index-abc123.js"></script>';
const SHARED = '<link rel="modulepreload" crossorigin href="/assets/react-9.js">';
const STYLES = '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">';
const CSS = '.bp-x{color:red}';
const BOARD_CSS = '.bp-board{color:blue}';
const INDEX = `<!doctype html><html><head><title>site</title>${ENTRY}${SHARED}${STYLES}</head><body><div id="root"><div class="bp-boot"><!--first-picture--></div></div></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

/** What the web build says the board's and a match's pages need beyond the entry (apps/web/build/first-views.ts). */
const FIRST_VIEWS = [
  { path: '/app/sports', scripts: ['/assets/Board-1.js', '/assets/odds-2.js'], styles: ['/assets/Board-1.css'] },
  { path: '/app/sports/match/:matchId', scripts: ['/assets/Match-3.js'], styles: [] },
  { path: '/app/home', scripts: ['/assets/Home-4.js'], styles: ['/assets/Home-4.css'] },
];

/** A build as the web app's `vite build` leaves it: index.html, hashed assets, .br and .gz beside them. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const write = (file: string, text: string) => {
    fs.writeFileSync(path.join(dir, file), text);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(text));
  };
  write('index.html', INDEX);
  write('assets/index-abc123.js', SCRIPT);
  write('assets/index-abc123.css', CSS);
  write('assets/Board-1.css', BOARD_CSS);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite/first-views.json'), JSON.stringify(FIRST_VIEWS));
  return dir;
}

describe('the built site', () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fakeBuild();
    s = await startTestServer({ webDist: dist });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for the site routes, never cached, with a same-origin content policy', async () => {
    for (const url of ['/', '/app/home', '/login?fromPage=%2Fapp%2Fmember', '/maintenance', '/cs', '/app/egame/pg']) {
      const res = await s.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('sends the precompressed page and assets the client accepts', async () => {
    const page = await s.inject({ method: 'GET', url: '/app/member', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.headers['content-encoding']).toBe('br');
    const identity = await s.inject({ method: 'GET', url: '/app/member', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(identity.body);
    const gz = await s.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await s.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("names a page's own code and first picture in its HTML, in every encoding", async () => {
    const html = async (url: string, encoding = 'identity', headers: Record<string, string> = {}) => {
      const res = await s.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, ...headers } });
      const body = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.body;
      expect(body, url).toContain('<div id="root">');
      return body;
    };
    const board = await html('/app/sports?tab=live', 'br');
    expect(board).toContain('<link rel="modulepreload" crossorigin href="/assets/Board-1.js"><link rel="modulepreload" crossorigin href="/assets/odds-2.js">');
    // The page's own stylesheets written in too, each named by a disabled link (fetched by no
    // browser, counted as loaded by the code's loader); one missing from the build stays a preload.
    const [boardHead] = board.split('<template id="bp-code">');
    expect(boardHead).toContain(`<style>${BOARD_CSS}</style><link rel="stylesheet" href="/assets/Board-1.css" disabled>`);
    expect(board).not.toContain('as="style" crossorigin href="/assets/Board-1.css"');
    expect(board.indexOf('Board-1.js')).toBeLessThan(board.indexOf('</head>'));
    expect(await html('/app/sports/match/42')).toContain('href="/assets/Match-3.js"');
    expect(await html('/app/sports/match/42/more')).not.toContain('Match-3.js');
    // Every page: the build's stylesheets written in, its code asked for once its splash is on screen (boot.js).
    const member = await html('/app/member');
    expect(member).toContain(`<title>site</title><style>${CSS}</style>`);
    expect(member).not.toContain('rel="stylesheet"');
    expect(member).not.toContain(ENTRY);
    expect(member).toContain(`<template id="bp-code"><link rel="modulepreload" crossorigin href="/assets/index-abc123.js">${SHARED}</template>`);

    // Home names its first banner: the default site's, the site the page was opened for, or the one its cookie keeps.
    const banner = (body: string) => /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/.exec(body)?.[1];
    const first = async (siteId: string) => (await s.call('/api/site/banner/list', { position: 'home' }, { headers: { 'x-site-id': siteId } })).data[0].image;
    expect(banner(await html('/app/home'))).toBe(await first('1'));
    const usdt = await first('2');
    expect(usdt).not.toBe(await first('1'));
    expect(banner(await html('/app/home?siteId=2'))).toBe(usdt);
    expect(banner(await html('/app/home', 'identity', { cookie: 'theme=x; bp_site=2' }))).toBe(usdt);
    expect(banner(await html('/app/home?siteId=99999'))).toBeUndefined();

    // And shows it in the splash, where the page will, until the page's code has drawn the page.
    const [{ image, title }] = (await s.call('/api/site/banner/list', { position: 'home' })).data;
    const splash = (body: string) => /<div class="bp-boot">(.*?)<\/div>/.exec(body)?.[1];
    expect(splash(await html('/app/home', 'br'))).toBe(`<img class="bp-boot-picture" data-first-picture src="${image}" alt="${title}">`);
    expect(splash(await html('/app/sports'))).toBe('');
    // Its code is asked for and run once the picture is on screen (boot.js): until then its
    // preloads wait in an inert template.
    const home = await html('/app/home');
    expect(home).not.toContain(ENTRY);
    const [head, held] = home.split('<template id="bp-code">');
    expect(head).not.toMatch(/modulepreload|as="style"/);
    expect(head).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${image}">`);
    expect(held).toMatch(
      /^<link rel="modulepreload" crossorigin href="\/assets\/index-abc123.js"><link rel="modulepreload" crossorigin href="\/assets\/react-9.js">.*<\/template><script defer src="\/boot.js" data-entry="\/assets\/index-abc123.js"><\/script><\/head>/,
    );
    expect(held).toContain('<link rel="preload" as="style" crossorigin href="/assets/Home-4.css">');
    expect(held).toContain('<link rel="modulepreload" crossorigin href="/assets/Home-4.js">');

    // The sign-in screens show the site's logo first, above their form.
    const logo = async (url: string) => splash(await html(url, 'br', { cookie: 'bp_site=2' }));
    const { data: usdtSite } = await s.call('/api/site/group/site/perInfo', {}, { headers: { 'x-site-id': '2' } });
    for (const url of ['/login', '/register?fromPage=%2Fapp%2Fmember'])
      expect(await logo(url), url).toBe(`<img class="bp-boot-logo" data-first-picture src="${usdtSite.logo}" alt="${usdtSite.siteName}">`);
    expect(await html('/app/member')).not.toContain('data-first-picture');
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await s.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const icon = await s.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers the API, missing assets and the socket path with the envelope, not the page', async () => {
    for (const url of ['/api/nothing-here', '/assets/missing-000.js', '/api']) {
      const res = await s.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 10419 });
    }
    const post = await s.inject({ method: 'POST', url: '/app/home', payload: {} });
    expect(post.statusCode).toBe(404);
    const health = await s.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().data.status).toBe('ok');
  });

  it('does not leave the build folder', async () => {
    for (const url of ['/../package.json', '/assets/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await s.inject({ method: 'GET', url });
      expect(res.body, url).not.toMatch(/root:|"workspaces"/);
    }
  });
});

describe('encoding choice', () => {
  it('prefers brotli, then gzip, and respects q=0', () => {
    const both = { br: true, gzip: true };
    expect(pickEncoding('gzip, deflate, br', both)).toBe('br');
    expect(pickEncoding('gzip', both)).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(pickEncoding('br', { br: false, gzip: true })).toBe('identity');
    expect(pickEncoding(undefined, both)).toBe('identity');
  });
});

describe('no build', () => {
  it('runs the API alone when there is nothing to serve', async () => {
    const s = await startTestServer({ webDist: path.join(os.tmpdir(), 'bp-no-such-build') });
    try {
      expect((await s.inject({ method: 'GET', url: '/app/home' })).statusCode).toBe(404);
      expect((await s.inject({ method: 'GET', url: '/api/health' })).json().data.status).toBe('ok');
    } finally {
      await s.close();
    }
  });
});

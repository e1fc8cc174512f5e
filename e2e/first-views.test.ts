import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, phone, startSite, type Site } from './harness.ts';
import { memberOnPhone } from './steps.ts';

/**
 * A page's HTML names the code its route needs and its first picture, so a phone fetches them
 * beside the site's entry instead of after it has run (issue 13, the first screen's chain). Each
 * hint must be something the page really loads, else a slow phone downloads it for nothing.
 */
describe.runIf(browserAvailable())('the first screens', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => site?.close());

  const PICTURE = 'preload" as="image';
  const hintsIn = (html: string, rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((m) => m[1]);

  /**
   * The page's HTML as served, and the scripts the page loads (a set that grows as they are asked
   * for) when given the plain index.html (no hints).
   */
  async function look(page: Page, path: string) {
    const served = await page.request.get(path);
    const html = await served.text();
    const plain = await (await page.request.get('/index.html')).text();
    await page.route(
      (url) => url.pathname === path,
      (route) => route.fulfill({ body: plain, contentType: 'text/html' }),
    );
    const scripts = new Set<string>();
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
    });
    await page.goto(path);
    const hinted = hintsIn(html, 'modulepreload').filter((href) => !hintsIn(plain, 'modulepreload').includes(href));
    return { html, hinted, scripts };
  }

  const pages: Array<{ path: string | (() => Promise<string>); chunk: string; member?: boolean }> = [
    { path: '/app/home', chunk: 'HomePage-' },
    { path: '/app/sports', chunk: 'SportsHomePage-' },
    {
      path: async () => `/app/sports/match/${(await site.server.call('/api/sports/list', { page: 1, size: 1 })).data.list[0].matchId}`,
      chunk: 'MatchDetailPage-',
    },
    { path: '/login', chunk: 'LoginPage-' },
    { path: '/register', chunk: 'RegisterPage-' },
    { path: '/app/wallet', chunk: 'WalletPage-', member: true },
    { path: '/app/wallet/deposit', chunk: 'DepositPage-', member: true },
  ];
  it.each(pages)('$chunk: the page names its own code, and only code it then runs', async ({ path, chunk, member }) => {
    const { page } = member ? await memberOnPhone(site) : await phone(site);
    const at = typeof path === 'string' ? path : await path();
    const { hinted, scripts } = await look(page, at);
    expect(
      hinted.some((href) => href.startsWith(`/assets/${chunk}`)),
      `${at} names ${chunk}`,
    ).toBe(true);
    // Polled, not read once the network went quiet: on a busy machine the quiet half second
    // `networkidle` counts came before the route's code was asked for (the splash's picture first),
    // and the route's chunks were asked for just after it.
    await expect.poll(() => hinted.filter((href) => !scripts.has(href)), { message: `${at}: named but never loaded` }).toEqual([]);
  });

  it("home's HTML names the first banner of the phone's site, which is the picture home shows first", async () => {
    const { page } = await phone(site);
    const firstBanner = async () => page.locator('img.bp-banner-img').first().getAttribute('src');
    await page.goto('/app/home');
    const preloaded = hintsIn(await (await page.request.get('/app/home')).text(), PICTURE);
    expect(preloaded).toEqual([await firstBanner()]);

    // Opened for the USDT site once, the phone keeps to it: the next HTML names that site's banner.
    await page.goto('/app/home?siteId=2');
    const usdt = await firstBanner();
    expect(usdt).not.toEqual(preloaded[0]);
    expect(hintsIn(await (await page.request.get('/app/home')).text(), PICTURE)).toEqual([usdt]);
    // A page with no picture of its own names none.
    expect(hintsIn(await (await page.request.get('/app/sports')).text(), PICTURE)).toEqual([]);
  });

  const splashes = [
    { path: '/app/home', picture: 'home’s first banner', splash: 'img.bp-boot-picture', shown: 'img.bp-banner-img' },
    { path: '/login', picture: 'the site’s logo', splash: 'img.bp-boot-logo', shown: 'img.bp-auth-logo' },
  ];
  it.each(splashes)('$path shows $picture in the splash while its code is on the way, where the page then shows it', async ({ path, splash, shown }) => {
    const { page } = await phone(site);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const first = page.locator(splash);
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const [src, before] = [await first.getAttribute('src'), (await first.boundingBox())!];
    expect(await page.locator(shown).count()).toBe(0);
    release();
    const picture = page.locator(shown).first();
    await picture.waitFor();
    expect(await picture.getAttribute('src')).toBe(src);
    const after = (await picture.boundingBox())!;
    for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(after[side] - before[side]), side).toBeLessThanOrEqual(3);
    expect(await first.count()).toBe(0);
  });

  it('a page with a picture in its splash asks for its code only once the picture is on screen', async () => {
    const { page } = await phone(site);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script' && new URL(req.url()).pathname.startsWith('/assets/')) scripts.push(req.url());
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/site\/logo-[^/]*$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.waitForTimeout(600);
    expect(scripts).toEqual([]);
    release();
    await page.getByPlaceholder('请输入用户名').waitFor();
    expect(scripts.length).toBeGreaterThan(5);
  });

  it('the sports board keeps only the cards near the screen, and makes the others as the member scrolls to them', async () => {
    const { page } = await phone(site);
    await page.goto('/app/sports?tab=upcoming');
    await page.locator('.bp-sp-card').first().waitFor();
    await page.waitForTimeout(500);
    const first = await page.locator('.bp-sp-card').count();
    // Four at first (what an 844 px screen shows and more), eight more only if the screen reached their end.
    expect(first).toBeGreaterThanOrEqual(4);
    expect(first).toBeLessThanOrEqual(12);
    // evaluateAll does not wait: the marker may go between the count and the scroll (the last batch).
    const more = page.locator('.bp-sp-more');
    for (let i = 0; i < 60 && (await more.count()) > 0; i++) {
      await more.evaluateAll((marks) => marks[0]?.scrollIntoView());
      await page.waitForTimeout(50);
    }
    // Scrolled to its end, the board holds every match of the list.
    await expect.poll(() => page.locator('.bp-sp-card').count()).toBeGreaterThan(first + 8);
  });
});

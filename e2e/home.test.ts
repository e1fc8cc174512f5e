import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fund, goLive, scriptMatch } from '../apps/server/src/modules/sports/testing.ts';
import { browserAvailable, phone, PHONE, shoot, startSite, type Site } from './harness.ts';
import { dismissPopups, logIn, memberOnPhone, pullDown, waitForPath } from './steps.ts';

/** The text of the ticker's row that stands whole in its window, or null while the rows slide. */
const tickerRowInView = (page: Page) =>
  page.locator('.bp-ticker-rows li').evaluateAll((rows) => {
    const frame = rows[0].closest('.bp-ticker-window')!.getBoundingClientRect();
    const shown = rows.find((li) => {
      const row = li.getBoundingClientRect();
      return row.top >= frame.top - 0.5 && row.bottom <= frame.bottom + 0.5;
    });
    return shown?.textContent ?? null;
  });

/** How far the document reaches below the screen's bottom, in px (0 for a page no taller than the screen). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - innerHeight);

describe.runIf(browserAvailable())('home, and moving around the site', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => site?.close());

  it('[S4-20] the first load shows a splash until the site starts; the notices then scroll by one after another', async () => {
    const { page } = await phone(site);
    // The site's code held back, as on a slow connection: the page is not a black screen meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // A module script holds back DOMContentLoaded too: the page is taken as soon as its HTML arrives.
    await page.goto('/app/home', { waitUntil: 'commit' });
    const splash = page.locator('#root .bp-boot');
    await splash.waitFor();
    expect(await splash.boundingBox()).toMatchObject({ height: PHONE.height });
    await shoot(page, 'home-00-splash');
    release();
    await page.locator('.bp-home-header').waitFor();
    expect(await splash.count()).toBe(0);

    await dismissPopups(page);
    // The track is the notices and the first again, to slide on into it.
    const track = await page.locator('.bp-ticker-rows li').allInnerTexts();
    const notices = track.slice(0, -1);
    expect(new Set(notices).size).toBeGreaterThanOrEqual(3);
    // Watched for two steps (3.5 s each): each brings the next notice whole into the ticker's window.
    const seen: string[] = [];
    await expect
      .poll(
        async () => {
          const text = await tickerRowInView(page);
          if (!text || seen.at(-1) === text) return seen.length;
          seen.push(text);
          if (seen.length === 2) await shoot(page, 'home-01-ticker-next');
          return seen.length;
        },
        { timeout: 12_000, interval: 150 },
      )
      .toBeGreaterThanOrEqual(3);
    const at = notices.indexOf(seen[0]);
    expect(seen.slice(0, 3)).toEqual([0, 1, 2].map((step) => notices[(at + step) % notices.length]));
  });

  it('every page opens at its top, back returns to where the member was, a short page is no taller than the screen', async () => {
    // Enough matches in play for a board taller than the screen.
    for (let i = 1; i <= 6; i++) await goLive(site.server, await scriptMatch(site.server, { home: `主队${i}`, visit: `客队${i}` }), 0, 0);
    const { page } = await memberOnPhone(site);
    const toBottom = () =>
      page.evaluate(() => {
        scrollTo(0, document.documentElement.scrollHeight);
        return window.scrollY;
      });
    const scrolledBy = () => page.evaluate(() => window.scrollY);

    // From the bottom of home, 我的 opens at its top.
    await page.locator('.bp-livestrip-card').first().waitFor();
    expect(await toBottom()).toBeGreaterThan(200);
    await page.locator('.bp-tabbar').getByText('我的').click();
    await waitForPath(page, '/app/member');
    const menu = page.locator('.bp-member-menu');
    await menu.getByText('修改密码', { exact: true }).waitFor();
    expect(await scrolledBy()).toBe(0);

    // 修改密码 from a scrolled 我的: its header in view; back, 我的 as the member left it.
    const scrolled = await toBottom();
    expect(scrolled).toBeGreaterThan(100);
    await menu.getByText('修改密码', { exact: true }).click();
    await waitForPath(page, '/app/member/password');
    await page.locator('.adm-nav-bar').getByText('修改密码').waitFor();
    expect(await scrolledBy()).toBe(0);
    expect((await page.locator('.adm-nav-bar').boundingBox())!.y).toBe(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'nav-01-password-at-top');
    await page.goBack();
    await waitForPath(page, '/app/member');
    await expect.poll(scrolledBy).toBe(scrolled);

    // The in-play board seen once, then home: its 更多, tapped from a scrolled home, opens the board at its top.
    await page.goto('/app/sports?tab=live');
    // The board's first cards (four: the rest come as the member scrolls).
    await page.locator('.bp-sp-card').nth(3).waitFor();
    await page.locator('.bp-tabbar').getByText('首页').click();
    await waitForPath(page, '/app/home');
    const more = page.locator('.bp-livestrip-more');
    await more.evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 120));
    expect(await scrolledBy()).toBeGreaterThan(100);
    await more.click();
    await waitForPath(page, /^\/app\/sports\?tab=live/);
    await page.locator('.bp-sp-card').first().waitFor();
    expect(await overflow(page)).toBeGreaterThan(0);
    expect(await scrolledBy()).toBe(0);
    await shoot(page, 'nav-02-live-board-at-top');

    // Short pages, in the frame and out of it, end at the screen's bottom.
    for (const path of ['/app/member/logout-setup', '/cs', '/app/member/theme', '/login']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }
  });

  it('asked for less motion (the system setting), the live pulses and the roulette wheel play once and rest, the lobby jumps without sliding', async () => {
    // The matches in play of the test above: home's live strip shows them with a pulsing dot.
    const { page } = await phone(site);
    /** The CSS animations that loop for ever, running now. */
    const loops = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations === Infinity)
          .map((a) => (a as CSSAnimation).animationName),
      );
    await page.goto('/app/home');
    await page.locator('.bp-livestrip-dot').first().waitFor();
    await expect.poll(loops).toContain('bp-livestrip-pulse');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(loops).toEqual([]);
    await page.goto('/app/sports?tab=live');
    await page.locator('.bp-sp-card').first().waitFor();
    expect(await loops()).toEqual([]);
    // The casino lobby's kinds jump to their section at once, not in a smooth scroll.
    await page.goto('/app/casino');
    const kind = page.locator('.bp-casino-kind').last();
    const section = `kind-${/is-(\w+)/.exec((await kind.getAttribute('class'))!)![1]}`;
    await page.locator(`#${section}`).waitFor();
    await kind.click();
    const jumped = await page.evaluate(() => scrollY);
    expect(jumped).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => scrollY)).toBe(jumped);
    await page.goto('/app/tables/rou1');
    await page.locator('.bp-wheel-disc').waitFor();
    expect(await loops()).toEqual([]);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(loops).toContain('bp-turn');
  });

  it("home shows the member's balance with a deposit shortcut; a USDT site's in ₮", async () => {
    const { member, page } = await memberOnPhone(site);
    const bar = page.locator('.bp-home-wallet');
    await bar.getByText('中心钱包').waitFor();
    await bar.getByText('¥0.00').waitFor();
    await fund(site.server, member.memberId, 845_000n);
    await bar.getByRole('button', { name: '刷新余额' }).click();
    await bar.getByText('¥8,450.00').waitFor();
    await shoot(page, 'home-02-member-balance');
    await bar.getByRole('button', { name: '充值' }).click();
    await waitForPath(page, '/app/wallet/deposit');

    const usdt = await site.server.member({ siteId: 2 });
    const other = await phone(site);
    await other.page.goto('/login?siteId=2&theme=site');
    await logIn(other.page, usdt.name, usdt.password);
    await other.page.locator('.bp-home-wallet').getByText('₮0.00').waitFor();
    expect(await other.page.locator('.bp-home-wallet').innerText()).not.toContain('¥');
    await shoot(other.page, 'home-03-usdt-balance');
  });

  it('pulled down, the history and the sports board are read again', async () => {
    const { member, page } = await memberOnPhone(site);
    await page.goto('/app/wallet/records');
    await page.locator('.bp-deals .bp-empty, .bp-deals .bp-deal').first().waitFor();
    // Money arrives without a word to the open page (a test's credit): only a new read shows it.
    await fund(site.server, member.memberId, 12_345n);
    await page.waitForTimeout(500);
    expect(await page.locator('.bp-deals').innerText()).not.toContain('123.45');
    await pullDown(page, '.bp-deals');
    await page.locator('.bp-deal', { hasText: '123.45' }).waitFor();
    await shoot(page, 'pull-01-history');

    await page.goto('/app/sports');
    await page.locator('.bp-sp-card').first().waitFor();
    const reread = page.waitForRequest((r) => /\/api\/sports\/(popular\/list|list|live\/list)/.test(r.url()));
    await pullDown(page, '.bp-sp-list');
    await reread;
    await page.locator('.adm-pull-to-refresh-head', { hasText: /刷新成功|正在刷新/ }).waitFor();
    await shoot(page, 'pull-02-board');
  });
});

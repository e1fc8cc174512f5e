import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { THEME_SERIES, type BetRecord, type MatchSummary } from '@bp/contract';
import { setConfig } from '../apps/server/src/modules/site/index.ts';
import { INPLAY_DELAY_KEY, setMatchMedia, setVenueStatus } from '../apps/server/src/modules/sports/index.ts';
import { finish, goLive, priced, scriptMatch, setPrices } from '../apps/server/src/modules/sports/testing.ts';
import { browserAvailable, phone, shoot, startSite, type Site } from './harness.ts';
import { boardCard, dismissPopups, logIn, waitForPath } from './steps.ts';

/**
 * The sportsbook in the browser, on a live book: the built-in feed runs in real time (each league
 * starts with a match under way, so the boards have matches in play), the book's jobs confirm
 * in-play bets and settle them. Bets are placed on matches the tests script through the feed's
 * own entry point, so goals and results come when a test says. Members are funded by the wallet's
 * sandbox deposit.
 */
const INPLAY_DELAY_MS = 3_000;
/** A league the built-in feed does not play: its matches move only when a test says so. */
const SCRIPTED_LEAGUE = 9901;

const until = async <T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

describe.runIf(browserAvailable())('the sportsbook', () => {
  let site: Site;
  const api = async <T>(url: string, payload: object, headers: Record<string, string> = {}): Promise<T> => {
    const res = (await site.server.inject({ method: 'POST', url, payload, headers })).json();
    if (res.code !== 0) throw new Error(`${url}: ${res.code} ${res.msg}`);
    return res.data as T;
  };
  const board = (path: string, body: object) => api<{ list: MatchSummary[] }>(path, { page: 1, size: 200, ...body }).then((d) => d.list);

  /** A member with money in the main wallet, through the sandbox deposit channel. */
  async function fundedMember(amount: number) {
    const m = await site.server.member();
    const auth = { authorization: `Bearer ${m.token}` };
    const types = await api<Array<{ payTypeId: number; kind: string }>>('/api/wallet/pay/types', {}, auth);
    const sandbox = types.find((t) => t.kind === 'sandbox')!;
    const paid = await api<{ status: string }>(
      '/api/wallet/pay/payVal',
      { payTypeId: sandbox.payTypeId, amount },
      { ...auth, 'idempotency-key': `e2e-sports-${m.memberId}` },
    );
    expect(paid.status).toBe('success');
    return m;
  }

  /** Logs the member in on the phone; the session is the phone's now (an older token is ended). */
  async function logInOn(page: Page, member: { name: string; password: string }) {
    await logIn(page, member.name, member.password);
    return { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('bp.token'))}` };
  }

  const records = (auth: Record<string, string>, status?: string) =>
    api<{ list: BetRecord[] }>('/api/sports/bet/records', { page: 1, size: 20, ...(status ? { status } : {}) }, auth).then((d) => d.list);
  const mainBalance = (auth: Record<string, string>) => api<{ main: number }>('/api/wallet/balance', {}, auth).then((d) => d.main);

  beforeAll(async () => {
    site = await startSite({ runJobs: true });
    await setConfig(site.server.deps.db, 1, INPLAY_DELAY_KEY, String(INPLAY_DELAY_MS));
  });
  afterAll(async () => {
    await site?.close();
  });

  it('[S2-06] [S4-12] a sports venue opens only at status 0; otherwise the member goes home', async () => {
    const { db } = site.server.deps;
    const { page } = await phone(site);
    try {
      await setVenueStatus(db, 1, 'OBTY', 1);
      await setVenueStatus(db, 1, 'IMTY', 2);
      await page.goto('/app/sports');
      await waitForPath(page, '/app/home');
      await setVenueStatus(db, 1, 'IMTY', 0);
      await page.goto('/app/sports?venue=OBTY');
      await waitForPath(page, '/app/home');
      await page.goto('/app/sports');
      await expect.poll(() => page.locator('.bp-sp-venue-tab[aria-selected=true]').innerText()).toBe('IM体育');
    } finally {
      await setVenueStatus(db, 1, 'OBTY', 0);
      await setVenueStatus(db, 1, 'IMTY', 0);
    }
  });

  it('[S9-07] [S3-13] the boards: popular with the World Cup marked, in play, by sport and league, and search', async () => {
    const { page } = await phone(site);
    // Home shows what is in play; a card opens its match.
    await page.goto('/app/home');
    await dismissPopups(page);
    const strip = page.locator('.bp-livestrip-card').first();
    await strip.waitFor();
    await strip.scrollIntoViewIfNeeded();
    await shoot(page, 'sports-00-home-live-strip');
    await strip.click();
    await waitForPath(page, /^\/app\/sports\/match\/\d+$/);

    await page.goto('/app/sports');
    await page.locator('.bp-sp-card').first().waitFor();
    await page.locator('.bp-sp-card .bp-sp-wc', { hasText: '世界杯' }).first().waitFor();
    expect(await page.locator('.bp-sp-card .bp-sp-venue').first().innerText()).toBe('YB');
    await shoot(page, 'sports-01-home');

    await page.getByRole('tab', { name: /滚球/ }).click();
    await waitForPath(page, /tab=live/);
    await page.locator('.bp-sp-card.is-live').first().waitFor();
    await expect.poll(() => page.locator('.bp-sp-card:not(.is-live)').count()).toBe(0);
    await shoot(page, 'sports-02-live');

    await page.getByRole('tab', { name: /早盘/ }).click();
    await page.getByRole('button', { name: '篮球', exact: true }).click();
    await waitForPath(page, /sport=basketball/);
    const basketball = await board('/api/sports/list', { sport: 'basketball', live: false });
    await expect
      .poll(async () => (await page.locator('.bp-sp-card .bp-sp-league').allInnerTexts()).every((n) => basketball.some((m) => m.leagueName === n)))
      .toBe(true);
    await page.locator('.bp-sp-leagues .bp-sp-chip').nth(1).click();
    await waitForPath(page, /league=\d+/);
    const league = Number(new URL(page.url()).searchParams.get('league'));
    const leagueName = basketball.find((m) => m.leagueId === league)?.leagueName;
    await expect.poll(async () => [...new Set(await page.locator('.bp-sp-card .bp-sp-league').allInnerTexts())]).toEqual([leagueName]);

    await page.goto('/app/sports');
    const team = (await page.locator('.bp-sp-card .bp-sp-team-name').first().innerText()).trim();
    await page.getByRole('button', { name: '搜索球队或联赛' }).click();
    await page.getByPlaceholder('搜索球队或联赛').fill(team);
    await expect.poll(async () => (await page.locator('.bp-sp-card').allInnerTexts()).every((text) => text.includes(team))).toBe(true);
    await page.getByPlaceholder('搜索球队或联赛').fill('没有这支球队');
    await page.getByText('没有找到“没有这支球队”相关的赛事').waitFor();
  }, 120_000);

  it('[S3-07] a match follows its channel: a price that rises flashes red, one that falls green (the mainland way), a suspended market locks', async () => {
    const { db } = site.server.deps;
    const match = await scriptMatch(site.server, { leagueId: SCRIPTED_LEAGUE, home: '北京国安', visit: '上海申花' });
    await setMatchMedia(db, match.matchId, {
      anchorStatus: 1,
      animationUrl: '/assets/sports/animation/football.svg',
      anchorFlvUrl: 'https://live.example.com/anchor/1.flv',
    });
    await goLive(site.server, match, 1, 0);
    const { page } = await phone(site);
    await page.goto(`/app/sports/match/${match.matchId}`);
    await page.locator('.bp-sp-hero-score').waitFor();
    expect((await page.locator('.bp-sp-hero-score').innerText()).replace(/\s/g, '')).toBe('1-0');
    const home = page.locator(`.bp-odds[data-selection="${await match.sel('1x2', 'home')}"]`);
    const visit = page.locator(`.bp-odds[data-selection="${await match.sel('1x2', 'visit')}"]`);
    expect(await home.innerText()).toContain('2.10');

    await setPrices(site.server, match, [priced('1x2', [2.25, 3.3, 3.1])]);
    // Both flash at once, for a moment: watched together, so a slow machine does not miss the second.
    await Promise.all([home.and(page.locator('.is-up')).waitFor(), visit.and(page.locator('.is-down')).waitFor()]);
    expect(await home.innerText()).toContain('2.25');
    const [rise, fall] = await Promise.all([home, visit].map((odds) => odds.locator('.bp-odds-price').evaluate((el) => getComputedStyle(el).color)));
    const rgb = (color: string) => color.match(/\d+/g)!.map(Number);
    expect(rgb(rise)[0]).toBeGreaterThan(rgb(rise)[1] + 100);
    expect(rgb(fall)[1]).toBeGreaterThan(rgb(fall)[0] + 100);
    await shoot(page, 'sports-03-match-odds-flash');

    await setPrices(site.server, match, [priced('1x2', [2.25, 3.3, 3.1], { status: 'suspended' })]);
    await page.locator('.bp-sp-market', { hasText: '全场独赢' }).getByText('盘口暂停').waitFor();
    expect(await home.isDisabled()).toBe(true);
    await shoot(page, 'sports-04-match-suspended');

    // The animation plays here; a match no anchor commentates has no 主播 entry.
    await page.getByRole('button', { name: '动画' }).click();
    await page.locator('.bp-sp-media img[src="/assets/sports/animation/football.svg"]').waitFor();
    expect(await page.getByRole('button', { name: '主播' }).count()).toBe(0);
  }, 90_000);

  it('a member opens a live match, adds two legs, is refused by a goal in the in-play wait, places the parlay again, and sees it in the records and settled', async () => {
    const member = await fundedMember(1_000);
    const { page } = await phone(site);
    const auth = await logInOn(page, member);
    // Two matches in play that only this test moves, so the wait, the goal and the results are its to choose.
    const a = await scriptMatch(site.server, { leagueId: SCRIPTED_LEAGUE, home: '武汉三镇', visit: '成都蓉城' });
    const b = await scriptMatch(site.server, { leagueId: SCRIPTED_LEAGUE, home: '山东泰山', visit: '浙江队' });
    await goLive(site.server, a);
    await goLive(site.server, b);

    await page.goto('/app/sports?tab=live&sport=football');
    await (await boardCard(page, a.matchId)).locator('.bp-sp-card-foot').click();
    await waitForPath(page, `/app/sports/match/${a.matchId}`);
    await page.locator('.bp-sp-hero-score').waitFor();
    await shoot(page, 'sports-05-live-match');
    await page.locator(`.bp-odds[data-selection="${await a.sel('1x2', 'home')}"]`).click();
    await page.goBack();
    await (await boardCard(page, b.matchId)).locator(`.bp-odds[data-selection="${await b.sel('1x2', 'visit')}"]`).click();
    await page.locator('.bp-slipbar', { hasText: '2串1' }).click();

    await page.getByText('自动接受任何赔率变化').click();
    const stake = page.locator('input[name="stake-parlay"]');
    await stake.fill('20');
    await expect.poll(() => page.locator('.bp-slip-sums').innerText()).toMatch(/合计投注\s*¥20\.00/);
    await shoot(page, 'sports-06-slip-parlay');
    // The in-play wait shows for INPLAY_DELAY_MS: watched from the click on, so a slow machine does not miss it.
    const place = page.getByRole('button', { name: '确认投注' });
    await Promise.all([page.getByText(/滚球注单确认中/).waitFor(), place.click()]);
    await shoot(page, 'sports-07-inplay-wait');

    // A goal in the wait suspends the first leg's market: the book refuses the bet and returns the stake.
    await setPrices(site.server, a, [priced('1x2', [2.1, 3.3, 3.4], { status: 'suspended' })]);
    await page.locator('.bp-slip-outcome.is-refused').waitFor({ timeout: 20_000 });
    await shoot(page, 'sports-07b-refused');
    await expect.poll(() => mainBalance(auth)).toBe(1_000);
    // The member keeps the selections, and the stake of the bet that was refused, and places it once the market reopens.
    await page.getByRole('button', { name: '保留选项' }).click();
    expect(await stake.inputValue()).toBe('20');
    await expect.poll(() => place.isEnabled()).toBe(false);
    await setPrices(site.server, a, [priced('1x2', [1.8, 3.6, 4.2])]);
    await expect.poll(() => place.isEnabled()).toBe(true);
    await Promise.all([page.getByText(/滚球注单确认中/).waitFor(), place.click()]);
    await page.getByText('投注成功').waitFor({ timeout: 20_000 });
    const orderId = /注单号 (\S+)/.exec(await page.locator('.bp-slip-outcome').innerText())![1];
    await shoot(page, 'sports-08-bet-placed');

    await page.getByRole('button', { name: '查看注单' }).click();
    await waitForPath(page, '/app/sports/records');
    const card = page.locator(`[data-order="${orderId}"]`);
    await card.getByText('待结算').waitFor();
    expect(await card.locator('.bp-rec-legs li').count()).toBe(2);
    await shoot(page, 'sports-09-records-open');

    // Both matches end (the home side of the first, the visitors of the second win): the book settles
    // the parlay as won and says so on the member's channel, and the settled list, open meanwhile, reads it again.
    await page.getByRole('tab', { name: '已结算' }).click();
    await finish(site.server, a, { homeScore: 2, visitScore: 1 });
    await finish(site.server, b, { homeScore: 0, visitScore: 1 });
    const settled = await until('the parlay to settle', async () => (await records(auth, 'settled')).find((r) => r.orderId === orderId));
    expect(settled.status).toBe('won');
    expect(settled.payout).toBe(settled.potentialReturn);
    expect(settled.payout).toBeGreaterThan(20);
    await card.locator('.bp-rec-status', { hasText: '赢' }).waitFor({ timeout: 15_000 });
    expect(await mainBalance(auth)).toBe(Math.round((1_000 - 20 + settled.payout) * 100) / 100);
    await shoot(page, 'sports-10-records-settled');
  }, 120_000);

  it('[S5-07] a single: the stake is checked as typed, the bet placed, cash out withheld while suspended, then taken', async () => {
    const member = await fundedMember(500);
    const { page } = await phone(site);
    const auth = await logInOn(page, member);
    const match = await scriptMatch(site.server, { leagueId: SCRIPTED_LEAGUE, home: '广州队', visit: '深圳队' });
    await page.goto(`/app/sports/match/${match.matchId}`);
    await page.locator('.bp-sp-market', { hasText: '全场独赢' }).locator('.bp-odds:not([disabled])').first().click();
    await page.locator('.bp-slipbar').click();
    const stake = page.locator('input[name^="stake-"]');
    const says = (text: string) => page.locator('.bp-slip .bp-field-error', { hasText: text }).waitFor();
    await stake.fill('10.555');
    await says('金额最多保留两位小数');
    await stake.fill('5');
    await says('最低投注 10');
    await stake.fill('600');
    // What is left to stake reads as money, in the site's currency.
    await says('余额不足，可用 ¥500.00');
    await shoot(page, 'sports-06b-slip-single-balance');
    await stake.fill('100');
    await expect.poll(() => page.locator('.bp-slip .bp-field-error').innerText()).toBe('');
    await page.getByRole('button', { name: '确认投注' }).click();
    await page.getByText('投注成功').waitFor();
    expect(await mainBalance(auth)).toBe(400);

    await setPrices(site.server, match, [priced('1x2', [2.1, 3.3, 3.4], { status: 'suspended' })]);
    await page.getByRole('button', { name: '查看注单' }).click();
    await page.getByRole('button', { name: '暂停提前结算' }).waitFor();
    expect(await page.getByRole('button', { name: '暂停提前结算' }).isDisabled()).toBe(true);
    await setPrices(site.server, match, [priced('1x2', [2.3, 3.3, 3.1])]);
    const cashOut = page.getByRole('button', { name: /提前结算 ¥/ });
    await cashOut.waitFor({ timeout: 20_000 });
    await shoot(page, 'sports-11-records-cash-out');
    await cashOut.click();
    await page.locator('.adm-dialog').getByRole('button', { name: '确定' }).click();
    await page.getByText(/已提前结算，¥[\d.,]+ 已返还至钱包/).waitFor();
    const [bet] = await records(auth, 'cashed_out');
    expect(bet.payout).toBeGreaterThan(0);
    expect(await mainBalance(auth)).toBe(Math.round((400 + bet.payout) * 100) / 100);
    await page.getByRole('tab', { name: '已结算' }).click();
    await page.locator(`[data-order="${bet.orderId}"]`).getByText('已提前结算').waitFor();
    await shoot(page, 'sports-12-cashed-out');
  }, 120_000);

  it('[S1-03] [S9-04] on the USDT site the slip says the money in ₮: the balance, what is left to stake, the total', async () => {
    const member = await site.server.member({ siteId: 2 });
    const { page } = await phone(site);
    await page.goto('/login?siteId=2&theme=site');
    await logIn(page, member.name, member.password);
    const match = await scriptMatch(site.server, { leagueId: SCRIPTED_LEAGUE, home: '上海海港', visit: '北京国安' });
    await page.goto(`/app/sports/match/${match.matchId}`);
    await page.locator('.bp-sp-market', { hasText: '全场独赢' }).locator('.bp-odds:not([disabled])').first().click();
    await page.locator('.bp-slipbar').click();
    await page.locator('input[name^="stake-"]').fill('20');
    await page.locator('.bp-slip .bp-field-error', { hasText: '余额不足，可用 ₮0.00' }).waitFor();
    await expect.poll(() => page.locator('.bp-slip-sums').innerText()).toMatch(/余额\s*₮0\.00[\s\S]*合计投注\s*₮20\.00/);
    await shoot(page, 'sports-13-slip-usdt');
  }, 90_000);

  it('[S2-14] the boards and the slip read well in the eight themes', async () => {
    const { page } = await phone(site);
    await page.goto('/app/sports?tab=upcoming');
    await page.locator('.bp-sp-card .bp-odds:not([disabled])').first().click();
    for (const series of THEME_SERIES) {
      await page.goto(`/app/sports?tab=upcoming&theme=${series}`);
      await page.locator('.bp-sp-card').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(series);
      await shoot(page, `sports-theme-${series}`);
    }
  }, 120_000);
});

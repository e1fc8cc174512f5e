import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../apps/server/src/test/harness.ts';
import { browserAvailable, phone, shoot, startSite, type Site } from './harness.ts';
import { dismissPopups, logIn, waitForPath } from './steps.ts';

/** Electronic games in Chromium on the real server: from home to a venue's games, then a real spin. */
describe.runIf(browserAvailable())('electronic games', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  const api = async (token: string, url: string, payload: object = {}, money = false) =>
    (await site.server.inject({ method: 'POST', url, headers: bearer(token, money ? { 'idempotency-key': randomUUID() } : {}), payload })).json();

  it('[S2-11] a visitor reaches /app/egame/pg from home and searches the games', async () => {
    const { context, page } = await phone(site);
    await page.goto('/app/home');
    await dismissPopups(page);
    await page.getByText('电子', { exact: true }).first().click();
    await waitForPath(page, '/app/egame/pg');
    await expect.poll(() => page.locator('.bp-egame-tile').count()).toBe(12);
    expect(await page.locator('.adm-tabs-tab').allInnerTexts()).toEqual(['全部', '热门', '最新']);
    await shoot(page, 'egame-01-venue');
    await page.getByPlaceholder('搜索游戏').fill('招财');
    await expect.poll(() => page.locator('.bp-egame-tile').count()).toBe(1);
    await expect(page.locator('.bp-egame-tile').first().innerText()).resolves.toContain('招财喵');
    await context.close();
  });

  it('[S3-02] a member collects a game, finds it under 收藏, launches it with auto-transfer and spins against the venue wallet', async () => {
    const member = await site.server.member();
    const types = (await api(member.token, '/api/wallet/pay/types')).data as Array<{ payTypeId: number; kind: string }>;
    const sandbox = types.find((t) => t.kind === 'sandbox')!;
    expect((await api(member.token, '/api/wallet/pay/payVal', { payTypeId: sandbox.payTypeId, amount: 300 }, true)).data.status).toBe('success');
    await api(member.token, '/api/wallet/autoTransfer/set', { status: true });

    const { context, page } = await phone(site);
    await logIn(page, member.name, member.password);
    // The login on the phone ended the registration's session: ask the server with the phone's token.
    const token = await page.evaluate(() => localStorage.getItem('bp.token')!);
    await page.goto('/app/egame/pg');
    const tile = page.locator('.bp-egame-tile').first();
    await tile.getByRole('button', { name: '收藏' }).click();
    await expect.poll(() => tile.getByRole('button', { name: '取消收藏' }).count()).toBe(1);
    // The 收藏 tab holds what the member collected at this venue.
    const collected = await tile.locator('.bp-egame-open span').innerText();
    await page.locator('.adm-tabs-tab', { hasText: '收藏' }).click();
    await expect.poll(() => page.locator('.bp-egame-tile').allInnerTexts()).toEqual([expect.stringContaining(collected)]);
    await shoot(page, 'egame-03-collected');
    await page.locator('.adm-tabs-tab', { hasText: '全部' }).click();
    await expect.poll(() => page.locator('.bp-egame-tile').count()).toBe(12);
    await tile.locator('.bp-egame-open').click();
    await waitForPath(page, '/sandbox/game');
    await expect.poll(() => page.locator('#spin').isEnabled()).toBe(true);
    // Auto-transfer moved the whole main wallet into the venue before the game opened.
    const before = (await api(token, '/api/wallet/balance')).data;
    expect(before.main).toBe(0);
    expect(before.venues.find((v: { api_name: string }) => v.api_name === 'PG').balance).toBe(300);
    // Money as everywhere on the site: the symbol, thousands grouped, 2 decimals.
    expect(await page.locator('#balance').innerText()).toBe('¥300.00');
    await page.locator('#chips').getByRole('button', { name: '50', exact: true }).click();
    expect(await page.locator('#stake').innerText()).toBe('¥50.00');
    await page.getByRole('button', { name: '减少投注' }).click();
    expect(await page.locator('#stake').innerText()).toBe('¥10.00');
    await page.locator('#spin').click();
    await expect.poll(() => page.locator('#result').innerText()).not.toBe('');
    await shoot(page, 'egame-02-sandbox-spin');
    // The venue wallet moved by exactly what the page says: the stake out, the win (if any) in.
    const result = await page.locator('#result').innerText();
    const win = result.startsWith('恭喜中奖') ? Number(result.replace(/[^\d.]/g, '')) : 0;
    expect(result === '未中奖，再来一次' || win > 0, result).toBe(true);
    const after = (await api(token, '/api/wallet/balance')).data;
    const pg = after.venues.find((v: { api_name: string }) => v.api_name === 'PG').balance as number;
    expect(pg).toBeCloseTo(300 - 10 + win, 2);
    expect(await page.locator('#balance').innerText()).toBe(`¥${pg.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
    await context.close();
  });
});

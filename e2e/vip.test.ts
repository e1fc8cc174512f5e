import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DAY_MS, shanghaiDay } from '@bp/contract';
import { bearer } from '../apps/server/src/test/harness.ts';
import { computeRebates } from '../apps/server/src/modules/vip/index.ts';
import { recordRound } from '../apps/server/src/modules/vip/turnover.ts';
import { browserAvailable, phone, shoot, startSite, tour, type Site } from './harness.ts';
import { logIn, openFromMenu, waitForPath } from './steps.ts';

/** The VIP page, the welfare centre and rebate in Chromium on the real server (issue 15). */

describe.runIf(browserAvailable())('VIP, welfare and rebate', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  const api = async (token: string, url: string, payload: object, key: string, siteId = 1) => {
    const headers = bearer(token, { 'idempotency-key': key, ...(siteId === 1 ? {} : { 'x-site-id': String(siteId) }) });
    const answer = (await site.server.inject({ method: 'POST', url, headers, payload })).json();
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  };
  /** A sandbox deposit through the real deposit call. */
  const deposit = async (m: { token: string }, amount: number, siteId = 1) => {
    const types: Array<{ payTypeId: number; kind: string }> = (
      await site.server.call('/api/wallet/pay/types', {}, { token: m.token, headers: siteId === 1 ? {} : { 'x-site-id': String(siteId) } })
    ).data;
    await api(m.token, '/api/wallet/pay/payVal', { payTypeId: types.find((t) => t.kind === 'sandbox')!.payTypeId, amount }, `e2e-vip-${Date.now()}`, siteId);
  };
  /** Egame turnover as a round of the casino records it: `stakeMinor` lost at `at`. */
  const played = (memberId: number, siteId: number, stakeMinor: bigint, at: number) =>
    site.server.deps.db.transaction((tx) =>
      recordRound(tx, { memberId, siteId, ref: `e2e:${memberId}:${at}`, category: 'egame', stakeMinor, payoutMinor: 0n }, new Date(at)),
    );
  const calm = (page: Page) =>
    page
      .locator('.adm-toast-mask')
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined);

  it('[S7-14] reach VIP 2 from play, see progress and benefits, receive the upgrade bonus and yesterday’s rebate', async () => {
    const member = await site.server.member();
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    await openFromMenu(page, 'VIP特权', '/app/vip');
    await page.getByTestId('vip-hero').getByText('普通会员').waitFor();
    await page.getByText('距离 VIP1 还需').waitFor();
    await shoot(page, 'vip-01-ordinary');

    // The browser's login replaced the registration's session: calls go with the phone's token.
    const token = await page.evaluate(() => localStorage.getItem('bp.token')!);
    await deposit({ token }, 6_000);
    await played(member.memberId, 1, 3_500_000n, Date.now());
    await played(member.memberId, 1, 200_000n, Date.now() - DAY_MS);
    await page.reload();
    await page.getByTestId('vip-hero').getByText('VIP2').waitFor();
    await computeRebates(site.server.deps.db, shanghaiDay(Date.now() - DAY_MS));
    expect(await page.locator('.bp-vip-table tr.is-current th').innerText()).toBe('VIP2');
    await shoot(page, 'vip-02-vip2');

    await page.getByText('福利中心', { exact: true }).click();
    await waitForPath(page, '/app/vip/welfare');
    const items = page.getByTestId('welfare-item');
    // The two upgrade bonuses, yesterday's rebate and the first deposit's bonus (the promo module's).
    await expect.poll(() => items.count()).toBe(4);
    await items.filter({ hasText: '首存100%彩金：第1笔存款赠送100%' }).waitFor();
    await shoot(page, 'vip-03-welfare');
    await items.filter({ hasText: 'VIP2晋级礼金' }).getByRole('button', { name: '领取' }).click();
    await page.getByText('已领取 ¥58.00，已存入中心钱包').waitFor();
    await expect.poll(() => items.count()).toBe(3);
    await calm(page);

    await page.goto('/app/vip/fanshui');
    // Yesterday's 2,000 of egame turnover after VIP2 was reached is rebated at VIP2's 0.7 %: 14.
    await page.getByTestId('fanshui-pending').getByText('¥14.00').waitFor();
    // The member's own rates, at the level reached, and how rebates are paid.
    const rates = page.getByTestId('fanshui-rates');
    await rates.getByText('VIP2').waitFor();
    expect(await rates.locator('li').filter({ hasText: '电子' }).innerText()).toContain('0.7%');
    await page.getByText(/7天内有效，过期作废/).waitFor();
    await shoot(page, 'vip-04-fanshui');
    await page.getByRole('button', { name: '一键领取' }).click();
    await page.getByText('已领取 ¥14.00，已存入中心钱包').waitFor();
    await page.getByTestId('fanshui-pending').getByText('¥0.00').waitFor();
    await calm(page);
    await shoot(page, 'vip-05-fanshui-received');
    const balance = (await site.server.call('/api/wallet/balance', {}, { token })).data;
    expect(balance.main).toBe(6_072);
  });

  it('[S2-14] [S1-03] the VIP page in three theme series, and the USDT site in ₮', async () => {
    const member = await site.server.member();
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    for (const series of tour(['classy', 'fresh', 'mecha'])) {
      await page.goto(`/app/vip?theme=${series}`);
      await page.getByTestId('vip-hero').getByText('普通会员').waitFor();
      await shoot(page, `vip-theme-${series}`);
    }
    const usdt = await site.server.member({ siteId: 2 });
    const other = await phone(site);
    await other.page.goto('/login?siteId=2&theme=site');
    await logIn(other.page, usdt.name, usdt.password);
    await other.page.goto('/app/vip');
    await other.page.getByText('₮0.00 / ₮150.00').waitFor();
    expect(await other.page.locator('.bp-vip-table thead').innerText()).toContain('晋级礼金(₮)');
    await shoot(other.page, 'vip-06-usdt');
    await other.page.goto('/app/vip/welfare');
    await other.page.getByText('暂无可领取的福利').waitFor();
    await shoot(other.page, 'vip-07-welfare-empty');
  });
});

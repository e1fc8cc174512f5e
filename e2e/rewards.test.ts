import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shanghaiDay } from '@bp/contract';
import { bearer } from '../apps/server/src/test/harness.ts';
import { recordRound } from '../apps/server/src/modules/vip/turnover.ts';
import { setOnce } from '../apps/server/src/modules/auth/index.ts';
import { setConfig } from '../apps/server/src/modules/site/index.ts';
import { browserAvailable, phone, shoot, startSite, tour, type Site } from './harness.ts';
import { logIn, waitForPath } from './steps.ts';

/** Points, the birthday bonus and bonus wagering (its forfeit on withdrawal) in Chromium on the real server (issue 15). */

describe.runIf(browserAvailable())('points, birthday bonus and bonus wagering', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
    // Deposits ask no turnover on this site: the withdrawal below meets only the bonus's wagering.
    await setConfig(site.server.deps.db, 1, 'withdraw_turnover_multiple', '0');
  });
  afterAll(async () => {
    await site?.close();
  });

  const api = async (token: string, url: string, payload: object, siteId = 1) => {
    const headers = bearer(token, { 'idempotency-key': `e2e-rw-${Date.now()}-${Math.random()}`, ...(siteId === 1 ? {} : { 'x-site-id': String(siteId) }) });
    const answer = (await site.server.inject({ method: 'POST', url, headers, payload })).json();
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  };
  const deposit = async (token: string, amount: number, siteId = 1) => {
    const headers: Record<string, string> = siteId === 1 ? {} : { 'x-site-id': String(siteId) };
    const types: Array<{ payTypeId: number; kind: string }> = (await site.server.call('/api/wallet/pay/types', {}, { token, headers })).data;
    await api(token, '/api/wallet/pay/payVal', { payTypeId: types.find((t) => t.kind === 'sandbox')!.payTypeId, amount }, siteId);
  };
  const played = (memberId: number, siteId: number, stake: number) =>
    site.server.deps.db.transaction((tx) =>
      recordRound(
        tx,
        { memberId, siteId, ref: `e2e-rw:${memberId}:${stake}`, category: 'egame', stakeMinor: BigInt(stake * 100), payoutMinor: 0n },
        new Date(),
      ),
    );
  const thisMonthBirthday = () => `1990-${shanghaiDay(Date.now()).slice(5, 7)}-15`;
  const keypad = (page: Page) => page.locator('.adm-number-keyboard-popup .adm-popup-body').filter({ visible: true });
  const calm = (page: Page) =>
    page
      .locator('.adm-toast-mask')
      .waitFor({ state: 'detached', timeout: 6_000 })
      .catch(() => undefined);

  it('[S7-14] earn points and exchange them for gold coins; receive the birthday bonus; withdraw before its wagering is met, told the forfeit first', async () => {
    const member = await site.server.member();
    await setOnce(site.server.deps.db, member.memberId, 'birthday', thisMonthBirthday());
    await setOnce(site.server.deps.db, member.memberId, 'realName', '张三');
    await api(member.token, '/api/wallet/withdrawPassword/set', { password: '123456' });
    await api(member.token, '/api/wallet/bankCard/add', { bankCode: 'ICBC', cardNum: '6222021234567890128' });
    await deposit(member.token, 1_000); // 10 points
    await played(member.memberId, 1, 6_000); // 60 points, and VIP1

    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    await page.goto('/app/vip');
    await page.getByRole('link', { name: /积分商城/ }).click();
    await waitForPath(page, '/app/vip/points');
    await page.getByTestId('points-hero').getByText('70', { exact: true }).waitFor();
    await page.getByText('每有效投注¥100.00、每存款¥100.00各得1积分').waitFor();
    await shoot(page, 'rewards-01-points');
    const gold = page.getByTestId('points-item').filter({ hasText: '50金币' });
    await gold.getByRole('button', { name: '50积分兑换' }).click();
    await page.getByText('确认使用50积分兑换「50金币」吗？').waitFor();
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByText('兑换成功，获得50金币').waitFor();
    await page.getByTestId('points-hero').getByText('20', { exact: true }).waitFor();
    await calm(page);
    expect(await page.getByTestId('points-item').filter({ hasText: '5元彩金' }).getByRole('button').isDisabled()).toBe(true);
    await page.locator('.bp-vip-history li').first().getByText('兑换 50金币').waitFor();
    await shoot(page, 'rewards-02-points-exchanged');

    await page.goto('/app/vip');
    await page.getByRole('link', { name: /生日礼金/ }).click();
    await waitForPath(page, '/app/vip/birthday');
    await page.getByText('生日快乐！礼金已发放，请领取').waitFor();
    await page.getByTestId('birthday-hero').getByText('¥18.00').waitFor();
    await shoot(page, 'rewards-03-birthday');
    await page.getByTestId('birthday-hero').getByRole('button', { name: '领取' }).click();
    await page.getByText('已领取 ¥18.00，已存入中心钱包').waitFor();
    await page.getByText('今年的生日礼金已领取').waitFor();
    await calm(page);

    await page.goto('/app/vip/welfare');
    const wager = page.getByTestId('wager-item').filter({ hasText: '生日礼金' });
    await wager.getByText('进行中').waitFor();
    await wager.getByText(/流水 ¥0\.00 \/ ¥18\.00/).waitFor();
    await page.getByText(/现在提款将扣除未完成流水的彩金¥18\.00/).waitFor();
    await shoot(page, 'rewards-04-wagering');

    await page.goto('/app/wallet/withdraw');
    await page
      .getByTestId('withdraw-forfeit')
      .getByText(/扣除未完成流水的彩金 ¥18\.00/)
      .waitFor();
    await page.getByPlaceholder('请输入提款金额').fill('300');
    await page.locator('.bp-fee').getByText('¥300.00').waitFor();
    await shoot(page, 'rewards-05-withdraw-forfeit');
    await page.getByRole('button', { name: '立即提款' }).click();
    await page.getByText('优惠流水还差 ¥18.00。确认提款将扣除未完成流水的彩金 ¥18.00，扣除后不可恢复。').waitFor();
    await shoot(page, 'rewards-06-forfeit-confirm');
    await page.getByRole('button', { name: '确认扣除并提款' }).click();
    await keypad(page).first().waitFor();
    for (const d of '123456') await keypad(page).getByRole('button', { name: d, exact: true }).click();
    await page.getByText('提款申请已提交').waitFor();
    // The browser's session replaced the one the test registered with.
    const token = await page.evaluate(() => localStorage.getItem('bp.token')!);
    const balance = await site.server.call('/api/wallet/balance', {}, { token });
    expect([balance.data.main, balance.data.frozen]).toEqual([1_000 - 300, 300]);
    const view = await site.server.call('/api/member/welfare/wagering', {}, { token });
    expect(view.data.list[0]).toMatchObject({ state: 'forfeited', forfeited: 18 });
  });

  it('[S2-14] [S1-03] points and birthday pages in three theme series, and on the USDT site in ₮', async () => {
    const member = await site.server.member();
    await deposit(member.token, 500);
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    for (const series of tour(['classy', 'fresh', 'mecha'])) {
      await page.goto(`/app/vip/points?theme=${series}`);
      await page.getByTestId('points-item').first().waitFor();
      await shoot(page, `rewards-theme-${series}-points`);
      await page.goto(`/app/vip/birthday?theme=${series}`);
      await page.getByTestId('birthday-hero').waitFor();
      await shoot(page, `rewards-theme-${series}-birthday`);
    }
    await page.goto('/app/vip/birthday');
    await page.getByRole('button', { name: '去设置生日' }).click();
    await waitForPath(page, '/app/member/profile');

    const usdt = await site.server.member({ siteId: 2 });
    await deposit(usdt.token, 150, 2);
    const other = await phone(site);
    await other.page.goto('/login?siteId=2&theme=site');
    await logIn(other.page, usdt.name, usdt.password);
    await other.page.goto('/app/vip/points');
    await other.page.getByText('每有效投注₮15.00、每存款₮15.00各得1积分').waitFor();
    await other.page.getByTestId('points-item').filter({ hasText: '0.8 USDT 彩金' }).waitFor();
    await shoot(other.page, 'rewards-07-usdt-points');
    await other.page.goto('/app/vip/birthday');
    await other.page.getByTestId('birthday-hero').waitFor();
    await shoot(other.page, 'rewards-08-usdt-birthday');
  });
});

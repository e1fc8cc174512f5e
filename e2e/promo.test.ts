import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { MemberTags } from '@bp/contract';
import { bearer } from '../apps/server/src/test/harness.ts';
import { memberChanged } from '../apps/server/src/platform/cache.ts';
import { recordRound } from '../apps/server/src/modules/vip/turnover.ts';
import { browserAvailable, phone, shoot, startSite, tour, type Site } from './harness.ts';
import { dialogText, logIn, waitForPath } from './steps.ts';

/** The 优惠 tab, daily sign-in, the spin wheel and the first-deposit bonus in Chromium on the real server (issue 15). */

describe.runIf(browserAvailable())('promotions', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  /** A sandbox deposit through the real deposit call. */
  const deposit = async (token: string, amount: number) => {
    const types: Array<{ payTypeId: number; kind: string }> = (await site.server.call('/api/wallet/pay/types', {}, { token })).data;
    const headers = bearer(token, { 'idempotency-key': `e2e-promo-${Date.now()}` });
    const payload = { payTypeId: types.find((t) => t.kind === 'sandbox')!.payTypeId, amount };
    const answer = (await site.server.inject({ method: 'POST', url: '/api/wallet/pay/payVal', headers, payload })).json();
    expect(answer.code, answer.msg).toBe(0);
  };
  const calm = (page: Page) =>
    page
      .locator('.adm-toast-mask')
      .waitFor({ state: 'detached', timeout: 6_000 })
      .catch(() => undefined);

  it('[S3-05] [S7-15] sign in today, spin the wheel, take the first-deposit bonus, see the turnover withdrawal asks, draw a lottery ticket', async () => {
    const member = await site.server.member();
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    await page.locator('.bp-tabbar').getByText('优惠').click();
    await waitForPath(page, '/app/promotions');
    await page.getByTestId('promo-card').first().waitFor();
    expect(await page.getByTestId('promo-card').locator('strong').allInnerTexts()).toEqual([
      '每日签到',
      '幸运大转盘',
      '幸运抽奖',
      '赛事竞猜',
      '每日闯关',
      '足彩',
      '每日答题',
      '首存100%彩金',
      '续存彩金',
      '邀请好友',
      '新手任务',
    ]);
    await shoot(page, 'promo-01-list');

    await page.getByTestId('promo-card').filter({ hasText: '每日签到' }).click();
    await waitForPath(page, '/app/promotions/sign');
    await page.getByRole('button', { name: '今日签到' }).click();
    await page.getByText('签到成功，获得 连续签到第1天彩金 ¥2.00').waitFor();
    await page.getByRole('button', { name: '今日已签到' }).waitFor();
    await calm(page);
    expect(await page.getByTestId('sign-hero').locator('.bp-promo-streak').innerText()).toBe('1 天');
    await page.getByTestId('promo-record').getByRole('button', { name: '领取' }).click();
    await page.getByText('已领取 ¥2.00，已存入中心钱包').waitFor();
    await page.getByTestId('promo-record').getByText('已领取').waitFor();
    await calm(page);
    await shoot(page, 'promo-02-signed');

    await page.goto('/app/promotions/wheel');
    await page.getByText('今日剩余 1 次').waitFor();
    await shoot(page, 'promo-03-wheel');
    await page.getByTestId('wheel-spin').click();
    await page.getByText(/恭喜获得|谢谢参与，下次好运/).waitFor({ timeout: 8_000 });
    await page.getByText('今日剩余 0 次').waitFor();
    expect(await page.getByTestId('wheel-spin').isDisabled()).toBe(true);
    // The records are fetched again after the draw: wait for them, not for the first answer.
    await expect.poll(() => page.getByTestId('promo-record').count()).toBe(1);
    await shoot(page, 'promo-04-wheel-spun');

    const token = await page.evaluate(() => localStorage.getItem('bp.token')!);
    await deposit(token, 200);
    await page.goto('/app/promotions/deposit');
    await page.getByTestId('deposit-tier').first().getByText('赠送 100%').waitFor();
    await shoot(page, 'promo-05-deposit');
    await page.getByRole('button', { name: '去福利中心领取' }).click();
    await waitForPath(page, '/app/vip/welfare');
    const bonus = page.getByTestId('welfare-item').filter({ hasText: '首存100%彩金：第1笔存款赠送100%' });
    await bonus.getByText('需 10 倍流水').waitFor();
    await bonus.getByRole('button', { name: '领取' }).click();
    await page.getByText('已领取 ¥188.00，已存入中心钱包').waitFor();
    await calm(page);

    // 200 deposited x1, the sign-in's 2 x1 and the bonus's 188 x10 are to be staked before a withdrawal.
    const prepare = (await site.server.call('/api/wallet/withdraw/prepare', {}, { token })).data;
    expect(prepare.turnoverRequired).toBe(2_082);
    await page.goto('/app/wallet/withdraw');
    await page.getByText(/还需完成 ¥?2,?082\.00 流水方可提款/).waitFor();
    await shoot(page, 'promo-06-withdraw-turnover');

    await page.goto('/app/promotions');
    await page.getByTestId('promo-card').filter({ hasText: '幸运抽奖' }).click();
    await waitForPath(page, '/app/promotions/lottery');
    await page.getByRole('button', { name: '去存款赚抽奖券' }).waitFor();
    // A ticket per 5,000 of valid turnover: a game round's, as the casino records it.
    await site.server.deps.db.transaction((tx) =>
      recordRound(
        tx,
        { memberId: member.memberId, siteId: 1, ref: `e2e-lottery:${member.memberId}`, category: 'egame', stakeMinor: 500_000n, payoutMinor: 0n },
        new Date(),
      ),
    );
    await page.reload();
    await page.getByText('剩余 1 张 · 已用 0 张').waitFor();
    await shoot(page, 'promo-06b-lottery');
    await page.getByTestId('lottery-draw').click();
    await page.getByText(/恭喜获得|谢谢参与，下次好运/).waitFor({ timeout: 8_000 });
    await page.getByText('剩余 0 张 · 已用 1 张').waitFor();
    // The records are fetched again after the draw: wait for them, not for the first answer.
    await expect.poll(() => page.getByTestId('promo-record').count()).toBe(1);
    await calm(page);
    await shoot(page, 'promo-06c-lottery-drawn');
  });

  it('[S7-15] invite a friend who deposits and plays, receive the reward; claim a novice task from the welfare centre; guess a match', async () => {
    const member = await site.server.member();
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    await page.goto('/app/promotions');
    await page.locator('.bp-promo-tabs').getByText('福利').click();
    await page.getByTestId('promo-card').filter({ hasText: '邀请好友' }).click();
    await waitForPath(page, '/app/promotions/invite');
    const code = await page.getByTestId('invite-code').innerText();
    expect(await page.getByTestId('invite-link').innerText()).toContain(`/register?i_code=${code}`);
    await shoot(page, 'promo-11-invite');

    // A friend registers with the code from their own device and IP, deposits 100 and plays 500.
    const friend = (await site.server.call('/api/member/register/v4', { name: `e2efr${Date.now() % 1e6}`, password: 'abc12345', i_code: code })).data;
    await site.server.deps.db.execute(sql`UPDATE sessions SET ip = '10.9.9.9', device = 'e2e-friend' WHERE member_id = ${friend.memberId}`);
    await deposit(friend.token, 100);
    await site.server.deps.db.transaction((tx) =>
      recordRound(
        tx,
        { memberId: friend.memberId, siteId: 1, ref: `e2e-invite:${friend.memberId}`, category: 'egame', stakeMinor: 50_000n, payoutMinor: 0n },
        new Date(),
      ),
    );
    await page.reload();
    await page.getByTestId('invite-friend').getByText('已奖励').waitFor();
    await page.getByTestId('promo-record').getByRole('button', { name: '领取' }).click();
    await page.getByText('已领取 ¥28.00，已存入中心钱包').waitFor();
    await calm(page);
    await shoot(page, 'promo-12-invite-rewarded');

    const token = await page.evaluate(() => localStorage.getItem('bp.token')!);
    await deposit(token, 100);
    await page.goto('/app/vip/welfare');
    await page.getByTestId('welfare-novice').click();
    await waitForPath(page, '/app/promotions/novice');
    const task = page.getByTestId('novice-task').filter({ hasText: '完成首次存款' });
    await task.getByRole('button', { name: '领取' }).click();
    await page.getByText('已领取 ¥8.00，已存入中心钱包').waitFor();
    await task.getByText('已领取').waitFor();
    await calm(page);
    await shoot(page, 'promo-13-novice');
    await page.getByTestId('novice-task').filter({ hasText: '绑定手机号' }).getByRole('button', { name: '去完成' }).click();
    await waitForPath(page, '/app/member/phone');

    await page.goto('/app/promotions/guess');
    const first = page.getByTestId('guess-match').first();
    await first.getByRole('button', { name: '主胜' }).click();
    await page.getByText('竞猜成功，赛果公布后自动开奖').waitFor();
    await page.getByTestId('guess-mine').getByText('待开奖').waitFor();
    expect(await first.getByRole('button', { name: '平局' }).isDisabled()).toBe(true);
    await calm(page);
    await shoot(page, 'promo-15-guess');
  });

  it('[S3-23] [S8-17] a blacklisted member opening an activity gets the 温馨提示 alert, then home', async () => {
    const member = await site.server.member();
    await site.server.deps.db.execute(sql`UPDATE members SET tags = ARRAY[${MemberTags.ACTIVITY_BLACKLIST}]::text[] WHERE member_id = ${member.memberId}`);
    memberChanged(member.memberId);
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    await page.goto('/app/promotions/wheel');
    expect(await dialogText(page)).toContain('您已被限制参与活动，如有疑问请联系客服');
    await shoot(page, 'promo-07-blacklist');
    await page
      .getByRole('button', { name: '确定' })
      .or(page.getByRole('button', { name: '知道了' }))
      .first()
      .click();
    await waitForPath(page, '/app/home');
  });

  it('[S2-14] [S1-03] the promotions in three theme series, and the USDT site in ₮', async () => {
    const member = await site.server.member();
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    for (const series of tour(['classy', 'fresh', 'mecha'])) {
      await page.goto(`/app/promotions/sign?theme=${series}`);
      await page.getByTestId('sign-day').first().waitFor();
      await shoot(page, `promo-theme-${series}-sign`);
      await page.goto(`/app/promotions/wheel?theme=${series}`);
      await page.getByTestId('wheel').waitFor();
      await shoot(page, `promo-theme-${series}-wheel`);
    }
    for (const series of tour(['fresh'])) {
      await page.goto(`/app/promotions/invite?theme=${series}`);
      await page.getByTestId('invite-code').waitFor();
      await shoot(page, `promo-theme-${series}-invite`);
    }
    const usdt = await site.server.member({ siteId: 2 });
    const other = await phone(site);
    await other.page.goto('/login?siteId=2&theme=site');
    await logIn(other.page, usdt.name, usdt.password);
    await other.page.goto('/app/promotions');
    await other.page.getByTestId('promo-card').first().waitFor();
    await shoot(other.page, 'promo-08-usdt-list');
    await other.page.goto('/app/promotions/deposit');
    await other.page.getByText('最高 ₮888.00').waitFor();
    await shoot(other.page, 'promo-09-usdt-deposit');
    await other.page.goto('/app/promotions/sign');
    await other.page.getByTestId('sign-day').first().getByText('₮0.30').waitFor();
    await shoot(other.page, 'promo-10-usdt-sign');
    await other.page.goto('/app/promotions/novice');
    await other.page.getByTestId('novice-task').filter({ hasText: '绑定USDT提款地址' }).getByText('奖励 ₮0.50').waitFor();
    await shoot(other.page, 'promo-14-usdt-novice');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createOperator } from '../apps/server/src/modules/admin/index.ts';
import { totpNow } from '../apps/server/src/modules/admin/testing.ts';
import { fund, goLive, scriptMatch } from '../apps/server/src/modules/sports/testing.ts';
import { browserAvailable, desktop, phone, shoot, startSite, type Site } from './harness.ts';
import { logIn, waitForPath } from './steps.ts';

/**
 * The sportsbook desk: a trader signs in with password and TOTP code, reads a match's exposure,
 * enters its result by hand, and the member's bet record then reads it settled.
 */
describe.runIf(browserAvailable())('operator sportsbook desk', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it('[admin] a trader signs in with 2FA, settles a match by hand, and the member’s bet record shows it won', async () => {
    const s = site.server;
    const match = await scriptMatch(s, { home: '北京国安', visit: '上海申花', startInMs: 60_000 });
    const member = await s.member();
    await fund(s, member.memberId, 50_000n);
    const placed = await s.call(
      '/api/sports/bet/place',
      { type: 'single', stake: 100, selections: [{ selectionId: await match.sel('1x2', 'home'), odds: 2.1 }] },
      { token: member.token, key: `k-${randomBytes(8).toString('hex')}` },
    );
    expect(placed.code, placed.msg).toBe(0);
    await goLive(s, match, 1, 0);

    const { otpauthUri } = await createOperator(s.deps.db, { name: 'trader_e2e', password: 'trader12345', roles: ['trader'] });
    const { page } = await desktop(site);
    await page.goto('/admin/login');
    await page.getByLabel('账号').fill('trader_e2e');
    await page.getByLabel('密码').fill('trader12345');
    await page.getByLabel('动态验证码').fill(totpNow(otpauthUri));
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('menuitem', { name: '赛事管理' }).click();
    await page.getByPlaceholder('球队或联赛').fill('北京国安');
    await page.keyboard.press('Enter');
    // The demo board may hold another match of the same two teams: this one is its own row.
    const row = page.locator(`tr[data-row-key="${match.matchId}"]`);
    await row.waitFor();
    await shoot(page, 'admin-book-1-fixtures');

    await row.getByText('北京国安 vs 上海申花').click();
    await page.getByText('全场独赢').waitFor();
    await expect.poll(() => page.locator('.ant-card').filter({ hasText: '全场独赢' }).textContent()).toContain('¥110.00');
    await shoot(page, 'admin-book-2-markets');

    await page.getByRole('button', { name: '录入赛果' }).click();
    await page.getByLabel('北京国安（主）').fill('2');
    await page.getByLabel('上海申花（客）').fill('1');
    await shoot(page, 'admin-book-3-result');
    await page.getByRole('button', { name: '确认并结算' }).click();
    await page.getByText('已结算 1 笔注单').waitFor();
    await page.getByText('人工录入').waitFor();
    await shoot(page, 'admin-book-4-settled');

    // The member signs in on their phone and opens their bet records.
    const { page: phonePage } = await phone(site);
    await logIn(phonePage, member.name, member.password);
    await phonePage.goto('/app/sports/records');
    await waitForPath(phonePage, '/app/sports/records');
    await phonePage.getByRole('tab', { name: '已结算' }).click();
    const card = phonePage.locator(`[data-order="${placed.data.orderId}"]`);
    await card.locator('.bp-rec-status', { hasText: '赢' }).waitFor();
    await shoot(phonePage, 'admin-book-5-member-record');
  });
});

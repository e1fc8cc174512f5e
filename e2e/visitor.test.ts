import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer } from '../apps/server/src/test/harness.ts';
import { browserAvailable, phone, shoot, startSite, type Site } from './harness.ts';
import { dialogText, dismissPopups, waitForPath } from './steps.ts';

describe.runIf(browserAvailable())('a visitor becomes a member', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => site?.close());

  it("[S2-03] [S4-03] [S5-01] [S2-12] opens home, a visitor's personal centre and the login reminder, registers (a bad password first), lands logged in, logs out", async () => {
    // An invite link: the inviter's own code arrives with the visitor and reaches registration.
    const inviter = await site.server.member();
    const info = await site.server.inject({ method: 'POST', url: '/api/member/info', headers: bearer(inviter.token), payload: {} });
    const inviteCode: string = info.json().data.inviteCode;

    const { page } = await phone(site);
    // Nothing is loaded from outside the site, and the page raises no error on the way.
    const foreign: string[] = [];
    const problems: string[] = [];
    page.on('request', (req) => !req.url().startsWith(site.url) && !req.url().startsWith('data:') && foreign.push(req.url()));
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => (msg.type() === 'error' || msg.type() === 'warning') && problems.push(msg.text()));
    await page.goto(`/app/home?i_code=${inviteCode}&from=e2e`);
    await dismissPopups(page);
    await page.locator('#app-download svg').waitFor();
    await expect(page.getByRole('button', { name: '登录' }).first().isVisible()).resolves.toBe(true);
    // Where a member's balance shows, a visitor has the way in.
    const money = page.locator('.bp-home-wallet');
    await expect(money.getByRole('button', { name: '登录' }).isVisible()).resolves.toBe(true);
    await expect(money.getByRole('button', { name: '注册' }).isVisible()).resolves.toBe(true);
    await shoot(page, '01-home-visitor');

    // 我的: a visitor's personal centre, no reminder over a blank page; the pages open to visitors open.
    await page.locator('.bp-tabbar').getByText('我的').click();
    await waitForPath(page, '/app/member');
    const centre = page.locator('.bp-visitor');
    await centre.getByRole('button', { name: '登录' }).waitFor();
    await expect(centre.getByRole('button', { name: '注册' }).isVisible()).resolves.toBe(true);
    expect(await centre.locator('.adm-list-item').allInnerTexts()).toEqual([
      '我的钱包',
      '注单记录',
      '游戏记录',
      '消息中心',
      '帮助中心',
      '代理中心',
      '主题风格',
      '联系客服',
    ]);
    expect(await page.locator('.adm-dialog').count()).toBe(0);
    await shoot(page, '02-visitor-centre');
    await centre.getByText('帮助中心').click();
    await waitForPath(page, '/app/member/help');
    await page.goBack();
    // A page for members asks to log in first: cancelled, the visitor stays; else to login, and there after.
    await centre.getByText('注单记录').click();
    expect(await dialogText(page)).toContain('请先登录');
    await shoot(page, '02-login-reminder');
    await page.getByRole('button', { name: '取消' }).click();
    await page.locator('.adm-dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/app/member');
    await centre.getByText('注单记录').click();
    await dialogText(page);
    await page.getByRole('button', { name: '去登录' }).click();
    await waitForPath(page, /^\/login\?fromPage=%2Fapp%2Fsports%2Frecords$/);
    await shoot(page, '03-login');

    await page.getByRole('button', { name: '立即注册' }).click();
    await waitForPath(page, '/register');
    const name = `e2e${Date.now().toString(36)}`;
    await page.getByPlaceholder('用户名：4-16位字母或数字').fill(name);
    await page.getByPlaceholder('密码：8-12位字母和数字组合').fill('abcdefgh');
    await expect(page.getByText('请输入8-12位字母和数字的组合').isVisible()).resolves.toBe(true);
    await page.getByPlaceholder('密码：8-12位字母和数字组合').fill(name);
    await page.getByText('密码不能与用户名相同').waitFor();
    await expect(page.locator('input[name="i_code"]').inputValue()).resolves.toBe(inviteCode);
    await shoot(page, '04-register-bad-password');

    await page.getByPlaceholder('密码：8-12位字母和数字组合').fill('abc12345');
    await page.getByPlaceholder('请再次输入密码').fill('abc12345');
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    // The consent is the visitor's own tick (e2e/newcomer.test.ts walks it in full).
    await page.locator('.bp-auth-agree .adm-checkbox').click();
    await page
      .getByRole('button', { name: '注 册' })
      .or(page.getByRole('button', { name: '注册' }))
      .first()
      .click();
    await waitForPath(page, '/app/home');
    await dismissPopups(page);
    await page.locator('.bp-home-greeting').waitFor();
    expect(await page.locator('.bp-home-greeting').innerText()).toContain(name);
    await money.getByText('¥0.00').waitFor();
    await expect(money.getByRole('button', { name: '充值' }).isVisible()).resolves.toBe(true);
    await shoot(page, '05-home-member');

    const rows = await site.server.deps.db.execute(sql`SELECT invite_code FROM members WHERE name = ${name}`);
    expect((rows.rows[0] as { invite_code: string }).invite_code).toBe(inviteCode);

    await page.locator('.bp-tabbar').getByText('我的').click();
    await waitForPath(page, '/app/member');
    await page.getByText(name, { exact: true }).first().waitFor();
    // The member's bets and VIP page are one tap from 我的.
    const menu = await page.locator('.bp-member-menu .adm-list-item').allInnerTexts();
    expect(menu).toContain('注单记录');
    expect(menu).toContain('VIP特权');
    await shoot(page, '06-member-centre');
    await page.locator('.bp-member-menu').getByText('注单记录').click();
    await waitForPath(page, '/app/sports/records');
    await page.locator('.adm-nav-bar').getByText('投注记录').waitFor();
    await page.goBack();
    await waitForPath(page, '/app/member');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.adm-dialog-body').getByRole('button', { name: '退出登录' }).click();
    await waitForPath(page, '/app/home');
    await page.getByRole('button', { name: '登录' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('bp.token'))).toBeNull();
    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
  });
});

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../apps/server/src/modules/admin/index.ts';
import { totpNow } from '../apps/server/src/modules/admin/testing.ts';
import { caller, newKey, pendingWithdrawal } from '../apps/server/src/modules/wallet/testing.ts';
import { setConfig } from '../apps/server/src/modules/site/index.ts';
import { browserAvailable, desktop, shoot, startSite, type Site } from './harness.ts';

/**
 * The operator console: a finance operator signs in with password and TOTP code, reviews a
 * withdrawal's risk view, approves it, and finds the decision in the audit log.
 */
describe.runIf(browserAvailable())('operator console', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it('[admin] signs in with TOTP, reviews a withdrawal with its risk view, approves it, refuses another with a reason, and the audit log shows it', async () => {
    const { db } = site.server.deps;
    const withdrawal = await pendingWithdrawal(site.server, 120, 400);
    const refused = await pendingWithdrawal(site.server, 100, 300);
    const { otpauthUri } = await createOperator(db, { name: 'finance_e2e', password: 'finance12345', roles: ['finance', 'risk'] });
    const { page } = await desktop(site);

    await page.goto('/admin');
    await page.getByRole('button', { name: '登录' }).waitFor();
    await shoot(page, 'admin-0-login');
    await page.getByLabel('账号').fill('finance_e2e');
    await page.getByLabel('密码').fill('wrong-password-1');
    await page.getByLabel('动态验证码').fill(totpNow(otpauthUri));
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('账号、密码或动态验证码错误').waitFor();

    await page.getByLabel('密码').fill('finance12345');
    await page.getByLabel('动态验证码').fill(totpNow(otpauthUri, 1));
    await page.getByRole('button', { name: '登录' }).click();
    // The console shows what the roles allow: finance and risk see the money, not the operators.
    await page.getByRole('menuitem', { name: '提款审核' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: '操作员' }).count()).toBe(0);
    const row = page.getByRole('row').filter({ hasText: withdrawal.orderNo });
    await row.waitFor();
    await shoot(page, 'admin-1-withdrawals');

    await row.getByRole('button', { name: '风控' }).click();
    await page.getByText('未完成流水').waitFor();
    await page.getByText('同IP会员').waitFor();
    await shoot(page, 'admin-2-risk');
    await page.getByRole('button', { name: 'Close' }).or(page.locator('.ant-drawer-close')).first().click();

    await row.getByRole('button', { name: '通过' }).click();
    await page.getByRole('button', { name: '确认通过' }).click();
    await page.getByText('已通过').first().waitFor();
    await expect
      .poll(async () => (await db.execute(`SELECT status FROM wallet_withdraw_orders WHERE order_id = ${withdrawal.orderId}`)).rows[0])
      .toEqual({ status: 'paid' });
    // Another refused, with the reason the member will read.
    const other = page.getByRole('row').filter({ hasText: refused.orderNo });
    await other.getByRole('button', { name: '拒绝' }).click();
    // The dialog's form in place before its empty submit.
    const dialog = page.getByRole('dialog', { name: '拒绝订单' });
    await dialog.getByLabel('拒绝原因（会员可见）').waitFor();
    await dialog.getByRole('button', { name: '确认拒绝' }).click();
    await dialog.locator('.ant-form-item-explain-error').first().waitFor();
    await dialog.getByLabel('拒绝原因（会员可见）').fill('收款信息与实名不符');
    await dialog.getByRole('button', { name: '确认拒绝' }).click();
    await expect
      .poll(async () => (await db.execute(`SELECT status FROM wallet_withdraw_orders WHERE order_id = ${refused.orderId}`)).rows[0])
      .toEqual({ status: 'rejected' });

    await page.getByRole('menuitem', { name: '审计日志' }).click();
    const entry = page.getByRole('row').filter({ hasText: `withdraw:${withdrawal.orderId}` });
    await entry.waitFor();
    await expect.poll(() => entry.textContent()).toContain('提款通过');
    await entry
      .getByRole('button', { name: /展开|Expand/ })
      .or(entry.locator('.ant-table-row-expand-icon'))
      .first()
      .click();
    await page.getByText('操作前').waitFor();
    await shoot(page, 'admin-3-audit');
    await page.getByRole('button', { name: '校验哈希链' }).click();
    await page.getByText(/逐条校验通过/).waitFor();
    await shoot(page, 'admin-4-chain');
  });

  it('[admin] a super admin reads the dashboard’s charts, finds a member, tags them, adds a note on their page and blocks them, which ends their session', async () => {
    const { db } = site.server.deps;
    const { member } = await pendingWithdrawal(site.server, 100, 300);
    const { otpauthUri } = await createOperator(db, { name: 'super_e2e', password: 'super123456', roles: ['super'] });
    const { page } = await desktop(site);
    await page.goto('/admin/login');
    await page.getByLabel('账号').fill('super_e2e');
    await page.getByLabel('密码').fill('super123456');
    await page.getByLabel('动态验证码').fill(totpNow(otpauthUri));
    await page.getByRole('button', { name: '登录' }).click();
    // A super admin lands on the dashboard: today's cards and the charts (canvas).
    await page.getByText('今日存款').waitFor();
    await expect.poll(() => page.locator('canvas').count()).toBeGreaterThanOrEqual(3);
    await shoot(page, 'admin-5-dashboard');

    await page.getByRole('menuitem', { name: '会员管理' }).click();
    await page.getByPlaceholder('会员ID、账号、手机、邮箱或真实姓名').fill(member.name);
    await page.getByRole('button', { name: '搜索' }).click();
    await page.getByRole('link', { name: member.name }).click();
    await page.getByText('资金流水').waitFor();
    await page.getByLabel('会员标签').click();
    await page.getByTitle('活动黑名单').click();
    await page.getByText('已保存').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /备注/ }).click();
    // The console follows the system's motion setting as it changes: with motion, the dialog
    // zooms in; asked for less (as every console journey asks), it opens where it stays and
    // nothing zooms or fades.
    await page.evaluate(() => {
      const w = window as unknown as { motions: string[] };
      w.motions = [];
      document.addEventListener('animationstart', (e) => w.motions.push(e.animationName), true);
    });
    const motions = () => page.evaluate(() => (window as unknown as { motions: string[] }).motions.join(' '));
    const noteDialog = async () => {
      await page.evaluate(() => ((window as unknown as { motions: string[] }).motions = []));
      await page.getByRole('button', { name: '添加备注' }).click();
    };
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await noteDialog();
    await expect.poll(motions).toMatch(/ZoomIn/);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await noteDialog();
    await page.getByLabel('备注内容').fill('提款前请核实银行卡');
    await page.getByRole('button', { name: '确定' }).click();
    await page.locator('.ant-list-item').getByText('提款前请核实银行卡').waitFor();
    expect(await motions()).not.toMatch(/-ant(Zoom|Fade|Slide|Move(Up|Down|Left|Right))/);
    await shoot(page, 'admin-6-member');
    const [row] = (await db.execute(`SELECT tags FROM members WHERE member_id = ${member.memberId}`)).rows as Array<{ tags: string[] }>;
    expect(row.tags).toEqual(['activity_blacklist']);

    // Blocked, the member's session ends: their next call is refused.
    expect((await site.server.call('/api/member/info', {}, { token: member.token })).code).toBe(0);
    await page.getByRole('button', { name: '封禁账号' }).click();
    await page.getByLabel('原因（记入审计日志）').fill('盗号风险');
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByRole('button', { name: '解封账号' }).waitFor();
    await expect.poll(async () => (await site.server.call('/api/member/info', {}, { token: member.token })).code).not.toBe(0);
  });

  it('[admin] a large manual credit waits for a second operator, who approves it; the member reads 人工加款; the report downloads as CSV', async () => {
    const { db } = site.server.deps;
    await setConfig(db, 1, 'adjust_approval_threshold', '1000');
    const member = await site.server.member();
    const asker = await createOperator(db, { name: 'finance_adj', password: 'finance12345', roles: ['finance'] });
    const checker = await createOperator(db, { name: 'risk_adj', password: 'risk12345678', roles: ['risk'] });
    const { page } = await desktop(site);
    const signIn = async (name: string, password: string, otpauthUri: string) => {
      await page.goto('/admin/login');
      await page.getByLabel('账号').fill(name);
      await page.getByLabel('密码').fill(password);
      await page.getByLabel('动态验证码').fill(totpNow(otpauthUri));
      await page.getByRole('button', { name: '登录' }).click();
      await page.getByRole('menuitem', { name: '人工调整' }).click();
    };

    await signIn('finance_adj', 'finance12345', asker.otpauthUri);
    await page.getByRole('button', { name: '新建调整' }).click();
    await page.getByLabel('会员ID').fill(String(member.memberId));
    await page.getByLabel('金额').fill('5000');
    await page.getByLabel(/原因/).fill('大额活动奖金补发');
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByText(/已提交待另一名操作员复核/).waitFor();
    const row = page.getByRole('row').filter({ hasText: '大额活动奖金补发' });
    await row.getByText('等待他人复核').waitFor();
    await shoot(page, 'admin-7-adjust-pending');
    await page.getByRole('button', { name: '退出' }).click();

    await signIn('risk_adj', 'risk12345678', checker.otpauthUri);
    await row.getByRole('button', { name: '通过' }).click();
    await page.getByRole('button', { name: '确认通过' }).click();
    await page.getByText('已复核通过，款项已入账').waitFor();
    await row.getByText('已入账').waitFor();
    await shoot(page, 'admin-8-adjust-approved');
    const history = await site.server.call('/api/wallet/queryDealRecord', { page: 1, size: 5, type: 'adjust' }, { token: member.token });
    expect(history.data.list.map((r: { typeName: string; amount: number }) => [r.typeName, r.amount])).toEqual([['人工加款', 5000]]);

    await page.getByRole('menuitem', { name: '报表' }).click();
    await expect.poll(() => page.locator('canvas').count()).toBeGreaterThanOrEqual(1);
    await shoot(page, 'admin-9-reports');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出 CSV/ }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF日期,币种,注单数,投注额')).toBe(true);
  });

  it('[admin] customer service recalls a member’s dice round: found by member ID, opened with its seeds and its ledger postings', async () => {
    const { db } = site.server.deps;
    const member = await site.server.member();
    const w = caller(site.server);
    await w.fund(member.token, 50);
    const played = await site.server.call('/api/originals/dice/play', { amount: 5, target: 98, condition: 'under' }, { token: member.token, key: newKey() });
    expect(played.code, played.msg).toBe(0);
    const { otpauthUri } = await createOperator(db, { name: 'cs_e2e', password: 'service12345', roles: ['cs'] });
    const { page } = await desktop(site);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/login');
    await page.getByLabel('账号').fill('cs_e2e');
    await page.getByLabel('密码').fill('service12345');
    await page.getByLabel('动态验证码').fill(totpNow(otpauthUri));
    await page.getByRole('button', { name: '登录' }).click();

    await page.getByRole('menuitem', { name: '游戏对局' }).click();
    await page.getByLabel('会员ID').fill(String(member.memberId));
    await page.getByLabel('会员ID').press('Enter');
    const row = page.getByRole('row').filter({ hasText: played.data.roundId });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await shoot(page, 'admin-10-rounds');
    await row.click();
    await page.getByText('公平性证明').waitFor();
    await page.getByText('会员更换种子后公开').waitFor();
    // Under 98 wins 98 rounds in 100: a lost round has its stake's posting and no payout's.
    await page.getByRole('cell', { name: 'bet.stake.originals' }).waitFor();
    const payouts = page.getByRole('cell', { name: 'bet.payout.originals' });
    if (played.data.payout > 0) await payouts.scrollIntoViewIfNeeded();
    else expect(await payouts.count()).toBe(0);
    await shoot(page, 'admin-11-round');
  });
});

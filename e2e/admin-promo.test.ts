import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../apps/server/src/modules/admin/index.ts';
import { totpNow } from '../apps/server/src/modules/admin/testing.ts';
import { browserAvailable, desktop, phone, shoot, startSite, type Site } from './harness.ts';
import { logIn } from './steps.ts';

/** The console's promotion desk (issues 15, 17): an operator edits the wheel's prizes and members spin for the new ones. */
describe.runIf(browserAvailable())('operator console: activity rules', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it('[admin] an operator changes a wheel prize (a bad amount refused on its field first) and the member’s wheel shows it', async () => {
    const { otpauthUri } = await createOperator(site.server.deps.db, { name: 'promo_e2e', password: 'promo12345678', roles: ['content'] });
    const { page } = await desktop(site);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/admin/login');
    await page.getByLabel('账号').fill('promo_e2e');
    await page.getByLabel('密码').fill('promo12345678');
    await page.getByLabel('动态验证码').fill(totpNow(otpauthUri));
    await page.getByRole('button', { name: '登录' }).click();

    await page.getByRole('menuitem', { name: '活动管理' }).click();
    await page.getByRole('button', { name: '编辑规则 幸运大转盘' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '活动规则' });
    const name = drawer.getByLabel('奖品名称').first();
    await name.waitFor();
    await shoot(page, 'admin-promo-1-wheel-rules');
    await name.fill('188 幸运大奖');
    await drawer.getByLabel('奖品金额').first().fill('-5');
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.getByText('奖品金额须为不小于0的金额，最多两位小数').waitFor();
    await shoot(page, 'admin-promo-2-refused');

    await drawer.getByLabel('奖品金额').first().fill('188');
    await drawer.getByLabel('权重').first().fill('3');
    await drawer.getByRole('button', { name: '保存' }).click();
    await page.getByText('活动规则已保存').waitFor();

    const member = await site.server.member();
    const config = (await site.server.call('/api/activity/wheel/config', {}, { token: member.token })).data;
    expect(config.prizes[0]).toMatchObject({ prizeNo: 1, prize: { kind: 'money', amount: 188, name: '188 幸运大奖' } });
    const [audit] = await site.server.deps.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM admin_audit WHERE action = 'promo.activity.rules'`);
    expect(audit.n).toBe(1);
    const phoneSite = await phone(site);
    await logIn(phoneSite.page, member.name, member.password);
    await phoneSite.page.goto('/app/promotions/wheel');
    await phoneSite.page.getByTestId('wheel').waitFor();
    await shoot(phoneSite.page, 'admin-promo-3-member-wheel');
  });
});

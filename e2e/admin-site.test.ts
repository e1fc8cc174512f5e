import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../apps/server/src/modules/admin/index.ts';
import { totpNow } from '../apps/server/src/modules/admin/testing.ts';
import { browserAvailable, desktop, phone, shoot, startSite, type Site } from './harness.ts';
import { dismissPopups } from './steps.ts';

/** The console's site screens: a content operator publishes a notice and a navigation entry that the member site shows at once. */
describe.runIf(browserAvailable())('operator console: site content', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it('[admin] [S7-09] a content operator publishes a ticker notice and a navigation entry, and a member then sees them on the home page', async () => {
    const { otpauthUri } = await createOperator(site.server.deps.db, { name: 'content_e2e', password: 'content12345', roles: ['content'] });
    const { page } = await desktop(site);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/admin/login');
    await page.getByLabel('账号').fill('content_e2e');
    await page.getByLabel('密码').fill('content12345');
    await page.getByLabel('动态验证码').fill(totpNow(otpauthUri));
    await page.getByRole('button', { name: '登录' }).click();

    await page.getByRole('menuitem', { name: '公告管理' }).click();
    await page.getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: '新建公告' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('标题').fill('春节活动');
    await dialog.getByLabel('内容').fill('春节存款加赠 18%，活动期间每日可领');
    await dialog.getByRole('button', { name: '保存' }).click();
    const row = page.getByRole('row').filter({ hasText: '春节活动' });
    await row.waitFor();
    await shoot(page, 'admin-site-1-notices');
    const [saved] = await site.server.deps.database.query<{ id: number }>(`SELECT id FROM site_contents WHERE body->>'title' = '春节活动'`);
    expect(saved).toBeDefined();

    // The member site shows it at once (the site module forgot its cached copy).
    const member = await phone(site);
    await member.page.goto('/app/home');
    await member.page.locator('.bp-ticker-rows li').filter({ hasText: '春节存款加赠 18%' }).first().waitFor({ state: 'attached' });
    await dismissPopups(member.page);
    await member.page.locator('.bp-ticker').click();
    await member.page.getByText('春节活动').first().waitFor();
    await shoot(member.page, 'admin-site-2-member-notices');

    // Unpublished, it is gone from the next visit.
    await row.getByRole('switch').click();
    await page.getByText('已保存').first().waitFor();
    await expect.poll(async () => (await site.server.call('/api/site/notice/list', {})).data.map((n: { id: number }) => n.id)).not.toContain(saved.id);

    // A navigation entry the operator adds is on the next member's home, with its corner mark.
    await page.getByRole('menuitem', { name: '导航入口' }).click();
    await page.getByRole('row').filter({ hasText: '体育' }).first().waitFor();
    await page.getByRole('button', { name: '新建导航入口' }).click();
    const entry = page.getByRole('dialog');
    await entry.getByLabel('名称').fill('电竞');
    await entry.getByLabel('代码').fill('esports');
    await entry.getByLabel('图标地址').fill('/assets/site/nav-sports.svg');
    await entry.getByLabel('跳转链接').fill('javascript:alert(1)');
    await entry.getByRole('button', { name: '保存' }).click();
    await entry.getByText('链接须为站内路径或 http(s) 地址').waitFor();
    await entry.getByLabel('跳转链接').fill('/app/sports');
    await entry.getByLabel('角标').fill('新');
    await entry.getByRole('button', { name: '保存' }).click();
    await page.getByRole('row').filter({ hasText: 'esports' }).waitFor();
    await shoot(page, 'admin-site-3-navigation');
    const next = await phone(site);
    await next.page.goto('/app/home');
    await dismissPopups(next.page);
    const added = next.page.locator('.bp-quicknav-item').filter({ hasText: '电竞' });
    await added.locator('.bp-quicknav-badge', { hasText: '新' }).waitFor();
    await shoot(next.page, 'admin-site-4-member-navigation');

    for (const [label, name] of [
      ['浮动图标', 'float-icons'],
      ['客服渠道', 'cs-channels'],
      ['轮播图', 'banners'],
      ['站点配置', 'config'],
      ['站点维护', 'maintenance'],
      ['站内信', 'messages'],
    ]) {
      await page.getByRole('menuitem', { name: label }).click();
      await page
        .getByRole('button', { name: /新建|保存|发送/ })
        .first()
        .waitFor();
      await shoot(page, `admin-site-${name}`);
    }
  });
});

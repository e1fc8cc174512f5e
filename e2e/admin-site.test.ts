import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorRole } from '@bp/contract';
import { createOperator } from '../apps/server/src/modules/admin/index.ts';
import { totpNow } from '../apps/server/src/modules/admin/testing.ts';
import { setAccessRules, setAppearance } from '../apps/server/src/modules/site/index.ts';
import { PHONE, browserAvailable, desktop, phone, shoot, startSite, type Site } from './harness.ts';
import { dismissPopups, waitForPath } from './steps.ts';

/**
 * The console's site screens: a content operator publishes a notice and a navigation entry, and
 * sets the theme and festival skin, that the member site shows at once; a risk operator turns an
 * IP range away.
 */
describe.runIf(browserAvailable())('operator console: site content', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  /** A new operator with these roles, signed in to the console with two-factor authentication. */
  async function operatorConsole(name: string, roles: OperatorRole[]) {
    const password = `${name}12345`;
    const { otpauthUri } = await createOperator(site.server.deps.db, { name, password, roles });
    const { page } = await desktop(site);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto('/admin/login');
    await page.getByLabel('账号').fill(name);
    await page.getByLabel('密码').fill(password);
    await page.getByLabel('动态验证码').fill(totpNow(otpauthUri));
    await page.getByRole('button', { name: '登录' }).click();
    return page;
  }

  it('[admin] [S7-09] a content operator publishes a ticker notice and a navigation entry, and a member then sees them on the home page', async () => {
    const page = await operatorConsole('content_e2e', ['content']);

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
      ['外观', 'appearance'],
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

  it('[admin] [S3-08] an operator sets the theme and the festival skin on 外观, and the member site wears them at once', async () => {
    const page = await operatorConsole('look_e2e', ['content']);
    try {
      await page.getByRole('menuitem', { name: '外观' }).click();
      await page.getByText('当前', { exact: true }).waitFor();
      await page.getByText('霓虹流光', { exact: true }).click();
      await page.getByText('春节', { exact: true }).click();
      await page.getByRole('button', { name: '保存' }).click();
      await page.getByText('外观已保存，会员端立即生效').waitFor();
      await shoot(page, 'admin-site-5-appearance');

      const member = await phone(site);
      await member.page.goto('/app/home');
      const html = () => member.page.evaluate(() => ({ ...document.documentElement.dataset }));
      await expect.poll(html).toMatchObject({ theme: 'glow', festival: 'springFestival' });
      await dismissPopups(member.page);
      await shoot(member.page, 'admin-site-6-member-festival');

      // No skin: the decoration is gone from the next visit.
      await page.getByText('不使用', { exact: true }).click();
      await page.getByRole('button', { name: '保存' }).click();
      await page.getByText('外观已保存，会员端立即生效').first().waitFor();
      await member.page.reload();
      await expect.poll(html).toMatchObject({ theme: 'glow' });
      expect((await html()).festival).toBeUndefined();
    } finally {
      await setAppearance(site.server.deps.db, 1, { series: 'classy', festivalSkin: '' });
    }
  });

  it('[admin] [S2-09] a risk operator denies an IP range on 访问规则: a visitor from it sees the restriction code; the rule removed, the visitor is let in', async () => {
    const page = await operatorConsole('risk_e2e', ['risk']);
    // The test server trusts 127.0.0.1 as its proxy: the visitor comes from the address it forwards.
    const context = await site.browser.newContext({
      viewport: PHONE,
      isMobile: true,
      locale: 'zh-CN',
      baseURL: site.url,
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.77' },
    });
    try {
      await page.getByRole('menuitem', { name: '访问规则' }).click();
      await page.getByText('暂无规则，所有访客均可访问').waitFor();
      await page.getByRole('button', { name: '新增规则' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('IP 地址或网段').fill('203.0.113.0/33');
      await dialog.getByLabel('原因').fill('风控网段');
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.getByText('访问规则无效：203.0.113.0/33 不是IP地址或网段').waitFor();
      await dialog.getByLabel('IP 地址或网段').fill('203.0.113.0/24');
      await dialog.getByRole('button', { name: '保存' }).click();
      const row = page.getByRole('row').filter({ hasText: '203.0.113.0/24' });
      await row.waitFor();
      await shoot(page, 'admin-site-7-access');
      const [{ id }] = await site.server.deps.database.query<{ id: number }>(`SELECT id FROM site_access_rules WHERE site_id = 1 AND value = '203.0.113.0/24'`);

      const visitor = await context.newPage();
      await visitor.goto('/app/home');
      await waitForPath(visitor, '/access-restriction');
      await visitor.getByText(`IP_DENIED-${id}`).waitFor();
      await shoot(visitor, 'admin-site-8-member-restricted');

      await row.getByRole('button', { name: '删除' }).click();
      await page.getByRole('button', { name: '删除', exact: true }).click();
      await page.getByText('暂无规则，所有访客均可访问').waitFor();
      // A fresh visit (a reload would keep the page's state, the code it was sent with).
      const again = await context.newPage();
      await again.goto('/access-restriction');
      await again.getByText('您当前的网络可以正常访问本站，无需处理。').waitFor();
    } finally {
      await context.close();
      await setAccessRules(site.server.deps.db, 1, []);
    }
  });
});

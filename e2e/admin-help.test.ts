import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../apps/server/src/modules/admin/index.ts';
import { totpNow } from '../apps/server/src/modules/admin/testing.ts';
import { browserAvailable, desktop, phone, shoot, startSite, type Site } from './harness.ts';
import { waitForPath } from './steps.ts';

/** The console's help centre: a content operator of one site writes an article that the site's help then shows. */
describe.runIf(browserAvailable())('operator console: help centre', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it('[admin] a content operator of one site adds a category and writes an article in it, and the member site’s help shows it at once', async () => {
    const { otpauthUri } = await createOperator(site.server.deps.db, { name: 'help_e2e', password: 'helpdesk12345', roles: ['content'], siteIds: [1] });
    const { page } = await desktop(site);
    await page.goto('/admin/login');
    await page.getByLabel('账号').fill('help_e2e');
    await page.getByLabel('密码').fill('helpdesk12345');
    await page.getByLabel('动态验证码').fill(totpNow(otpauthUri));
    await page.getByRole('button', { name: '登录' }).click();

    // The shared categories are every site's: this operator reads them only.
    await page.getByRole('menuitem', { name: '帮助中心' }).click();
    await page.getByRole('row').filter({ hasText: '存款帮助' }).waitFor();
    expect(await page.getByRole('button', { name: '编辑分类 存款帮助' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: '新建文章' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: '新建分类' }).click();
    const categoryDialog = page.getByRole('dialog');
    await categoryDialog.getByLabel('分类名称').fill('提款帮助');
    await categoryDialog.getByLabel('排序').fill('-1');
    await categoryDialog.getByRole('button', { name: '保存' }).click();
    await categoryDialog.getByText('已有同名帮助分类，请换一个名称').waitFor();
    await categoryDialog.getByLabel('分类名称').fill('新手指南');
    await categoryDialog.getByRole('button', { name: '保存' }).click();
    await categoryDialog.waitFor({ state: 'hidden' });
    const guide = page.getByRole('row').filter({ hasText: '新手指南' });
    await guide.getByText('新手指南').click();
    await page.getByText('「新手指南」的文章').waitFor();

    await page.getByRole('button', { name: '新建文章' }).click();
    const articleDialog = page.getByRole('dialog');
    await articleDialog.getByLabel('标题').fill('如何开始第一笔投注？');
    // Saved without content, the form says what is missing. Once in CI (2026-11-30) the first click
    // left no trace on the dialog just opened: it is clicked again, at most twice, before failing.
    for (let attempt = 1; ; attempt++) {
      await articleDialog.getByRole('button', { name: '保存' }).click();
      try {
        await articleDialog.getByText('请填写内容').waitFor({ timeout: 5_000 });
        break;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }
    await articleDialog.getByLabel('内容').fill('注册并完成存款后，进入「体育」选择赛事与玩法，在投注单中输入金额并确认即可。\n\n下注前请阅读投注规则。');
    await shoot(page, 'admin-help-1-article');
    await articleDialog.getByRole('button', { name: '保存' }).click();
    await articleDialog.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: '如何开始第一笔投注？' }).waitFor();
    await expect.poll(async () => (await guide.allInnerTexts()).join('')).toMatch(/新手指南\s*1/);

    // A category holding an article is not removed.
    await guide.getByRole('button', { name: '删除分类 新手指南' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除', exact: true }).click();
    await page.getByText('该分类下还有文章，请先删除或移走其中的文章再删除分类').waitFor();
    await shoot(page, 'admin-help-2-categories');

    // The member site's help has it first (sort -1), and the article in full.
    const member = await phone(site);
    await member.page.goto('/app/member/help');
    await member.page.locator('.adm-collapse-panel-header').first().filter({ hasText: '新手指南' }).waitFor();
    await member.page.getByText('如何开始第一笔投注？').click();
    await waitForPath(member.page, /^\/app\/member\/help\/\d+$/);
    await member.page.getByText('下注前请阅读投注规则。', { exact: false }).waitFor();
    await shoot(member.page, 'admin-help-3-member-article');

    // Not on the other site's help.
    const other = (await site.server.call('/api/member/help/categories', {}, { headers: { 'x-site-id': '2' } })).data as Array<{ name: string }>;
    expect(other.map((c) => c.name)).not.toContain('新手指南');
  });
});

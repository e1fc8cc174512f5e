import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createOperator } from '../apps/server/src/modules/admin/index.ts';
import { operatorCall, totpNow } from '../apps/server/src/modules/admin/testing.ts';
import { goLive, scriptMatch } from '../apps/server/src/modules/sports/testing.ts';
import { browserAvailable, desktop, phone, shoot, startSite, type Site } from './harness.ts';
import { logIn } from './steps.ts';

/** Issues 15, 17: an operator runs the quiz bank, the sponsors and the experts from the console; the member's phone shows them. */
describe.runIf(browserAvailable())('operator console: quiz bank, sponsors, experts', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  const QUESTION = '世界杯决赛圈目前有多少支球队参赛（2026年起）？';
  const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).waitFor();

  it('[admin] an operator adds a quiz question, a sponsor and an expert’s pick (a selection closed meanwhile refused on its field); the phone shows them', async () => {
    // The bank down to the day's five (through the operator API), so the question added below is drawn whatever the draw.
    for (let no = 6; no <= 20; no++) expect((await operatorCall(site.server, '/api/admin/promo/quiz/question/remove', { siteId: 1, no })).code).toBe(0);
    await scriptMatch(site.server, { startInMs: 40 * 60_000, home: '海鸥联', visit: '白鹭城' });
    const closing = await scriptMatch(site.server, { startInMs: 30 * 60_000, home: '北岸流浪', visit: '南港竞技' });

    const { otpauthUri } = await createOperator(site.server.deps.db, { name: 'content_e2e', password: 'content12345678', roles: ['content'] });
    const { page } = await desktop(site);
    await page.goto('/admin/login');
    await page.getByLabel('账号').fill('content_e2e');
    await page.getByLabel('密码').fill('content12345678');
    await page.getByLabel('动态验证码').fill(totpNow(otpauthUri));
    await page.getByRole('button', { name: '登录' }).click();

    // 答题题库: a question added (an empty text refused first), an old one removed.
    await page.getByRole('menuitem', { name: '答题题库' }).click();
    await page.getByText('题库现有 5 题').waitFor();
    await shoot(page, 'admin-content-1-quiz-bank');
    await page.getByRole('button', { name: '新增题目' }).click();
    const quiz = page.getByRole('dialog').filter({ hasText: '新增题目' });
    await quiz.getByRole('button', { name: '保存' }).click();
    await quiz.getByText('请填写题目').waitFor();
    await quiz.getByLabel('题目').fill(QUESTION);
    await quiz.getByLabel('选项A', { exact: true }).fill('32支');
    await quiz.getByLabel('选项B', { exact: true }).fill('40支');
    await quiz.getByRole('button', { name: '添加选项' }).click();
    await quiz.getByLabel('选项C', { exact: true }).fill('48支');
    await quiz.locator('.ant-radio-button-wrapper', { hasText: 'C. 48支' }).click();
    await quiz.getByLabel('答案解析（会员作答后显示，可留空）').fill('自2026年世界杯起扩军为48支球队。');
    await shoot(page, 'admin-content-2-quiz-question');
    await quiz.getByRole('button', { name: '保存' }).click();
    await toast(page, '第21题已保存');
    await page.getByRole('button', { name: '删除第1题' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除', exact: true }).click();
    await toast(page, '题目已删除');
    await page.getByText('题库现有 5 题').waitFor();

    // 赞助伙伴: a sponsor added and moved up one place.
    await page.getByRole('menuitem', { name: '赞助伙伴' }).click();
    await page.getByRole('button', { name: '新增赞助' }).click();
    const form = page.getByRole('dialog').filter({ hasText: '新增赞助伙伴' });
    await form.getByLabel('名称').fill('海港足球俱乐部');
    await form.getByLabel('徽标文字').fill('海港');
    await form.getByLabel('开始年份').fill('2025');
    await form.getByLabel('结束年份').fill('2024');
    await form.getByLabel('简介').fill('年度官方合作俱乐部，会员可参与主场观赛抽奖。');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('结束年份不能早于开始年份').waitFor();
    await form.getByLabel('结束年份').clear();
    await shoot(page, 'admin-content-3-sponsor-form');
    await form.getByRole('button', { name: '保存' }).click();
    await toast(page, '「海港足球俱乐部」已保存');
    await page.getByRole('button', { name: '上移 海港足球俱乐部' }).click();
    await toast(page, '排序已保存');
    await shoot(page, 'admin-content-4-sponsors');

    // 专家推荐: an expert added; a pick of a selection that closed meanwhile refused with the server's words, then one made.
    await page.getByRole('menuitem', { name: '专家推荐' }).click();
    await page.getByRole('button', { name: '新增专家' }).click();
    const expert = page.getByRole('dialog').filter({ hasText: '新增专家' });
    await expert.getByLabel('专家名称').fill('海风看球');
    await expert.getByLabel('头衔').fill('英超专栏');
    await expert.getByLabel('简介').fill('专注英超与欧冠，每周精选两到三场。');
    await shoot(page, 'admin-content-5-expert-form');
    await expert.getByRole('button', { name: '保存' }).click();
    await toast(page, '专家「海风看球」已保存');
    await shoot(page, 'admin-content-6-experts');
    await page.getByRole('button', { name: '推荐 海风看球' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '推荐管理：海风看球' });
    const choose = async (label: string, search: string, option: string) => {
      await drawer.getByRole('combobox', { name: label }).click();
      if (search) await drawer.getByRole('combobox', { name: label }).fill(search);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
    };
    await choose('赛事', '北岸流浪', '北岸流浪 vs 南港竞技');
    await choose('推荐选项', '', '全场独赢：北岸流浪');
    await drawer.getByLabel('推荐分析').fill('主场作战，状态火热。');
    await goLive(site.server, closing);
    await drawer.getByRole('button', { name: '提交推荐' }).click();
    await drawer.getByText('该选项已停止投注，不能推荐').waitFor();
    await shoot(page, 'admin-content-7-pick-refused');
    await choose('赛事', '海鸥联', '海鸥联 vs 白鹭城');
    await choose('推荐选项', '', '全场独赢：海鸥联');
    await drawer.getByRole('button', { name: '提交推荐' }).click();
    await toast(page, '已添加推荐：海鸥联 vs 白鹭城');
    await drawer.locator('.ant-table-row', { hasText: '海鸥联 vs 白鹭城' }).waitFor();
    await shoot(page, 'admin-content-8-picks');
    const audit = await site.server.deps.database.query<{ action: string }>(`SELECT action FROM admin_audit ORDER BY id`);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['promo.quiz.question.save', 'promo.sponsor.save', 'promo.sponsor.sort', 'promo.expert.save', 'promo.expert.pick']),
    );

    // The member's phone.
    const member = await site.server.member();
    const { page: mobile } = await phone(site);
    await logIn(mobile, member.name, member.password);
    await mobile.goto('/app/promotions/quiz');
    await mobile.getByTestId('quiz-question').filter({ hasText: QUESTION }).getByRole('button', { name: 'C. 48支' }).waitFor();
    await shoot(mobile, 'admin-content-9-member-quiz');
    await mobile.goto('/app/promotions/sponsors');
    await mobile.getByTestId('sponsor').filter({ hasText: '海港足球俱乐部' }).getByText('2025 年至今').waitFor();
    expect(await mobile.getByTestId('sponsor').locator('strong').allInnerTexts()).toEqual([
      '星河联足球俱乐部',
      '东岸篮球联盟',
      '疾风运动装备',
      '海港足球俱乐部',
      '北辰电竞战队',
    ]);
    await shoot(mobile, 'admin-content-10-member-sponsors');
    await mobile.goto('/app/promotions/experts');
    const card = mobile.getByTestId('expert').filter({ hasText: '海风看球' });
    await card.getByTestId('expert-pick').filter({ hasText: '海鸥联 vs 白鹭城' }).getByText('主场作战，状态火热。').waitFor();
    await card.scrollIntoViewIfNeeded();
    await shoot(mobile, 'admin-content-11-member-experts');
  }, 180_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import type { QuizConfig } from '../apps/server/src/modules/promo/quiz.ts';
import { browserAvailable, phone, shoot, startSite, type Site } from './harness.ts';
import { logIn, waitForPath } from './steps.ts';

/** The daily quiz, the experts' tips and the sponsors in Chromium on the real server (issue 15). */

describe.runIf(browserAvailable())('quiz, experts and sponsors', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  const calm = (page: Page) =>
    page
      .locator('.adm-toast-mask')
      .waitFor({ state: 'detached', timeout: 6_000 })
      .catch(() => undefined);
  /** The site's quiz bank, as the operator configured it (the test knows the answers; the page never gets them). */
  const bank = async (siteId: number) => {
    const { rows } = await site.server.deps.db.execute(sql`SELECT config FROM promo_activities WHERE site_id = ${siteId} AND kind = 'quiz'`);
    return (rows[0] as { config: QuizConfig }).config.questions;
  };
  /** Answers every question of the page right, one by one, waiting for each to show its answer. */
  const answerAll = async (page: Page, siteId: number) => {
    const questions = await bank(siteId);
    const cards = page.getByTestId('quiz-question');
    await cards.first().waitFor();
    for (let i = 0; i < (await cards.count()); i++) {
      const card = cards.nth(i);
      const text = (await card.locator('h3').innerText()).replace(/^\d+\. /, '');
      const q = questions.find((x) => x.question === text)!;
      await card.getByRole('button', { name: `${'ABCD'[q.answer]}. ${q.options[q.answer]}` }).click();
      await card.locator('.is-right').waitFor();
      await calm(page);
    }
  };

  it('[S7-15] answer the daily quiz all right and receive the prize; follow an expert’s tip to its match; read the sponsors', async () => {
    const member = await site.server.member();
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    await page.locator('.bp-tabbar').getByText('优惠').click();
    await waitForPath(page, '/app/promotions');
    await page.getByTestId('promo-card').filter({ hasText: '每日答题' }).click();
    await waitForPath(page, '/app/promotions/quiz');
    await page.getByText('已答 0/5 · 答对 0 题').waitFor();
    // Nothing on the page tells the right option before answering.
    expect(await page.locator('.is-right, .is-wrong, .bp-promo-quiz-why').count()).toBe(0);
    await shoot(page, 'quiz-01-questions');

    await answerAll(page, 1);
    await page.getByTestId('quiz-result').getByText('今日已答完，获得 答题答对5题奖金 ¥10.00').waitFor();
    expect(await page.locator('.bp-promo-quiz-why').count()).toBe(5);
    expect(await page.locator('.bp-promo-quiz-option.adm-button-disabled').count()).toBe(await page.locator('.bp-promo-quiz-option').count());
    await page.getByTestId('promo-record').getByRole('button', { name: '领取' }).click();
    await page.getByText('已领取 ¥10.00，已存入中心钱包').waitFor();
    await page.getByTestId('promo-record').getByText('已领取').waitFor();
    await calm(page);
    await shoot(page, 'quiz-02-answered');

    await page.goto('/app/promotions');
    await page.getByTestId('promo-content-experts').click();
    await waitForPath(page, '/app/promotions/experts');
    await page.getByTestId('expert-pick').first().waitFor();
    expect(await page.getByTestId('expert').locator('.bp-promo-expert-head strong').allInnerTexts()).toEqual(['老K看球', '大小球阿杰', '让球研究所']);
    await shoot(page, 'experts-01-list');
    const tips = (await site.server.call('/api/activity/experts/list', {})).data.list[0].open as Array<{ selectionId: number; match: { matchId: number } }>;
    await page.getByTestId('expert').first().getByTestId('expert-pick').first().click();
    await waitForPath(page, `/app/sports/match/${tips[0].match.matchId}`);
    await page.locator(`.bp-odds[data-selection="${tips[0].selectionId}"]`).waitFor();
    await shoot(page, 'experts-02-match');

    await page.goto('/app/promotions/experts');
    await page.getByTestId('expert').first().locator('.bp-promo-expert-more').click();
    await waitForPath(page, /\/app\/promotions\/experts\/\d+$/);
    await page.getByText('暂无已结算推荐').waitFor();
    await shoot(page, 'experts-03-expert');

    await page.goto('/app/news');
    await page.getByTestId('news-link-sponsors').click();
    await waitForPath(page, '/app/promotions/sponsors');
    await page.getByTestId('sponsor').first().waitFor();
    expect(await page.getByTestId('sponsor').count()).toBeGreaterThanOrEqual(3);
    await page.getByText('星河联足球俱乐部').waitFor();
    await shoot(page, 'sponsors-01-list');
  }, 120_000);

  it('[S7-15] the pages in another theme and on the USDT site', async () => {
    const member = await site.server.member({ siteId: 2 });
    const { page } = await phone(site);
    await page.goto('/login?siteId=2&theme=site');
    await logIn(page, member.name, member.password);
    await page.goto('/app/promotions/quiz?theme=glow');
    await page.getByTestId('quiz-question').first().waitFor();
    await page.getByText('₮1.50').first().waitFor();
    await shoot(page, 'quiz-usdt-glow');
    await page.goto('/app/promotions?theme=mecha');
    await page.getByTestId('promo-card').first().waitFor();
    await shoot(page, 'promo-usdt-mecha');
    await page.goto('/app/promotions/experts?theme=mecha');
    await page.getByTestId('expert-pick').first().waitFor();
    await shoot(page, 'experts-usdt-mecha');
    await page.goto('/app/promotions/sponsors?theme=fresh');
    await page.getByTestId('sponsor').first().waitFor();
    await shoot(page, 'sponsors-usdt-fresh');
  }, 90_000);
});

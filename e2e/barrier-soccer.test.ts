import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { recordRound } from '../apps/server/src/modules/vip/turnover.ts';
import { scriptMatch } from '../apps/server/src/modules/sports/testing.ts';
import { openSoccerRound } from '../apps/server/src/modules/promo/index.ts';
import { browserAvailable, phone, shoot, startSite, type Site } from './harness.ts';
import { logIn, memberOnPhone, waitForPath } from './steps.ts';

/** 闯关 and 足彩 in Chromium on the real server (issue 15). */

describe.runIf(browserAvailable())('闯关 and 足彩', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  /** Valid turnover of `amount` played now, as a casino round writes it. */
  const play = (memberId: number, amount: number, siteId = 1) =>
    site.server.deps.db.transaction((tx) =>
      recordRound(
        tx,
        { memberId, siteId, ref: `e2e-barrier:${memberId}:${Date.now()}`, category: 'egame', stakeMinor: BigInt(amount * 100), payoutMinor: 0n },
        new Date(),
      ),
    );
  /** A round of five coming football matches of the book. */
  const openRound = async (siteId = 1) => {
    const matches = [];
    for (let i = 0; i < 5; i++)
      matches.push(await scriptMatch(site.server, { leagueId: 9905, home: `北京队${i + 1}`, visit: `上海队${i + 1}`, startInMs: 3_600_000 + i * 600_000 }));
    return openSoccerRound(
      site.server.deps.db,
      siteId,
      matches.map((m) => m.matchId),
    );
  };
  const calm = (page: Page) =>
    page
      .locator('.adm-toast-mask')
      .waitFor({ state: 'detached', timeout: 6_000 })
      .catch(() => undefined);

  it('[S7-15] 闯关: today’s progress over the stages, a stage reached by betting received once; 足彩: a pick per match, the ticket shown', async () => {
    const { member, page } = await memberOnPhone(site);
    await page.locator('.bp-tabbar').getByText('优惠').click();
    await waitForPath(page, '/app/promotions');
    await page.getByTestId('promo-card').filter({ hasText: '每日闯关' }).click();
    await waitForPath(page, '/app/promotions/barrier');
    await page.getByTestId('barrier-turnover').getByText('¥0.00').waitFor();
    expect(await page.getByTestId('barrier-stage').count()).toBe(5);
    await page.getByTestId('barrier-stage').first().getByText('差 ¥1,000.00').waitFor();

    await play(member.memberId, 1_200);
    await page.reload();
    await page.getByTestId('barrier-turnover').getByText('¥1,200.00').waitFor();
    const first = page.getByTestId('barrier-stage').first();
    await first.getByRole('button', { name: '领取' }).click();
    await page.getByText('闯关成功，¥18.00 已存入中心钱包').waitFor();
    await first.getByText('已领取').waitFor();
    await page.getByTestId('barrier-stage').nth(1).getByText('差 ¥3,800.00').waitFor();
    await calm(page);
    await shoot(page, 'barrier-01-received');

    const { roundId } = await openRound();
    await page.goto('/app/promotions');
    await page.getByTestId('promo-card').filter({ hasText: '足彩' }).click();
    await waitForPath(page, '/app/promotions/soccer-lottery');
    await page.getByTestId('soccer-match').first().waitFor();
    expect(await page.getByTestId('soccer-match').count()).toBe(5);
    // Submitting before every match is picked is refused on the page.
    await page.getByRole('button', { name: '提交投注' }).click();
    await page.getByText('请为每场比赛选择一个结果').waitFor();
    await calm(page);
    const picks = ['主胜', '平', '客胜', '主胜', '平'];
    for (const [i, pick] of picks.entries()) await page.getByTestId('soccer-match').nth(i).getByRole('button', { name: pick, exact: true }).click();
    await page.getByRole('button', { name: '提交投注' }).click();
    await page.getByText('投注成功，全部比赛结束后开奖').first().waitFor();
    const ticket = page.getByTestId('soccer-ticket').first();
    await ticket.getByText(`第${roundId}期`).waitFor();
    await ticket.getByText('待开奖').waitFor();
    expect(await ticket.locator('.bp-promo-soccer-pick').allInnerTexts()).toEqual(picks.map((p, i) => `北京队${i + 1} vs 上海队${i + 1}\n${p} · 待定`));
    await calm(page);
    await ticket.scrollIntoViewIfNeeded();
    await shoot(page, 'soccer-01-ticket');
  });

  it('[S7-15] [S1-03] both pages in two theme series and on the USDT site in ₮', async () => {
    const { member, page } = await memberOnPhone(site);
    await play(member.memberId, 6_000);
    for (const series of ['mecha', 'elegant']) {
      await page.goto(`/app/promotions/barrier?theme=${series}`);
      await page.getByTestId('barrier-turnover').getByText('¥6,000.00').waitFor();
      await shoot(page, `barrier-theme-${series}`);
      await page.goto(`/app/promotions/soccer-lottery?theme=${series}`);
      await page.getByTestId('soccer-match').first().waitFor();
      await shoot(page, `soccer-theme-${series}`);
    }
    const usdt = await site.server.member({ siteId: 2 });
    await play(usdt.memberId, 800, 2);
    await openRound(2);
    const other = await phone(site);
    await other.page.goto('/login?siteId=2&theme=site');
    await logIn(other.page, usdt.name, usdt.password);
    await other.page.goto('/app/promotions/barrier');
    await other.page.getByTestId('barrier-turnover').getByText('₮800.00').waitFor();
    await other.page.getByTestId('barrier-stage').nth(1).getByRole('button', { name: '领取' }).waitFor();
    await shoot(other.page, 'barrier-usdt');
    await other.page.goto('/app/promotions/soccer-lottery');
    await other.page.getByTestId('soccer-match').first().waitFor();
    await shoot(other.page, 'soccer-usdt');
    expect(await other.page.locator('body').innerText()).not.toContain('¥');
  });
});

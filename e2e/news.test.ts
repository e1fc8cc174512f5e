import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finish, scriptMatch } from '../apps/server/src/modules/sports/testing.ts';
import { browserAvailable, phone, shoot, startSite, type Site } from './harness.ts';
import { waitForPath } from './steps.ts';

/** Sports news and the match assistant in Chromium (S7-12): articles, fixtures, tables written from the book's own results. */

/** A league the built-in feed does not play: its matches move only as the test says. */
const NEWS_LEAGUE = 9902;

describe.runIf(browserAvailable())('sports news', () => {
  let site: Site;
  let coming: number;
  beforeAll(async () => {
    site = await startSite();
    const played = await scriptMatch(site.server, { leagueId: NEWS_LEAGUE, home: '北京国安', visit: '上海申花', startInMs: -3 * 3_600_000 });
    await finish(site.server, played, { homeScore: 2, visitScore: 1 });
    coming = (await scriptMatch(site.server, { leagueId: NEWS_LEAGUE, home: '上海申花', visit: '北京国安', startInMs: 20 * 60_000 })).matchId;
  });
  afterAll(async () => {
    await site?.close();
  });

  it("[S7-12] from the sports page to the news, a match report with the league's table, the match assistant and the tables", async () => {
    const { page } = await phone(site);
    await page.goto('/app/sports');
    await page.getByTestId('sports-news').waitFor();
    await shoot(page, 'news-00-sports-header');
    await page.getByTestId('sports-news').click();
    await waitForPath(page, '/app/news');
    const report = page.getByTestId('news-item').filter({ hasText: '北京国安 2-1 上海申花' });
    await report.waitFor();
    await shoot(page, 'news-01-list');
    await report.click();
    await waitForPath(page, /\/app\/news\/result-\d+$/);
    await page.getByTestId('news-article').getByText('北京国安击败上海申花，全场比分2-1。').first().waitFor();
    expect(await page.getByTestId('news-table').locator('tbody tr').first().innerText()).toContain('北京国安');
    await shoot(page, 'news-02-article');

    await page.goto(`/app/sports/match/${coming}`);
    await page.getByTestId('match-assist').click();
    await waitForPath(page, `/app/news/assist/${coming}`);
    const forms = page.getByTestId('news-form');
    await forms.first().waitFor();
    expect(await forms.allInnerTexts()).toEqual(['上海申花\n负', '北京国安\n胜']);
    await shoot(page, 'news-03-assist');

    await page.goto('/app/news');
    await page.getByRole('tab', { name: '积分榜' }).click();
    await page.getByTestId('news-table').first().waitFor();
    await page.getByRole('tab', { name: '赛程赛果' }).click();
    await page.getByTestId('news-match').filter({ hasText: '上海申花' }).first().waitFor();
    await shoot(page, 'news-04-fixtures');
    await page.goto('/app/news?theme=fresh');
    await page.getByTestId('news-item').first().waitFor();
    await shoot(page, 'news-05-fresh');
    await page.goto('/app/news?siteId=2&theme=site');
    await page.getByTestId('news-item').first().waitFor();
    await shoot(page, 'news-06-usdt-site');
  });
});

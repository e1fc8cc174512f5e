import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMaintenance } from '../apps/server/src/modules/site/index.ts';
import { browserAvailable, phone, shoot, startSite, type Site } from './harness.ts';
import { dismissPopups, waitForPath } from './steps.ts';

describe.runIf(browserAvailable())('site maintenance', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    if (site) await setMaintenance(site.server.deps.db, 1, { status: 1 }).catch(() => undefined);
    await site?.close();
  });

  it('[S2-07] [S8-12] [S2-10] [S6-04] sends the visitor to /maintenance while /cs stays reachable, and back when it ends', async () => {
    const { page } = await phone(site);
    await page.goto('/app/home');
    await dismissPopups(page);

    const endAt = Date.now() + 2 * 3_600_000;
    await setMaintenance(site.server.deps.db, 1, { status: 0, startAt: Date.now() - 60_000, endAt, message: '系统升级维护中，预计两小时后恢复' });
    await page.goto('/app/home');
    await waitForPath(page, '/maintenance');
    await page.getByText('系统升级维护中，预计两小时后恢复').waitFor();
    await page.getByText('预计结束').waitFor();
    await shoot(page, '07-maintenance');

    // Customer service is exempt: the page and its channels load under maintenance.
    await page.getByRole('button', { name: '联系在线客服' }).click();
    await waitForPath(page, '/cs');
    await page.getByText('QQ客服').waitFor();
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).pathname).toBe('/cs');
    await shoot(page, '08-cs-under-maintenance');
    await page.reload();
    await page.getByText('Telegram').waitFor();
    expect(new URL(page.url()).pathname).toBe('/cs');

    // Another member-facing call turned away with the caveat also lands on /maintenance.
    await page.goto('/register');
    await waitForPath(page, '/maintenance');

    await setMaintenance(site.server.deps.db, 1, { status: 1 });
    await page.getByRole('button', { name: '重新检测' }).click();
    await waitForPath(page, '/app/home');
  });
});

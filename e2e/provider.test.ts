import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer } from '../apps/server/src/test/harness.ts';
import { asOperator } from '../apps/server/src/modules/admin/testing.ts';
import { expectLedgerSound } from '../apps/server/src/modules/wallet/testing.ts';
import { startSim, type Sim } from '../apps/server/src/modules/provider/testing.ts';
import { browserAvailable, phone, shoot, startSite, type Site } from './harness.ts';
import { logIn } from './steps.ts';

/** A seamless-wallet provider in Chromium: the simulator's process behind the SIM venue, played from the main wallet. */
describe.runIf(browserAvailable())('a game provider (seamless wallet)', () => {
  let site: Site;
  let sim: Sim;
  const secret = `journey-${randomUUID()}`;
  beforeAll(async () => {
    site = await startSite();
    sim = await startSim(site.url, secret);
    const saved = await asOperator(site.server, (headers) =>
      site.server.call(
        '/api/admin/provider/save',
        { api_name: 'SIM', name: '模拟供应商', category: 'egame', secret, launchUrl: `${sim.url}/launch`, enabled: true },
        { headers },
      ),
    );
    expect(saved.code, saved.msg).toBe(0);
    expect((await sim.post('/control/heartbeat')).code).toBe(0);
  });
  afterAll(async () => {
    await sim?.stop();
    await site?.close();
  });

  const api = async (token: string, url: string, payload: object = {}, money = false) =>
    (await site.server.inject({ method: 'POST', url, headers: bearer(token, money ? { 'idempotency-key': randomUUID() } : {}), payload })).json();

  it('a member opens the provider’s game from its egame page, plays a round on the provider’s page, and main moves by exactly that round', async () => {
    const member = await site.server.member();
    const types = (await api(member.token, '/api/wallet/pay/types')).data as Array<{ payTypeId: number; kind: string }>;
    const sandbox = types.find((t) => t.kind === 'sandbox')!;
    expect((await api(member.token, '/api/wallet/pay/payVal', { payTypeId: sandbox.payTypeId, amount: 200 }, true)).data.status).toBe('success');

    const { context, page } = await phone(site);
    await logIn(page, member.name, member.password);
    const token = await page.evaluate(() => localStorage.getItem('bp.token')!);
    await page.goto('/app/egame/si');
    await expect.poll(() => page.locator('.bp-egame-tile').count()).toBe(1);
    await expect(page.locator('.bp-egame-tile').first().innerText()).resolves.toContain('幸运七');
    await shoot(page, 'provider-01-venue');
    await page.locator('.bp-egame-open').first().click();
    await page.waitForURL((url) => url.href.startsWith(`${sim.url}/launch?token=`));
    await expect.poll(() => page.locator('#bal').innerText()).toBe('¥200.00');
    await shoot(page, 'provider-02-launch');
    await page.getByRole('button', { name: '下注 10' }).click();
    await expect.poll(() => page.locator('#log').innerText()).not.toBe('');
    const log = await page.locator('#log').innerText();
    const win = log.startsWith('赢得') ? Number(log.replace(/[^\d.]/g, '')) : 0;
    expect(log === '未中奖' || win === 50, log).toBe(true);
    await shoot(page, 'provider-03-round');

    // Seamless: the main wallet moved by the stake and the win, and nothing went to a venue.
    const wallet = (await api(token, '/api/wallet/balance')).data;
    expect(wallet.main).toBe(200 - 10 + win);
    expect(await page.locator('#bal').innerText()).toBe(`¥${wallet.main.toFixed(2)}`);
    const records = (await api(token, '/api/game/records', { api_name: 'SIM' })).data;
    expect(records.list[0]).toMatchObject({ api_name: 'SIM', stake: 10, payout: win, status: 'settled' });
    // Back to the site where the member came from.
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL((url) => url.pathname === '/app/egame/si');
    await context.close();
    const [row] = (await site.server.deps.db.execute(sql`SELECT count(*)::int AS n FROM provider_transactions WHERE member_id = ${member.memberId}`))
      .rows as Array<{
      n: number;
    }>;
    expect(row.n).toBe(2);
    await expectLedgerSound(site.server);
  });
  it('on the USDT site the provider’s page reads the member’s balance in ₮', async () => {
    const usdt = await site.server.member({ siteId: 2 });
    const site2 = { 'x-site-id': '2' };
    const types = await site.server.call('/api/wallet/pay/types', {}, { token: usdt.token, headers: site2 });
    const sandbox = (types.data as Array<{ payTypeId: number; kind: string }>).find((t) => t.kind === 'sandbox')!;
    const paid = await site.server.call(
      '/api/wallet/pay/payVal',
      { payTypeId: sandbox.payTypeId, amount: 80 },
      { token: usdt.token, key: randomUUID(), headers: site2 },
    );
    expect(paid.data.status, paid.msg).toBe('success');
    const { context, page } = await phone(site);
    await page.goto('/login?siteId=2&theme=site');
    await logIn(page, usdt.name, usdt.password);
    await page.goto('/app/egame/si');
    await expect.poll(() => page.locator('.bp-egame-tile').count()).toBe(1);
    await shoot(page, 'provider-04-usdt-venue');
    await page.locator('.bp-egame-open').first().click();
    await page.waitForURL((url) => url.href.startsWith(`${sim.url}/launch?token=`));
    await expect.poll(() => page.locator('#bal').innerText()).toBe('₮80.00');
    await page.getByRole('button', { name: '下注 1', exact: true }).click();
    await expect.poll(() => page.locator('#log').innerText()).not.toBe('');
    await shoot(page, 'provider-05-usdt-round');
    await context.close();
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bearer } from '../apps/server/src/test/harness.ts';
import { browserAvailable, phone, shoot, startSite, type Site } from './harness.ts';
import { logIn, waitForPath } from './steps.ts';

/**
 * The live dealer tables in Chromium on the real server, its dealer job running at its real pace
 * (baccarat: 15 s of bets, 9 s of dealing, 6 s of result: room for a slow, shared machine): a member enters a table (auto-transfer
 * brings the money to AG), bets on a round and sees the cards, the result, the payout and the road grow.
 */
describe.runIf(browserAvailable())('live dealer tables', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ runJobs: true, tablesSpeed: 1 });
  });
  afterAll(() => site?.close());

  const api = async (token: string, url: string, payload: object = {}, money = false, siteId = 1) =>
    (
      await site.server.inject({
        method: 'POST',
        url,
        headers: bearer(token, { 'x-site-id': String(siteId), ...(money ? { 'idempotency-key': randomUUID() } : {}) }),
        payload,
      })
    ).json();

  /** A phone that waits as long as a loaded machine needs. */
  async function patientPhone() {
    const opened = await phone(site);
    opened.page.setDefaultTimeout(45_000);
    opened.page.setDefaultNavigationTimeout(90_000);
    return opened;
  }

  async function fundedMember(amount: number, siteId = 1) {
    const member = await site.server.member({ siteId });
    const types = (await api(member.token, '/api/wallet/pay/types', {}, false, siteId)).data as Array<{ payTypeId: number; kind: string }>;
    const sandbox = types.find((t) => t.kind === 'sandbox')!;
    expect((await api(member.token, '/api/wallet/pay/payVal', { payTypeId: sandbox.payTypeId, amount }, true, siteId)).data.status).toBe('success');
    await api(member.token, '/api/wallet/autoTransfer/set', { status: true }, false, siteId);
    return member;
  }

  /** Waits for a betting window with at least `seconds` left (the machine may be slow). */
  async function bettingOpen(page: Page, seconds = 9) {
    await expect
      .poll(
        async () => {
          const phase = await page.locator('.bp-table-page').getAttribute('data-phase');
          const text = await page.locator('.bp-table-bar-phase').innerText();
          return phase === 'betting' && Number(/(\d+)秒/.exec(text)?.[1] ?? 0) >= seconds;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(true);
  }

  it('[S2-11] a member plays a baccarat round from the table list and sees the road map grow', async () => {
    const member = await fundedMember(500);
    const { page } = await patientPhone();
    await logIn(page, member.name, member.password);
    const token = await page.evaluate(() => localStorage.getItem('bp.token')!);
    await page.goto('/app/tables');
    await expect.poll(() => page.locator('.bp-table-card').count(), { timeout: 30_000 }).toBe(3);
    expect(await page.locator('.bp-table-card strong').allInnerTexts()).toEqual(['百家乐 A', '龙虎', '欧洲轮盘']);
    await shoot(page, 'tables-01-list');
    await page.locator('[data-table="bac1"]').click();
    await waitForPath(page, '/app/tables/bac1');
    // Entering launched AG: auto-transfer brought the whole main balance in.
    await expect.poll(() => page.getByTestId('ag-balance').innerText(), { timeout: 30_000 }).toBe('¥500.00');

    await bettingOpen(page);
    const beadsBefore = await page.locator('.bp-roads .bp-road').first().locator('.bp-road-cell').count();
    await page.locator('.bp-tchip', { hasText: /^50$/ }).click();
    await page.locator('[data-spot="player"]').click();
    await page.locator('.bp-tchip', { hasText: /^10$/ }).click();
    await page.locator('[data-spot="tie"]').click();
    expect(await page.locator('[data-spot="player"] .bp-spot-stake').innerText()).toContain('¥50.00');
    await page.getByRole('button', { name: /确认下注/ }).click();
    await expect.poll(() => page.getByTestId('ag-balance').innerText(), { timeout: 20_000 }).toBe('¥440.00');
    expect(await page.locator('[data-spot="player"] .bp-spot-stake').innerText()).toBe('¥50.00');
    const roundNo = (await api(token, '/api/game/records', { api_name: 'AG' })).data.list[0].detail.roundNo as number;
    expect(Number(await page.locator('.bp-table-page').getAttribute('data-round'))).toBe(roundNo);
    await shoot(page, 'tables-02-bet-placed');

    // The deal: cards turn in the real order, then the result and my payout.
    await expect.poll(() => page.locator('.bp-table-page').getAttribute('data-phase'), { timeout: 30_000 }).toBe('dealing');
    await expect.poll(() => page.locator('.bp-pcard.up').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shoot(page, 'tables-03-dealing');
    await expect.poll(() => page.locator('.bp-table-page').getAttribute('data-phase'), { timeout: 30_000 }).toBe('result');
    await page.locator('.bp-stage-result').waitFor();
    await expect.poll(() => page.locator('.bp-my-result').innerText(), { timeout: 20_000 }).toMatch(/本局赢得|本局未中奖/);
    await shoot(page, 'tables-04-result');

    const records = (await api(token, '/api/game/records', { api_name: 'AG' })).data;
    expect(records.list[0]).toMatchObject({ stake: 60, status: 'settled', gameName: '百家乐 A', detail: { roundNo } });
    const payout = records.list[0].payout as number;
    const shown = await page.locator('.bp-my-result').innerText();
    expect(shown).toBe(payout > 0 ? `本局赢得 ¥${payout.toFixed(2)}` : '本局未中奖');
    await expect.poll(() => page.getByTestId('ag-balance').innerText(), { timeout: 20_000 }).toBe(`¥${(440 + payout).toFixed(2)}`);
    // The road grew by this round (a new shoe starts the road over: then it holds this round alone).
    const beadsAfter = await page.locator('.bp-roads .bp-road').first().locator('.bp-road-cell').count();
    expect(beadsAfter === beadsBefore + 1 || beadsAfter === 1, `${beadsBefore} -> ${beadsAfter}`).toBe(true);
    const state = (await api(token, '/api/tables/state', { tableId: 'bac1' })).data;
    expect(state.table.history.at(-1).roundNo).toBe(roundNo);
    await shoot(page, 'tables-05-road');
  }, 300_000);

  it('[S3-18] on the USDT site a visitor watches dragon tiger and roulette in ₮, and a member tops AG up from the table', async () => {
    const member = await fundedMember(80, 2);
    await api(member.token, '/api/wallet/autoTransfer/set', { status: false }, false, 2);
    const { page } = await patientPhone();
    await page.goto('/login?siteId=2&theme=site');
    await logIn(page, member.name, member.password);
    await page.goto('/app/tables/dt1');
    await page.getByTestId('ag-balance').waitFor();
    await expect.poll(() => page.getByTestId('ag-balance').innerText(), { timeout: 30_000 }).toBe('₮0.00');
    await page.getByRole('button', { name: '转入' }).click();
    await page.getByRole('button', { name: '全部' }).click();
    await page.locator('.bp-transfer-in .adm-button-primary').click();
    // The login on the phone ended the registration's session: ask with the phone's token.
    const phoneToken = await page.evaluate(() => localStorage.getItem('bp.token')!);
    const agBalance = async () =>
      (await api(phoneToken, '/api/wallet/balance', {}, false, 2)).data.venues.find((v: { api_name: string }) => v.api_name === 'AG').balance as number;
    // The transfer answers after the tap: wait for it rather than read the balance at once.
    await expect.poll(agBalance, { timeout: 20_000 }).toBeGreaterThanOrEqual(80);
    const main = await agBalance();
    await expect.poll(() => page.getByTestId('ag-balance').innerText(), { timeout: 20_000 }).toBe(`₮${main.toFixed(2)}`);
    await shoot(page, 'tables-06-usdt-dragon-tiger');
    // Dragon tiger takes bets for 12 s.
    await bettingOpen(page, 5);
    // The USDT site's smallest chip is ₮1.
    await page.locator('[data-spot="dragon"]').click();
    await page.getByRole('button', { name: /确认下注/ }).click();
    await expect.poll(() => page.getByTestId('ag-balance').innerText(), { timeout: 20_000 }).toBe(`₮${(main - 1).toFixed(2)}`);
    await page.goto('/app/tables/rou1');
    await bettingOpen(page);
    await page.locator('[data-spot="straight:17"]').click();
    await page.locator('.bp-tchip', { hasText: /^1$/ }).click();
    await page.locator('[data-spot="red"]').click();
    await page.locator('[data-spot="red"]').click();
    await page.getByRole('button', { name: /确认下注/ }).click();
    // The dragon tiger round may have paid meanwhile: the roulette bet is read from the records, the balance from the wallet.
    const latest = async () => (await api(phoneToken, '/api/game/records', { api_name: 'AG' }, false, 2)).data.list[0];
    await expect.poll(latest, { timeout: 20_000 }).toMatchObject({
      gameName: '欧洲轮盘',
      stake: 3,
      detail: {
        spots: [
          { spot: 'straight:17', amount: 1 },
          { spot: 'red', amount: 2 },
        ],
      },
    });
    const agNow = async () => (await api(phoneToken, '/api/tables/state', { tableId: 'rou1' }, false, 2)).data.balance as number;
    await expect.poll(async () => (await page.getByTestId('ag-balance').innerText()) === `₮${(await agNow()).toFixed(2)}`, { timeout: 20_000 }).toBe(true);
    await shoot(page, 'tables-07-usdt-roulette-bet');
    await expect.poll(() => page.locator('.bp-table-page').getAttribute('data-phase'), { timeout: 40_000 }).toBe('result');
    await page.locator('.bp-wheel-hub b').waitFor();
    await shoot(page, 'tables-08-usdt-roulette-result');
  }, 300_000);

  it('looks right in other themes', async () => {
    for (const series of ['fresh', 'glow', 'simple']) {
      const { page } = await patientPhone();
      await page.goto(`/app/tables?theme=${series}`);
      await expect.poll(() => page.locator('.bp-table-card').count(), { timeout: 30_000 }).toBe(3);
      await shoot(page, `tables-theme-${series}-list`);
      await page.goto(`/app/tables/bac1?theme=${series}`);
      await page.locator('.bp-board').waitFor();
      await shoot(page, `tables-theme-${series}-baccarat`);
    }
  }, 300_000);
});

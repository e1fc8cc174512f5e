import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../apps/server/src/test/harness.ts';
import { browserAvailable, phone, shoot, startSite, tour, type Site } from './harness.ts';
import { logIn, waitForPath } from './steps.ts';

/** The casino in Chromium on the real server: the lobby, a 抢庄牛牛 round, fish shots, the game records. */
describe.runIf(browserAvailable())('the casino', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  const api = async (token: string, url: string, payload: object = {}, money = false) =>
    (await site.server.inject({ method: 'POST', url, headers: bearer(token, money ? { 'idempotency-key': randomUUID() } : {}), payload })).json();

  /** A member with `amount` in the main wallet and auto-transfer on, logged in on a phone. */
  async function fundedMember(amount: number) {
    const member = await site.server.member();
    const types = (await api(member.token, '/api/wallet/pay/types')).data as Array<{ payTypeId: number; kind: string }>;
    const sandbox = types.find((t) => t.kind === 'sandbox')!;
    expect((await api(member.token, '/api/wallet/pay/payVal', { payTypeId: sandbox.payTypeId, amount }, true)).data.status).toBe('success');
    await api(member.token, '/api/wallet/autoTransfer/set', { status: true });
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    const token = await page.evaluate(() => localStorage.getItem('bp.token')!);
    return { member, page, token };
  }

  it('[S7-11] a member opens the lobby, plays a round of 抢庄牛牛 and fish shots, and finds both rounds with their detail in the records', async () => {
    const { page, token } = await fundedMember(300);
    await page.locator('.bp-tabbar').getByText('娱乐场').click();
    await waitForPath(page, '/app/casino');
    await page.locator('[data-kind=chess] [data-venue=KY]').waitFor();
    expect(await page.locator('.bp-casino-section h2').evaluateAll((hs) => hs.map((h) => h.firstChild?.textContent))).toEqual([
      '真人',
      '电子',
      '棋牌',
      '捕鱼',
      '原创',
    ]);
    await shoot(page, 'casino-01-lobby');

    // 开元棋牌: entering launches the venue, auto-transfer brings the main balance in.
    await page.locator('[data-venue=KY]').click();
    await waitForPath(page, '/app/chess');
    await page.getByTestId('venue-balance').getByText('¥300.00').waitFor();
    await shoot(page, 'casino-02-chess');
    await page.locator('[data-game=niuniu]').click();
    await waitForPath(page, '/app/chess/niuniu');
    await page.getByRole('radio', { name: '¥5.00' }).click();
    await page.getByRole('button', { name: '开局（冻结 ¥100.00）' }).click();
    await page.getByText('看四张牌，选择抢庄倍数').waitFor();
    expect(await page.locator('.bp-niuniu-seat').last().locator('.bp-pc[data-card]').count()).toBe(4);
    await page.getByTestId('venue-balance').getByText('¥200.00').waitFor();
    await shoot(page, 'casino-03-niuniu-bidding');
    await page.getByRole('button', { name: '2倍' }).click();
    const result = page.locator('.bp-niuniu-result');
    await result.waitFor();
    expect(await page.locator('.bp-pc[data-card]').count()).toBe(10);
    const text = await result.innerText();
    expect(text).toMatch(/^(赢|输) ¥[\d,]+\.\d\d$/);
    await page.waitForTimeout(900);
    await shoot(page, 'casino-04-niuniu-settled');
    const ky = (await api(token, '/api/wallet/balance')).data.venues.find((v: { api_name: string }) => v.api_name === 'KY').balance as number;
    const amount = Number(text.replace(/[^\d.]/g, ''));
    expect(ky).toBeCloseTo(text.startsWith('赢') ? 300 + amount : 300 - amount, 2);

    // 海王捕鱼: the money comes along from KY; a tap on a fish fires a shot.
    await page.goto('/app/casino');
    await page.locator('[data-venue=FISH]').click();
    await waitForPath(page, '/app/fish');
    await page
      .getByTestId('venue-balance')
      .getByText(/¥[\d,]+\.\d\d/)
      .waitFor();
    const before = await page.getByTestId('venue-balance').innerText();
    const fish = page.locator('.bp-swimmer').first();
    await fish.waitFor();
    const box = (await fish.boundingBox())!;
    await fish.dispatchEvent('pointerdown', { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 });
    await expect.poll(() => page.getByTestId('venue-balance').innerText()).not.toBe(before);
    await shoot(page, 'casino-05-fish');

    // The records: from the lobby, both rounds, each opening to its detail.
    await page.goto('/app/casino');
    await page.locator('.bp-casino-records-entry').click();
    await waitForPath(page, '/app/casino/records');
    const fishRound = page.locator('.bp-round', { hasText: '海王捕鱼' }).first();
    const niuniuRound = page.locator('.bp-round', { hasText: '抢庄牛牛' }).first();
    await fishRound.waitFor();
    await niuniuRound.locator('.bp-round-head').click();
    await niuniuRound.getByText('我的牌型').waitFor();
    await niuniuRound.getByText('结算后余额').waitFor();
    expect(await niuniuRound.locator('.bp-round-detail').innerText()).toMatch(/庄家手牌\s+[♠♥♣♦]/);
    await fishRound.locator('.bp-round-head').click();
    await fishRound.getByText('发射炮弹').waitFor();
    expect(await fishRound.locator('.bp-round-detail').innerText()).toContain('已结算');
    await shoot(page, 'casino-06-records');
    // By venue: 开元棋牌 alone.
    await page.locator('.bp-casino-chip', { hasText: '开元棋牌' }).click();
    await expect.poll(() => page.locator('.bp-round').allInnerTexts()).toEqual([expect.stringContaining('抢庄牛牛')]);
  });

  it('the 我的 menu leads to the game records next to 注单记录', async () => {
    const { page } = await fundedMember(10);
    await page.goto('/app/member');
    const labels = await page.locator('.bp-member-menu').innerText();
    expect(labels.indexOf('游戏记录')).toBeGreaterThan(labels.indexOf('注单记录'));
    await page.getByText('游戏记录', { exact: true }).click();
    await waitForPath(page, '/app/casino/records');
    await page.getByText('这段时间没有游戏记录').waitFor();
  });

  it('the slot screen spins its reels from the lobby: the pay table at the stake, the line won lit', async () => {
    const { page } = await fundedMember(100);
    await page.goto('/app/casino');
    await page.locator('[data-venue=PG]').click();
    await waitForPath(page, '/app/egame/pg');
    await page.locator('.bp-egame-open').first().click();
    await waitForPath(page, '/sandbox/game');
    await expect.poll(() => page.locator('#spin').isEnabled()).toBe(true);
    expect(await page.locator('#balance').innerText()).toBe('¥100.00');
    // The pay table says what each line pays at the stake chosen, with the currency's symbol.
    await page.locator('#chips').getByRole('button', { name: '5', exact: true }).click();
    expect(await page.locator('#paytable tr').first().innerText()).toMatch(/777\s+× 50\s+¥250\.00/);
    await page.locator('#spin').click();
    await expect.poll(() => page.locator('.reel.spinning').count(), { timeout: 2_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('#result').innerText()).not.toBe('');
    const won = (await page.locator('#result').innerText()).startsWith('恭喜中奖');
    expect(await page.locator('#paytable tr.hit').count()).toBe(won ? 1 : 0);
    await shoot(page, 'casino-07-slot');
  });

  it('[S2-14] [S1-03] the lobby, 抢庄牛牛, the sea and the records in three theme series, and on the USDT site in ₮', async () => {
    const { page } = await fundedMember(100);
    await api(await page.evaluate(() => localStorage.getItem('bp.token')!), '/api/wallet/transfer', { api_name: 'KY', amount: 50, transfer_out: false }, true);
    for (const series of tour(['fresh', 'mecha', 'elegant'])) {
      await page.goto(`/app/casino?theme=${series}`);
      await page.locator('[data-venue=KY]').waitFor();
      await shoot(page, `casino-theme-${series}-lobby`);
      await page.goto(`/app/chess/niuniu?theme=${series}`);
      await page.getByRole('button', { name: /开局/ }).waitFor();
      await shoot(page, `casino-theme-${series}-niuniu`);
      await page.goto(`/app/fish?theme=${series}`);
      await page.locator('.bp-swimmer').first().waitFor();
      await shoot(page, `casino-theme-${series}-fish`);
      await page.goto(`/app/casino/records?theme=${series}`);
      await page.getByText('这段时间没有游戏记录').waitFor();
      await shoot(page, `casino-theme-${series}-records`);
    }
    const usdt = await site.server.member({ siteId: 2 });
    const other = await phone(site);
    await other.page.goto('/login?siteId=2&theme=site');
    await logIn(other.page, usdt.name, usdt.password);
    await other.page.goto('/app/casino');
    await other.page.locator('[data-venue=KY]').waitFor();
    await shoot(other.page, 'casino-usdt-lobby');
    await other.page.goto('/app/chess/niuniu');
    await other.page.getByRole('button', { name: '开局（冻结 ₮20.00）' }).waitFor();
    await other.page.getByTestId('venue-balance').getByText('₮0.00').waitFor();
    await shoot(other.page, 'casino-usdt-niuniu');
    await other.page.goto('/app/fish');
    await other.page.getByTestId('fish-bet').getByText('₮1.00').waitFor();
    await shoot(other.page, 'casino-usdt-fish');
    expect(await other.page.locator('body').innerText()).not.toContain('¥');
  });
});

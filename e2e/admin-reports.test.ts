import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../apps/server/src/modules/admin/index.ts';
import { totpNow } from '../apps/server/src/modules/admin/testing.ts';
import { caller, newKey } from '../apps/server/src/modules/wallet/testing.ts';
import { runTables } from '../apps/server/src/modules/tables/index.ts';
import { toNextRound } from '../apps/server/src/modules/tables/testing.ts';
import { clock } from '../apps/server/src/platform/clock.ts';
import { browserAvailable, shoot, startSite, type Site } from './harness.ts';

/**
 * The console's figures at an operator's laptop width (1280 px): an agent's monthly commission
 * set and exported, a live table's round and a mines round recalled in words, the adjustments'
 * table with its fixed 操作 column.
 */
describe.runIf(browserAvailable())('operator console: commission, round recall, adjustments', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    clock.reset();
    await site?.close();
  });

  /** An approved agent and a member they brought, funded. */
  async function agentWithPlayer(call: (url: string, body: object) => Promise<{ code: number; data: any }>) {
    const s = site.server;
    const agent = await s.member();
    expect((await s.call('/api/member/agent/joinUs', { contact: 'telegram @e2e' }, { token: agent.token })).code).toBe(0);
    expect((await call('/api/admin/agent/decide', { memberId: agent.memberId, approve: true })).code).toBe(0);
    const { inviteCode } = (await s.call('/api/member/agent/isAgent', {}, { token: agent.token })).data;
    const kid = await s.call('/api/member/register/v4', { name: `e2ekid${Date.now().toString(36)}`, password: 'abc12345', i_code: inviteCode });
    await caller(s).fund(kid.data.token, 2000);
    return { agent, player: { token: kid.data.token as string, memberId: kid.data.memberId as number } };
  }

  /** A bet at a live table, dealt and paid by the dealer's clock. */
  async function tableRound(token: string, tableId: string, spot: string) {
    const s = site.server;
    const r = await toNextRound(s, tableId);
    await runTables(s.deps);
    const placed = await s.call('/api/tables/bet', { tableId, roundNo: r.roundNo, bets: [{ spot, amount: 50 }] }, { token, key: newKey() });
    expect(placed.code, placed.msg).toBe(0);
    for (const at of [r.closesAt, r.revealAt]) {
      clock.shift(at - clock.now());
      await runTables(s.deps);
    }
  }

  it('[admin] commission set by the operator and exported as CSV; rounds shown in words; adjustments readable at 1280 px', { timeout: 240_000 }, async () => {
    const s = site.server;
    const { otpauthUri } = await createOperator(s.deps.db, { name: 'desk_e2e', password: 'desk12345678', roles: ['super'] });
    const login = await s.call('/api/admin/auth/login', { name: 'desk_e2e', password: 'desk12345678', totp: totpNow(otpauthUri) });
    const headers = { authorization: `Bearer ${login.data.token}` };
    const call = (url: string, body: object) => s.call(url, body, { headers });
    const { agent, player } = await agentWithPlayer(call);
    expect((await s.call('/api/wallet/transfer', { api_name: 'AG', amount: 200, transfer_out: false }, { token: player.token, key: newKey() })).code).toBe(0);
    await tableRound(player.token, 'bac1', 'banker');
    await tableRound(player.token, 'rou1', 'red');
    const mines = await s.call('/api/originals/mines/start', { amount: 10, mines: 3 }, { token: player.token, key: newKey() });
    expect(mines.code, mines.msg).toBe(0);
    const { roundId } = mines.data;
    const revealed = await s.call('/api/originals/mines/reveal', { roundId, tile: 12 }, { token: player.token, key: newKey() });
    if (revealed.data.status === 'open')
      expect((await s.call('/api/originals/mines/cashout', { roundId }, { token: player.token, key: newKey() })).code).toBe(0);
    // A pending adjustment above the threshold, requested by someone else: 操作 offers 通过 / 驳回.
    const other = await createOperator(s.deps.db, { name: 'asker_e2e', password: 'asker12345678', roles: ['finance'] });
    const asker = await s.call('/api/admin/auth/login', { name: 'asker_e2e', password: 'asker12345678', totp: totpNow(other.otpauthUri) });
    const asked = await s.call(
      '/api/admin/wallet/adjust/request',
      { memberId: player.memberId, direction: 'credit', amount: 20_000, reason: '大额活动补发，待复核' },
      { headers: { authorization: `Bearer ${asker.data.token}` }, key: newKey() },
    );
    expect(asked.code, asked.msg).toBe(0);

    const context = await site.browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      baseURL: site.url,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    try {
      await page.goto('/admin');
      await page.getByLabel('账号').fill('desk_e2e');
      await page.getByLabel('密码').fill('desk12345678');
      await page.getByLabel('动态验证码').fill(totpNow(otpauthUri, 1));
      await page.getByRole('button', { name: '登录' }).click();

      // Commission: the agent's month, a rate set (audited), the CSV as on screen.
      await page.getByRole('menuitem', { name: '佣金报表' }).click();
      const row = page.getByRole('row').filter({ hasText: `${agent.name}（${agent.memberId}）` });
      await row.getByText('未设置').waitFor();
      await row.getByRole('button', { name: '设置比例' }).click();
      await page.getByLabel('佣金比例（%）').fill('15');
      await page.getByRole('button', { name: '保存' }).click();
      await row.getByText('15%').waitFor();
      const [{ rate_bp }] = await s.deps.database.query<{ rate_bp: number }>(`SELECT rate_bp FROM agent_commission_rates WHERE member_id = ${agent.memberId}`);
      expect(Number(rate_bp)).toBe(1500);
      // Every figure on screen at 1280 px, the commission last, nothing scrolled out of sight.
      const commission = await page.getByRole('columnheader', { name: '佣金', exact: true }).boundingBox();
      expect(commission!.x + commission!.width).toBeLessThanOrEqual(1280);
      await shoot(page, 'admin-commission-1280');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()]);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv.startsWith('\uFEFF代理,币种,下级人数,本月新增,注单数,投注额,GGR,红利,返水,NGR,往月结转,佣金基数,佣金比例,佣金')).toBe(true);
      expect(csv).toContain(`${agent.name}（${agent.memberId}）,CNY,1,`);
      expect(csv).toContain(',15%,');

      // Round recall: the baccarat hands, the roulette pocket, the mines board, in words.
      await page.getByRole('menuitem', { name: '游戏对局' }).click();
      await page.getByLabel('会员ID').fill(String(player.memberId));
      await page.getByLabel('会员ID').press('Enter');
      await page.getByRole('row').filter({ hasText: '百家乐' }).first().click();
      await page.getByText('庄赢').or(page.getByText('闲赢')).or(page.getByText('和局')).first().waitFor();
      await expect
        .poll(() =>
          page
            .locator('.ant-drawer')
            .getByText(/\d+ 点/)
            .count(),
        )
        .toBe(2);
      await expect.poll(() => page.locator('.ant-drawer pre').count()).toBe(0);
      await shoot(page, 'admin-round-baccarat-1280');
      await page.locator('.ant-drawer-close').click();
      await page.getByRole('row').filter({ hasText: '欧洲轮盘' }).first().click();
      await page.getByText('开奖号码').waitFor();
      await shoot(page, 'admin-round-roulette-1280');
      await page.locator('.ant-drawer-close').click();
      await page.getByRole('row').filter({ hasText: '扫雷' }).first().click();
      await page.getByRole('grid', { name: '扫雷棋盘' }).waitFor();
      await shoot(page, 'admin-round-mines-1280');
      await page.locator('.ant-drawer-close').click();

      // Adjustments: the whole table fits 1280 px, 申请时间 clear of the fixed 操作 column.
      await page.getByRole('menuitem', { name: '人工调整' }).click();
      const pending = page.getByRole('row').filter({ hasText: '大额活动补发' });
      await pending.getByRole('button', { name: '通过' }).waitFor();
      await shoot(page, 'admin-adjustments-1280');
      const scroller = page.locator('.ant-table-content, .ant-table-body').first();
      expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      const time = await pending.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/).boundingBox();
      const action = await pending.getByRole('button', { name: '通过' }).boundingBox();
      expect(time!.x + time!.width).toBeLessThan(action!.x);
    } finally {
      await context.close();
    }
  });
});

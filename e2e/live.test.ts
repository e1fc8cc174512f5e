import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import { asOperator } from '../apps/server/src/modules/admin/testing.ts';
import { settleMatch } from '../apps/server/src/modules/sports/index.ts';
import { finish, fund, idemKey, scriptMatch } from '../apps/server/src/modules/sports/testing.ts';
import { demoRoom } from '../apps/server/src/modules/live/testing.ts';
import { browserAvailable, phone, shoot, startSite, tour, type Site } from './harness.ts';
import { dismissPopups, logIn, settle, waitForPath } from './steps.ts';
import { firstRealFrame } from './stream-page.ts';

/**
 * Live in the browser: the 直播 list, an anchor's room with two members' browsers side by side
 * (a message, gold bought and a gift given, a moderator's mute), and the screens in several themes
 * and on the USDT site. The stream's own playback is the stream player's journey.
 */
describe.runIf(browserAvailable())('live: the list, an anchor room, chat, gifts and moderation', () => {
  let site: Site;
  /** The demo's free cast, always on air: its room is the journey's. */
  let room: Awaited<ReturnType<typeof demoRoom>>;
  const roomPath = () => `/app/live/room/${room.anchorRoomId}`;

  beforeAll(async () => {
    site = await startSite();
    room = await demoRoom(site.server, '糖糖');
  });
  afterAll(() => site?.close());

  /** A new member of the site (with main-wallet money when asked), logged in on a phone. */
  async function member(opts: { money?: bigint; siteId?: number; before?(m: { token: string }): Promise<void> } = {}) {
    const m = await site.server.member(opts.siteId ? { siteId: opts.siteId } : {});
    if (opts.money) await fund(site.server, m.memberId, opts.money, opts.siteId ?? 1, opts.siteId === 2 ? 'USDT' : 'CNY');
    await opts.before?.(m);
    const { page } = await phone(site);
    if (opts.siteId) await page.goto(`/login?siteId=${opts.siteId}&theme=site`);
    await logIn(page, m.name, m.password);
    return { ...m, page };
  }

  const say = async (page: Page, text: string) => {
    await page.getByPlaceholder('说点什么…').fill(text);
    await page.getByRole('button', { name: '发送' }).click();
  };
  const line = (page: Page, text: string) => page.locator('.bp-live-line', { hasText: text });

  it('[S9-01] [S9-08] [S3-11] [S3-12] [S3-13] [S4-10] [S7-16] the 直播 tab lists matches with their anchors (at most 3 avatars) and casts, on air first; a card opens its room whose stream plays on top', async () => {
    const { page } = await phone(site);
    await page.goto('/app/home');
    await dismissPopups(page);
    await page.locator('.adm-tab-bar-item', { hasText: '直播' }).click();
    await waitForPath(page, '/app/live');
    const cards = page.locator('.bp-live-card');
    await cards.first().waitFor();
    for (const card of await cards.all()) expect(await card.locator('.bp-live-card-anchors button').count()).toBeLessThanOrEqual(3);
    // The top football match has four anchors: its card shows three.
    const { matchId } = await demoRoom(site.server, '球评老张');
    expect(await page.locator(`.bp-live-card[data-key="match-${matchId}"] .bp-live-card-anchors button`).count()).toBe(3);
    expect(await cards.first().getAttribute('class')).toContain('is-live');
    expect((await page.locator('.bp-live-card-venue').allInnerTexts()).every((v) => v === 'YB' || v === 'IM')).toBe(true);
    await shoot(page, 'live-01-list');
    await page.locator('.bp-live-card', { hasText: '糖糖' }).first().click();
    await waitForPath(page, roomPath());
    await page.locator('.bp-live-player').waitFor();
    expect(await page.locator('.bp-live-player .bp-stream').count()).toBe(1);
    // The room's stream plays (its addresses from the signed video call): a decoded picture, not black.
    expect((await firstRealFrame(page)).brightShare).toBeGreaterThan(0.2);
    await shoot(page, 'live-01b-room-playing');
    // A visitor reads the room and is asked to log in to chat.
    await page.getByRole('button', { name: '登录后参与聊天' }).waitFor();
  });

  it('[S3-15] [S3-14] [S6-02] a message reaches the second member; gold bought sends a gift seen with its animation; a moderator mutes and the muted send is refused', async () => {
    const a = await member({ money: 50_000n });
    const b = await member();
    await asOperator(site.server, (headers) =>
      site.server.call('/api/admin/live/moderator/grant', { chatRoomNo: room.chatRoomNo, memberId: a.memberId }, { headers }),
    );
    await a.page.goto(roomPath());
    await b.page.goto(roomPath());
    await a.page.locator('.bp-live-mod').waitFor();
    await b.page.getByPlaceholder('说点什么…').waitFor();

    await say(a.page, '主队加油，今晚必胜');
    await line(b.page, '主队加油，今晚必胜').waitFor();

    // Gold: ¥20 at the site's rate (1 ¥ = 10), then a gift the second member sees burst over the player.
    await a.page.getByRole('button', { name: '礼物' }).click();
    await a.page.locator('.bp-live-gold button', { hasText: '充值' }).click();
    await a.page.getByText('1 ¥ = 10 金币').waitFor();
    await a.page.getByPlaceholder('请输入金额').fill('20');
    await a.page.getByText('可得 200 金币').waitFor();
    await shoot(a.page, 'live-03-gold');
    await a.page.getByRole('button', { name: '确认充值' }).click();
    await a.page.getByText('充值成功，获得 200 金币').waitFor();
    await a.page.getByText('200 金币', { exact: true }).waitFor();
    await a.page.locator('.bp-live-gift-grid button', { hasText: '鲜花' }).click();
    await a.page.getByRole('button', { name: '赠送' }).click();
    await a.page.getByText('195 金币', { exact: true }).waitFor();
    await shoot(a.page, 'live-11-gift-sheet');
    await b.page.locator('.bp-live-burst').waitFor();
    expect(await b.page.locator('.bp-live-burst').innerText()).toContain('鲜花');
    await shoot(b.page, 'live-02-room-gift');
    await line(b.page, '送出 鲜花 ×1').waitFor();
    await a.page.mouse.click(195, 100);
    await settle(a.page);

    // The second member speaks; the moderator taps the line and mutes for 10 minutes.
    await say(b.page, '我也来凑个热闹');
    await line(a.page, '我也来凑个热闹').click();
    await a.page.getByText('禁言 10分钟').click();
    await a.page.getByText('已禁言').waitFor();
    await say(b.page, '还能说话吗');
    await b.page.getByText(/^您已被禁言，将于 .+ 解除$/).waitFor();
    await shoot(b.page, 'live-04-muted');
    expect(await line(a.page, '还能说话吗').count()).toBe(0);

    // The muted list shows the member, and 解除 lets it speak again.
    await a.page.getByRole('button', { name: '禁言名单' }).click();
    await a.page.getByRole('button', { name: '解除' }).click();
    await a.page.getByText('已解除禁言').waitFor();
  });

  it('[S6-02] a moderator deletes a line and it disappears from every browser; closing the room stops every input', async () => {
    const a = await member();
    const b = await member();
    await asOperator(site.server, (headers) =>
      site.server.call('/api/admin/live/moderator/grant', { chatRoomNo: room.chatRoomNo, memberId: a.memberId }, { headers }),
    );
    await a.page.goto(roomPath());
    await b.page.goto(roomPath());
    await b.page.getByPlaceholder('说点什么…').waitFor();
    await say(b.page, '这条会被删除');
    await line(a.page, '这条会被删除').click();
    await a.page.getByText('删除消息').click();
    await a.page.getByText('消息已删除').waitFor();
    await line(b.page, '这条会被删除').waitFor({ state: 'detached' });
    await line(a.page, '这条会被删除').waitFor({ state: 'detached' });

    // Room setup: closed, the other member's input says so at once; opened again, it is back.
    await a.page.getByRole('button', { name: '房间设置' }).click();
    const open = a.page.locator('.adm-list-item', { hasText: '开放聊天' }).getByRole('switch');
    await open.click();
    await b.page.getByText('聊天室已关闭，暂时无法发言').waitFor();
    await shoot(a.page, 'live-10-room-setup');
    await open.click();
    await b.page.getByPlaceholder('说点什么…').waitFor();
  });

  it('[S3-15] [S4-15] back from a lost connection, a member reads what it missed, each message once', async () => {
    const a = await member();
    const b = await member();
    // B's sockets pass through a route that can drop them and refuse new ones for a while.
    const open: WebSocketRoute[] = [];
    let refusing = false;
    await b.page.routeWebSocket(/\/ws/, (ws) => {
      if (refusing) return void ws.close();
      ws.connectToServer();
      open.push(ws);
    });
    await a.page.goto(roomPath());
    await b.page.goto(roomPath());
    await a.page.getByPlaceholder('说点什么…').waitFor();
    await say(a.page, '断线前的一句');
    await line(b.page, '断线前的一句').waitFor();

    refusing = true;
    await Promise.all(open.splice(0).map((ws) => ws.close()));
    await say(a.page, '断线时错过的一句');
    await line(a.page, '断线时错过的一句').waitFor();
    await b.page.waitForTimeout(1_500);
    expect(await line(b.page, '断线时错过的一句').count()).toBe(0);
    refusing = false;

    await line(b.page, '断线时错过的一句').waitFor({ timeout: 15_000 });
    await say(a.page, '重连后的一句');
    await line(b.page, '重连后的一句').waitFor();
    for (const text of ['断线前的一句', '断线时错过的一句', '重连后的一句']) expect(await line(b.page, text).count()).toBe(1);
  });

  it('[S3-19] [S4-11] the match page offers its anchors as media and its chat room as a tab', async () => {
    const laozhang = await demoRoom(site.server, '球评老张');
    const { page } = await phone(site);
    await page.goto(`/app/sports/match/${laozhang.matchId}`);
    await page.locator('.bp-sp-media-tabs button', { hasText: '主播' }).click();
    await page.locator('.bp-live-match-anchors .bp-stream').waitFor();
    await shoot(page, 'live-05-match-anchors');
    await page.getByRole('tab', { name: '聊天' }).click();
    await page.locator('.bp-live-chat').waitFor();
    await shoot(page, 'live-06-match-chat');
  });

  it('[S3-16] [S6-01] in a match’s chat tab a member shares one of its bets; a visitor reads the order card', async () => {
    const match = await scriptMatch(site.server, { home: '皇家马德里', visit: '巴塞罗那', leagueId: 98_771 });
    // The bet is placed before the member logs in on the phone (a login ends the other sessions).
    const a = await member({
      money: 100_000n,
      before: async ({ token }) => {
        const bet = { type: 'single', stake: 50, selections: [{ selectionId: await match.sel('1x2', 'home'), odds: 2.1 }] };
        const placed = await site.server.call('/api/sports/bet/place', bet, { token, key: idemKey() });
        expect(placed.code, placed.msg).toBe(0);
      },
    });
    const { page: visitor } = await phone(site);
    await visitor.goto(`/app/sports/match/${match.matchId}`);
    await visitor.getByRole('tab', { name: '聊天' }).click();
    await a.page.goto(`/app/sports/match/${match.matchId}`);
    await a.page.getByRole('tab', { name: '聊天' }).click();
    await a.page.getByRole('button', { name: '分享注单' }).click();
    await a.page.locator('.bp-live-bets button', { hasText: '皇家马德里' }).click();
    await a.page.getByText('注单已分享').waitFor();
    const card = visitor.locator('.bp-live-order', { hasText: '皇家马德里' });
    await card.waitFor();
    expect(await card.innerText()).toContain('@2.10');
    await shoot(visitor, 'live-08-match-chat-order');
  });

  it('[S3-16] [S4-17] a big win is pinned above an anchor room’s chat, and leaves when a corrected result takes it back', async () => {
    const match = await scriptMatch(site.server, { home: '拜仁慕尼黑', visit: '多特蒙德', leagueId: 98_772 });
    const anchor = await demoRoom(site.server, '阿飞看盘');
    const moved = await asOperator(site.server, (headers) =>
      site.server.call('/api/admin/live/room/update', { anchorRoomId: anchor.anchorRoomId, matchId: match.matchId }, { headers }),
    );
    expect(moved.code, moved.msg).toBe(0);
    const bettor = await site.server.member();
    await fund(site.server, bettor.memberId, 100_000n);
    const bet = { type: 'single', stake: 600, selections: [{ selectionId: await match.sel('1x2', 'home'), odds: 2.1 }] };
    expect((await site.server.call('/api/sports/bet/place', bet, { token: bettor.token, key: idemKey() })).code).toBe(0);

    const { page } = await phone(site);
    await page.goto(`/app/live/room/${anchor.anchorRoomId}`);
    await page.locator('.bp-live-chat').waitFor();
    await finish(site.server, match, { homeScore: 1, visitScore: 0 });
    await settleMatch(site.server.deps, match.matchId);
    const pinned = page.locator('.bp-live-pinned');
    await pinned.waitFor();
    expect(await pinned.innerText()).toContain('拜仁慕尼黑');
    expect(await pinned.innerText()).toContain('赢得 ¥1,260.00');
    await shoot(page, 'live-09-big-win');
    await finish(site.server, match, { homeScore: 0, visitScore: 1 });
    await settleMatch(site.server.deps, match.matchId);
    await pinned.waitFor({ state: 'detached' });
  });

  it('[S2-14] the live screens in three themes and on the USDT site (₮)', async () => {
    for (const series of tour(['elegant', 'glow', 'mecha'])) {
      const { page } = await phone(site);
      await page.goto(`/app/live?theme=${series}`);
      await page.locator('.bp-live-card').first().waitFor();
      await shoot(page, `live-theme-${series}-list`);
      await page.goto(`${roomPath()}?theme=${series}`);
      await page.locator('.bp-live-chat').waitFor();
      await page.getByRole('button', { name: '榜单' }).click();
      await page.locator('.bp-live-rank').waitFor();
      await shoot(page, `live-theme-${series}-rank`);
    }
    const usdt = await member({ money: 1_000n, siteId: 2 });
    await usdt.page.goto(roomPath());
    await usdt.page.getByRole('button', { name: '礼物' }).click();
    await usdt.page.locator('.bp-live-gold button', { hasText: '充值' }).click();
    await usdt.page.getByText('1 ₮ = 70 金币').waitFor();
    expect(await usdt.page.locator('.bp-live-goldsheet').innerText()).not.toContain('¥');
    await shoot(usdt.page, 'live-07-usdt-gold');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentOrderPush } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { settleMatch } from '../sports/index.ts';
import { finish, fund, idemKey, scriptMatch } from '../sports/testing.ts';
import { chat, demoRoom, follow, memberAt, operator, type Member } from './testing.ts';

let s: TestServer;
let c: ReturnType<typeof chat>;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  await s.siteConfig.set(1, 'sports_inplay_delay_ms', '0');
  c = chat(s);
});
afterAll(() => s.close());

const bet = async (m: Member, selectionId: number, stake: number) => {
  const res = await s.call('/api/sports/bet/place', { type: 'single', stake, selections: [{ selectionId, odds: 2.1 }] }, { token: m.token, key: idemKey() });
  expect(res.code, res.msg).toBe(0);
  return res.data.orderId as string;
};
const pushes = (list: any[]): any[] => list.filter((x) => x.msgType === 'orderPush' || x.msgType === 'revertOrderPush');

describe('big wins announced in the rooms of their match', () => {
  it('[S3-16] a win paying at least the site’s minimum is an orderPush in the match’s room and its anchors’ rooms; a small one is not', async () => {
    const match = await scriptMatch(s, { home: '拜仁慕尼黑', visit: '多特蒙德' });
    const anchor = await demoRoom(s, '阿杰说球');
    await operator(s, '/api/admin/live/room/update', { anchorRoomId: anchor.anchorRoomId, matchId: match.matchId });
    const room = (await s.call('/api/live/chat/status', { matchId: match.matchId })).data.chatRoomNo;
    const [socket, anchorSocket] = [await follow(s, room), await follow(s, anchor.chatRoomNo)];
    const [big, small] = [await memberAt(s, 6), await memberAt(s)];
    await fund(s, big.memberId, 100_000n);
    await fund(s, small.memberId, 100_000n);
    const home = await match.sel('1x2', 'home');
    const bigOrder = await bet(big, home, 500);
    await bet(small, home, 100);

    await finish(s, match, { homeScore: 2, visitScore: 1 });
    await settleMatch(s.deps, match.matchId);
    const frame = await socket.next((f) => f.type === 'chat.message' && f.data.msgType === 'orderPush');
    expect(frame.data).toMatchObject({
      msgType: 'orderPush',
      memberId: big.memberId,
      level: 'high',
      venueName: 'YB',
      content: expect.stringContaining('赢得 ¥1050.00'),
      order: {
        orderId: bigOrder,
        categoryName: '英格兰超级联赛',
        itemName: expect.stringContaining('拜仁慕尼黑 vs 多特蒙德'),
        score: '2-1',
        teamLogo: expect.stringContaining('拜仁慕尼黑'),
        venueName: 'YB',
        status: 'won',
        payout: 1050,
      },
    });
    const anchorFrame = (await anchorSocket.next((f) => f.type === 'chat.message' && f.data.msgType === 'orderPush')).data as any;
    expect(anchorFrame.order.orderId).toBe(bigOrder);
    // Read on both sides of the room, by a visitor too.
    const seen = pushes((await c.history(null, room)).data.list);
    expect(seen.map((x: any) => x.order.orderId)).toEqual([bigOrder]);

    // Settling again (a repeat, another instance) announces nothing twice.
    await settleMatch(s.deps, match.matchId);
    expect(pushes((await c.history(null, room)).data.list)).toHaveLength(1);
    [socket, anchorSocket].forEach((open) => open.close());
  });

  it('[S4-17] a corrected result taking the win back posts a revertOrderPush: the latest push stops there', async () => {
    const match = await scriptMatch(s);
    const room = (await s.call('/api/live/chat/status', { matchId: match.matchId })).data.chatRoomNo;
    const m = await memberAt(s);
    await fund(s, m.memberId, 100_000n);
    const orderId = await bet(m, await match.sel('1x2', 'home'), 600);
    await finish(s, match, { homeScore: 1, visitScore: 0 });
    await settleMatch(s.deps, match.matchId);
    let history = (await c.history(m, room)).data.list;
    expect(currentOrderPush(history)?.order?.orderId).toBe(orderId);

    await finish(s, match, { homeScore: 0, visitScore: 1 });
    await settleMatch(s.deps, match.matchId);
    history = (await c.history(m, room)).data.list;
    expect(pushes(history).map((x: any) => [x.msgType, x.order.orderId])).toEqual([
      ['orderPush', orderId],
      ['revertOrderPush', orderId],
    ]);
    expect(pushes(history)[1].order.status).toBe('lost');
    expect(currentOrderPush(history)).toBeNull();

    // Corrected back to a win: announced again, and shown again.
    await finish(s, match, { homeScore: 3, visitScore: 0 });
    await settleMatch(s.deps, match.matchId);
    history = (await c.history(m, room)).data.list;
    expect(pushes(history).map((x: any) => x.msgType)).toEqual(['orderPush', 'revertOrderPush', 'orderPush']);
    expect((currentOrderPush(history) as any)?.order?.status).toBe('won');
  });
});

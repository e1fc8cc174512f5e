import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAY_MS, Errors, shanghaiMidnight } from '@bp/contract';
import { clock } from '../../platform/clock.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { expectLedgerSound } from '../wallet/testing.ts';
import { fund, scriptMatch } from '../sports/testing.ts';
import { buyGold, chat, demoRoom, follow, key, memberAt, operator, site, type Member } from './testing.ts';
import { walletOwner } from '../wallet/index.ts';
import { requireRoom } from './chat/rooms.ts';
import { authorOf } from './chat/messages.ts';
import { giftOrder, sendGifts } from './gifts/gifts.ts';

let s: TestServer;
let c: ReturnType<typeof chat>;
let room: { anchorRoomId: number; chatRoomNo: string; anchorId: number };
let gifts: Array<{ giftId: number; giftPrice: number; giftName: string }>;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  c = chat(s);
  room = await demoRoom(s, '糖糖');
  gifts = (await s.call('/api/live/gift/list')).data.list;
});
afterAll(() => s.close());
afterEach(() => clock.reset());

const goldOf = async (m: Member, siteId?: number) => (await s.call('/api/member/gold/balance', {}, { token: m.token, headers: site(siteId) })).data;
const mainOf = async (m: Member, siteId?: number) => (await s.call('/api/wallet/balance', {}, { token: m.token, headers: site(siteId) })).data.main;
const give = (m: Member, giftId: number, count = 1, k = key(), chatRoomNo = room.chatRoomNo) =>
  s.call('/api/member/gift/send', { chatRoomNo, giftId, count }, { token: m.token, key: k });
const giftNamed = (name: string) => gifts.find((g) => g.giftName === name)!;
const sends = async (memberId: number) =>
  Number(((await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM live_gift_sends WHERE member_id = ${memberId}`)).rows[0] as { n: number }).n);

/** A member with main-wallet money and gold bought with it. */
async function withGold(amount: number, gold: number, vipLevel = 0): Promise<Member> {
  const m = await memberAt(s, vipLevel);
  await fund(s, m.memberId, BigInt(amount * 100));
  if (gold > 0) await buyGold(s, m, gold / 10);
  return m;
}

describe('gold coins', () => {
  it('[S7-11] [S1-03] are bought with main-wallet money at the site’s rate, on the CNY and the USDT site', async () => {
    const m = await withGold(100, 0);
    expect(await goldOf(m)).toEqual({ gold: 0, rate: 10 });
    expect((await buyGold(s, m, 12.34)).data).toEqual({ gold: 123.4, main: 87.66 });
    expect(await goldOf(m)).toEqual({ gold: 123.4, rate: 10 });
    expect(await mainOf(m)).toBe(87.66);
    const deal = (await s.call('/api/wallet/queryDealRecord', { page: 1, size: 5 }, { token: m.token })).data.list[0];
    expect(deal).toMatchObject({ type: 'gold', typeName: '购买金币', amount: -12.34 });

    const usdt = await memberAt(s, 0, 2);
    await fund(s, usdt.memberId, 1_000n, 2, 'USDT');
    expect((await buyGold(s, usdt, 2.5, 2)).data).toEqual({ gold: 175, main: 7.5 });
    expect(await goldOf(usdt, 2)).toEqual({ gold: 175, rate: 70 });
    await s.siteConfig.set(2, 'live_gold_rate', '100');
    try {
      expect((await buyGold(s, usdt, 1, 2)).data.gold).toBe(275);
    } finally {
      await s.siteConfig.set(2, 'live_gold_rate', null);
    }
    await expectLedgerSound(s);
  });

  it('a repeated Idempotency-Key buys once; a bad amount or too little money buys nothing', async () => {
    const m = await withGold(50, 0);
    const k = key();
    const tries = await Promise.all([1, 2, 3].map(() => s.call('/api/member/gold/buy', { amount: 10 }, { token: m.token, key: k })));
    expect(tries.every((t) => t.code === 0 && t.data.gold === 100 && t.data.main === 40)).toBe(true);
    expect(await goldOf(m)).toMatchObject({ gold: 100 });
    expect(await mainOf(m)).toBe(40);
    for (const amount of [0, -5, 1.234])
      expect((await s.call('/api/member/gold/buy', { amount }, { token: m.token, key: key() })).code).toBe(Errors.VALIDATION.code);
    expect((await s.call('/api/member/gold/buy', { amount: 41 }, { token: m.token, key: key() })).code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    expect((await s.call('/api/member/gold/buy', { amount: 1 }, { token: m.token })).code).toBe(Errors.IDEMPOTENCY_KEY_REQUIRED.code);
    expect([await mainOf(m), (await goldOf(m)).gold]).toEqual([40, 100]);
    await expectLedgerSound(s);
  });
});

describe('gifts', () => {
  it('[S3-14] [S7-11] the gift list carries the seed’s gift fields, and its icons are served', async () => {
    const list = (await s.call('/api/live/gift/list')).data.list;
    expect(list.length).toBeGreaterThanOrEqual(8);
    for (const g of list) {
      expect(Object.keys(g).sort()).toEqual(['giftIcon', 'giftIconWeb', 'giftId', 'giftName', 'giftPrice', 'giftType', 'oldId', 'status'].sort());
      expect(g).toMatchObject({ status: '1', giftPrice: expect.any(Number), giftType: expect.any(Number) });
    }
    const icon = await s.inject({ method: 'GET', url: list[0].giftIcon });
    expect([icon.statusCode, icon.headers['content-type']]).toEqual([200, expect.stringContaining('image/svg+xml')]);
  });

  it('a gift moves the gold to the anchor first and reaches the room as a giftPush, read on both sides; the same gift again soon counts a combo', async () => {
    const m = await withGold(100, 500, 7);
    const socket = await follow(s, room.chatRoomNo);
    const beer = giftNamed('啤酒');
    const first = await give(m, beer.giftId, 3);
    expect(first.data).toEqual({ gold: 470, combo: 1, id: expect.any(Number) });
    const frame = await socket.next((f) => f.type === 'chat.message' && f.data.id === first.data.id);
    expect(frame.data).toMatchObject({
      msgType: 'giftPush',
      content: '送出 啤酒 x3',
      gift: { giftId: beer.giftId, giftName: '啤酒', count: 3, combo: 1, gold: 30, giftIcon: expect.any(String) },
    });
    expect((await give(m, beer.giftId)).data).toMatchObject({ gold: 460, combo: 2 });
    expect((await give(m, giftNamed('鲜花').giftId)).data.combo).toBe(1);
    clock.shift(6_000);
    expect((await give(m, beer.giftId)).data.combo).toBe(1);
    const low = await memberAt(s);
    const seen = (await c.history(low, room.chatRoomNo)).data.list.filter(
      (x: { msgType: string; memberId: number }) => x.msgType === 'giftPush' && x.memberId === m.memberId,
    );
    expect(seen).toHaveLength(4);
    expect(seen[0]).toMatchObject({ level: 'high', vipLevel: 7 });
    // The ledger: of the 30 coins (3000 hundredths), the house's 30% and the anchor's 70%, both from the member.
    const { rows } = await s.deps.db.execute(sql`
      SELECT t.kind, t.amount_minor::text AS amount FROM wallet_transfers t
      WHERE t.ref = (SELECT 'gift:' || min(gift_send_id) FROM live_gift_sends WHERE member_id = ${m.memberId}) ORDER BY t.transfer_id`);
    expect(rows).toEqual([
      { kind: 'gift.house', amount: '900' },
      { kind: 'gift.send', amount: '2100' },
    ]);
    socket.close();
    await expectLedgerSound(s);
  });

  it('the anchor keeps its share: the rest goes to the house; the reward says so', async () => {
    const m = await withGold(100, 200);
    const football = giftNamed('足球');
    expect((await give(m, football.giftId, 2)).code).toBe(0);
    const { rows } = await s.deps.db.execute(sql`
      SELECT a.account_key, a.balance::text AS balance FROM wallet_accounts a WHERE a.account_key LIKE ${`anchor:${room.anchorId}:1:%`}`);
    expect(rows).toHaveLength(1);
    const reward = (await s.call('/api/live/anchor/reward', { anchorRoomId: room.anchorRoomId, period: 'day' })).data;
    expect(reward).toMatchObject({ anchorRoomId: room.anchorRoomId, nickname: '糖糖', share: 70, period: 'day' });
    expect(reward.reward).toBeCloseTo(reward.gold * 0.7, 2);
    expect(Number((rows[0] as { balance: string }).balance) / 100).toBeCloseTo(reward.reward, 2);
    await expectLedgerSound(s);
  });

  it('concurrent gifts over one balance never overdraw: exactly what the gold pays for goes through', async () => {
    const m = await withGold(100, 100);
    const trophy = giftNamed('足球');
    const results = await Promise.all(Array.from({ length: 8 }, () => give(m, trophy.giftId)));
    const codes = results.map((r) => r.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(5);
    expect(codes.filter((code) => code !== 0).every((code) => code === Errors.GOLD_INSUFFICIENT.code)).toBe(true);
    expect(await goldOf(m)).toMatchObject({ gold: 0 });
    expect(await sends(m.memberId)).toBe(5);
    const refused = results.find((r) => r.code !== 0)!;
    expect(refused.msg).toBe('金币不足，请先充值');
    await expectLedgerSound(s);
  });

  it('a repeated Idempotency-Key gives once, even sent at once', async () => {
    const m = await withGold(100, 100);
    const k = key();
    const flower = giftNamed('鲜花');
    const tries = await Promise.all([1, 2, 3, 4].map(() => give(m, flower.giftId, 2, k)));
    expect(tries.map((t) => t.code)).toEqual([0, 0, 0, 0]);
    expect(new Set(tries.map((t) => JSON.stringify(t.data))).size).toBe(1);
    expect(await goldOf(m)).toMatchObject({ gold: 90 });
    expect(await sends(m.memberId)).toBe(1);
    const pushed = (await c.history(null, room.chatRoomNo)).data.list.filter((x: { id: number }) => x.id === tries[0].data.id);
    expect(pushed).toHaveLength(1);
    await expectLedgerSound(s);
  });

  it.each([
    ['a negative count', { count: -1 }, 'VALIDATION'],
    ['a zero count', { count: 0 }, 'VALIDATION'],
    ['a fractional count', { count: 1.5 }, 'VALIDATION'],
    ['an unknown gift', { giftId: 99_999 }, 'GIFT_NOT_FOUND'],
    ['an empty room number', { chatRoomNo: '' }, 'VALIDATION'],
    ['a room number with a NUL', { chatRoomNo: 'A1\u0000' }, 'VALIDATION'],
    ['an over-long room number', { chatRoomNo: 'A'.repeat(33) }, 'VALIDATION'],
    ['an unknown room', { chatRoomNo: 'A99999' }, 'CHAT_ROOM_NOT_FOUND'],
    ['more gold than the member has', { count: 999 }, 'GOLD_INSUFFICIENT'],
  ] as const)('refuses %s with a clear code, and nothing changes', async (_case, change, code) => {
    const m = await withGold(100, 50);
    const body = { chatRoomNo: room.chatRoomNo, giftId: giftNamed('啤酒').giftId, count: 1, ...change };
    const res = await s.call('/api/member/gift/send', body, { token: m.token, key: key() });
    expect(res.code).toBe(Errors[code].code);
    expect(res.msg).toEqual(expect.any(String));
    expect(await goldOf(m)).toMatchObject({ gold: 50 });
    expect(await sends(m.memberId)).toBe(0);
  });

  it('refuses a gift in a match’s own room (no anchor), a withdrawn gift, and a gift to oneself', async () => {
    const m = await withGold(100, 50);
    const matchRoom = (await s.call('/api/live/chat/status', { matchId: (await scriptMatch(s)).matchId })).data.chatRoomNo;
    expect((await give(m, giftNamed('鲜花').giftId, 1, key(), matchRoom)).code).toBe(Errors.GIFT_NO_ANCHOR.code);
    await s.deps.db.execute(sql`UPDATE live_gifts SET status = '2' WHERE name = '城堡'`);
    try {
      expect((await give(m, giftNamed('城堡').giftId)).code).toBe(Errors.GIFT_NOT_FOUND.code);
      expect((await s.call('/api/live/gift/list')).data.list.map((g: { giftName: string }) => g.giftName)).not.toContain('城堡');
    } finally {
      await s.deps.db.execute(sql`UPDATE live_gifts SET status = '1' WHERE name = '城堡'`);
    }
    const own = await demoRoom(s, '电竞老K');
    await operator(s, '/api/admin/live/room/update', { anchorRoomId: own.anchorRoomId, anchorMemberId: m.memberId });
    expect((await give(m, giftNamed('鲜花').giftId, 1, key(), own.chatRoomNo)).code).toBe(Errors.GIFT_TO_SELF.code);
    expect(await goldOf(m)).toMatchObject({ gold: 50 });
  });
});

describe('the anchor’s rank of givers', () => {
  it('[S7-11] ranks the room’s givers by the Shanghai day and by the week from Monday, most first', async () => {
    const anchor = await demoRoom(s, '篮球小美');
    const rank = async (period: 'day' | 'week') => (await s.call('/api/live/anchor/rank', { anchorRoomId: anchor.anchorRoomId, period })).data.list;
    // Monday 12:00 of a Shanghai week: the day's and the week's gifts.
    const monday = shanghaiMidnight(clock.now()) - ((new Date(clock.now() + 8 * 3_600_000).getUTCDay() + 6) % 7) * DAY_MS;
    clock.shift(monday + 7 * DAY_MS + 12 * 3_600_000 - clock.now());
    const [a, b] = [await withGold(100, 1000), await withGold(100, 1000)];
    await s.call('/api/member/nickname', { nickname: '大哥A' }, { token: a.token });
    await s.call('/api/member/nickname', { nickname: '大哥B' }, { token: b.token });
    const car = giftNamed('跑车');
    const trophy = giftNamed('奖杯');
    expect((await give(a, trophy.giftId, 1, key(), anchor.chatRoomNo)).code).toBe(0);
    clock.shift(DAY_MS);
    // A new Shanghai day: the sessions of yesterday ended at 22:00.
    for (const m of [a, b]) m.token = (await s.call('/api/member/login/v3', { name: m.name, password: m.password })).data.token;
    expect((await give(b, car.giftId, 1, key(), anchor.chatRoomNo)).code).toBe(0);
    expect((await give(a, trophy.giftId, 1, key(), anchor.chatRoomNo)).code).toBe(0);
    expect(await rank('day')).toEqual([
      { rank: 1, nickname: '大哥B', gold: 188 },
      { rank: 2, nickname: '大哥A', gold: 52 },
    ]);
    expect(await rank('week')).toEqual([
      { rank: 1, nickname: '大哥B', gold: 188 },
      { rank: 2, nickname: '大哥A', gold: 104 },
    ]);
    clock.shift(6 * DAY_MS);
    expect(await rank('week')).toEqual([]);
    expect((await s.call('/api/live/anchor/rank', { anchorRoomId: 99_999, period: 'day' })).code).toBe(Errors.ANCHOR_ROOM_NOT_FOUND.code);
    expect((await s.call('/api/live/anchor/rank', { anchorRoomId: anchor.anchorRoomId, period: 'year' })).code).toBe(Errors.VALIDATION.code);
  });
});

describe('gifts sent together', () => {
  it('[issue 18] [issue 14] go in one transaction, each answered alone: a giver short of gold and a key used for another gift change nothing, the others numbered in a row', async () => {
    const rose = giftNamed(gifts[0].giftName);
    const givers = await Promise.all(Array.from({ length: 8 }, () => withGold(100, 100)));
    const poor = await withGold(100, 0);
    const used = key();
    expect((await give(givers[0], rose.giftId, 1, used)).code).toBe(0);
    const rooms = await chatRoomOf();
    const author = (m: Member) => authorOf({ memberId: m.memberId, siteId: 1, name: m.name, vipLevel: 0 }, { series: 'bp' }, m.name, 'low');
    const orders = await Promise.all(
      [...givers, poor].map((m, i) =>
        giftOrder(s.deps.db, {
          owner: walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId),
          author: author(m),
          room: rooms,
          giftId: rose.giftId,
          // The first giver's key again, for two roses this time.
          count: i === 0 ? 2 : 1,
          key: { key: i === 0 ? used : key(), route: '/api/member/gift/send' },
        }),
      ),
    );
    const outcomes = await sendGifts(s.deps, orders);
    expect(outcomes.map((o) => (o.ok ? 0 : (o.error as { code: number }).code))).toEqual([
      Errors.IDEMPOTENCY_MISMATCH.code,
      ...givers.slice(1).map(() => 0),
      Errors.GOLD_INSUFFICIENT.code,
    ]);
    expect(await sends(poor.memberId)).toBe(0);
    for (const m of givers) expect(await sends(m.memberId)).toBe(1);
    // [issue 14] The batch's giftPushes are numbered one after another in the room's sequence, in the order given.
    const ids = outcomes.slice(1, -1).map((o) => (o.ok ? o.value.id : 0));
    const { rows: pushes } = await s.deps.db.execute(sql`
      SELECT message_id, seq FROM live_chat_messages WHERE message_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY seq`);
    const seqs = (pushes as Array<{ message_id: unknown; seq: unknown }>).map((r) => Number(r.seq));
    expect(seqs).toEqual(ids.map((_, i) => seqs[0] + i));
    expect((pushes as Array<{ message_id: unknown }>).map((r) => Number(r.message_id))).toEqual(ids);
    // The batch's gold moved in one transaction: its ledger rows share the transaction's start.
    const { rows } = await s.deps.db.execute(sql`
      SELECT count(DISTINCT t.created_at)::int AS n FROM wallet_transfers t JOIN live_gift_sends g ON t.ref = 'gift:' || g.gift_send_id
      WHERE t.kind = 'gift.send' AND g.member_id IN (${sql.join(
        givers.slice(1).map((m) => sql`${m.memberId}`),
        sql`, `,
      )})`);
    expect(rows[0]).toEqual({ n: 1 });
    await expectLedgerSound(s);
  });

  it("[issue 14] may span rooms: each room's giftPushes numbered in a row in its own sequence, each answer the giver's own, each anchor paid its share", async () => {
    const rose = giftNamed(gifts[0].giftName);
    const other = await demoRoom(s, '篮球小美');
    const rooms = [await chatRoomOf(), await requireRoom(s.deps.db, other.chatRoomNo)];
    const givers = await Promise.all(Array.from({ length: 6 }, () => withGold(100, 100)));
    const author = (m: Member) => authorOf({ memberId: m.memberId, siteId: 1, name: m.name, vipLevel: 0 }, { series: 'bp' }, m.name, 'low');
    const anchorGold = async (anchorId: number) =>
      Number(
        (
          (await s.deps.db.execute(sql`SELECT coalesce(sum(balance), 0)::text AS b FROM wallet_accounts WHERE account_key LIKE ${`anchor:${anchorId}:1:%`}`))
            .rows[0] as { b: string }
        ).b,
      );
    const before = [await anchorGold(room.anchorId), await anchorGold(other.anchorId)];
    // Alternating rooms: 0, 1, 0, 1, ...
    const orders = await Promise.all(
      givers.map((m, i) =>
        giftOrder(s.deps.db, {
          owner: walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId),
          author: author(m),
          room: rooms[i % 2],
          giftId: rose.giftId,
          count: i + 1,
          key: { key: key(), route: '/api/member/gift/send' },
        }),
      ),
    );
    const outcomes = await sendGifts(s.deps, orders);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const ids = outcomes.map((o) => (o.ok ? o.value.id : 0));
    const { rows } = await s.deps.db.execute(sql`
      SELECT message_id, chat_room_no, seq, member_id FROM live_chat_messages WHERE message_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const pushes = new Map(
      (rows as Array<{ message_id: unknown; chat_room_no: string; seq: unknown; member_id: unknown }>).map((r) => [Number(r.message_id), r]),
    );
    givers.forEach((m, i) => {
      const push = pushes.get(ids[i])!;
      expect([push.chat_room_no, Number(push.member_id)]).toEqual([rooms[i % 2].chatRoomNo, m.memberId]);
    });
    for (const side of [0, 1]) {
      const seqs = ids.filter((_, i) => i % 2 === side).map((id) => Number(pushes.get(id)!.seq));
      expect(seqs).toEqual(seqs.map((_, j) => seqs[0] + j));
    }
    const paid = [await anchorGold(room.anchorId), await anchorGold(other.anchorId)];
    const price = BigInt(rose.giftPrice) * 100n;
    const share = (sharePercent: number, counts: number[]) => counts.reduce((sum, n) => sum + Number((price * BigInt(n) * BigInt(sharePercent)) / 100n), 0);
    expect(paid[0] - before[0]).toBe(share(orders[0].prepared.anchor.sharePercent, [1, 3, 5]));
    expect(paid[1] - before[1]).toBe(share(orders[1].prepared.anchor.sharePercent, [2, 4, 6]));
    await expectLedgerSound(s);
  });
});

async function chatRoomOf() {
  return requireRoom(s.deps.db, room.chatRoomNo);
}

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAT_CATCH_UP_MAX, CHAT_SEND_RATE, Errors, channel, type ChatMessage } from '@bp/contract';
import { clock } from '../../platform/clock.ts';
import { shiftToMorning, startTestServer, type TestServer } from '../../test/harness.ts';
import { applyFeedEvents } from '../sports/index.ts';
import { fund, idemKey, scriptMatch } from '../sports/testing.ts';
import { burst, chat, clientId, demoRoom, expectBurstReceived, follow, memberAt, operator, type Member } from './testing.ts';
import { postMessage, writePost } from './chat/messages.ts';
import { requireRoom } from './chat/rooms.ts';
import { sendTexts, type Posted } from './chat/send.ts';
import { muteMember } from './chat/moderation.ts';
import type { AppError } from '../../platform/http/index.ts';

let s: TestServer;
let c: ReturnType<typeof chat>;
/** A free cast's room and a scripted match's room, fresh for this file. */
let cast: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  c = chat(s);
  cast = (await demoRoom(s, '糖糖')).chatRoomNo;
  await s.siteConfig.set(1, 'sports_inplay_delay_ms', '0');
});
afterAll(() => s.close());
afterEach(() => clock.reset());

const status = (body: Record<string, unknown>, headers?: Record<string, string>) => s.call('/api/live/chat/status', body, { headers });
const texts = (list: Array<{ msgType: string; content: string }>) => list.filter((m) => m.msgType === 'text').map((m) => m.content);
const messageCount = async (chatRoomNo: string) =>
  Number(((await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM live_chat_messages WHERE chat_room_no = ${chatRoomNo}`)).rows[0] as { n: number }).n);

describe('a chat room’s status', () => {
  it('[S3-10] by match id: the match’s own room; by chat-room number: the same, or an anchor’s room (cast live)', async () => {
    const match = await scriptMatch(s);
    const byMatch = await status({ matchId: match.matchId });
    expect(byMatch.data).toEqual({
      status: 1,
      exist: true,
      gameStatus: 0,
      type: 'match',
      matchId: match.matchId,
      chatRoomNo: `M${match.matchId}`,
      anchorRoomId: null,
      slowModeSec: 0,
      membersOnly: false,
      venueName: 'YB',
    });
    expect((await status({ chatRoomNo: byMatch.data.chatRoomNo })).data).toEqual(byMatch.data);
    expect((await status({ chatRoomNo: cast })).data).toMatchObject({ type: 'cast', matchId: null, chatRoomNo: cast, gameStatus: 1, status: 1, exist: true });
    const im = await scriptMatch(s, { venueCode: 'IMTY', leagueId: 98_761 });
    expect((await status({ matchId: im.matchId })).data.venueName).toBe('IM');
    expect((await status({ chatRoomNo: 'M999999999' })).code).toBe(Errors.CHAT_ROOM_NOT_FOUND.code);
    expect((await status({ matchId: 999_999_999 })).code).toBe(Errors.MATCH_NOT_FOUND.code);
    expect((await status({})).code).toBe(Errors.VALIDATION.code);
  });

  it('[S4-11] the entrance: a site that switched chat off answers exist false; a cancelled match’s room is shut (-1)', async () => {
    await s.siteConfig.set(2, 'live_chat_switch', '0');
    try {
      expect((await status({ chatRoomNo: cast }, { 'x-site-id': '2' })).data.exist).toBe(false);
      expect((await status({ chatRoomNo: cast })).data.exist).toBe(true);
      expect((await c.history(null, cast, {}, 2)).code).toBe(Errors.CHAT_SWITCHED_OFF.code);
    } finally {
      await s.siteConfig.set(2, 'live_chat_switch', null);
    }
    const match = await scriptMatch(s);
    expect((await status({ matchId: match.matchId })).data.status).toBe(1);
    await applyFeedEvents(s.deps, [{ type: 'cancel', ref: match.ref }]);
    expect((await status({ matchId: match.matchId })).data).toMatchObject({ status: -1, gameStatus: 2 });
  });

  it('[S6-01] the member’s variant adds the member’s side, mute and moderator role', async () => {
    const m = await memberAt(s, 6);
    const res = await c.member(m, '/api/member/chat/status', { chatRoomNo: cast });
    expect(res.data).toMatchObject({ chatRoomNo: cast, side: 'high', mutedUntil: null, moderator: false });
    expect((await s.call('/api/member/chat/status', { chatRoomNo: cast })).status).toBe(401);
  });
});

describe('sending a message', () => {
  it('[S3-15] reaches every follower of chat:<room> with the message’s fields and its sequence, and stays in the history', async () => {
    const m = await memberAt(s, 2);
    await c.member(m, '/api/member/nickname', { nickname: '看球的小王' });
    const socket = await follow(s, cast);
    const sent = await c.send(m, cast, '  主队加油！  ');
    expect(sent.code, sent.msg).toBe(0);
    const frame = await socket.next((f) => f.type === 'chat.message' && f.data.id === sent.data.id);
    expect(frame.ch).toBe(channel.chat(cast));
    expect(frame.data).toEqual({
      id: sent.data.id,
      chatRoomNo: cast,
      seq: sent.data.seq,
      msgType: 'text',
      content: '主队加油！',
      level: 'low',
      venueName: 'YB',
      siteId: 1,
      siteSeries: 'classy',
      memberId: m.memberId,
      userId: m.memberId,
      username: `${m.name.slice(0, 2)}***${m.name.slice(-2)}`,
      memberName: '看球的小王',
      vipLevel: 2,
      order: null,
      gift: null,
      createdAt: expect.any(Number),
    });
    const history = await c.history(null, cast);
    expect(history.data.list.at(-1)).toEqual(frame.data);
    expect(history.data.lastSeq).toBeGreaterThanOrEqual(sent.data.seq);
    socket.close();
  });

  it('refuses a NUL before anything else reads the call (the platform’s check of every field), and posts nothing', async () => {
    const m = await memberAt(s);
    const before = await messageCount(cast);
    const res = await c.send(m, cast, 'hi\u0000there');
    expect([res.code, res.msg]).toEqual([Errors.VALIDATION.code, 'content: 包含非法字符']);
    expect(await messageCount(cast)).toBe(before);
  });

  it.each([
    ['empty', '', 'CHAT_CONTENT_EMPTY'],
    ['only spaces', '   \u3000 ', 'CHAT_CONTENT_EMPTY'],
    ['201 characters', '好'.repeat(201), 'CHAT_CONTENT_TOO_LONG'],
    ['a control character', 'hi\u0007there', 'CHAT_CONTENT_INVALID'],
    ['a line break inside', 'line\nbreak', 'CHAT_CONTENT_INVALID'],
    ['a bidi override', 'abc\u202Edef', 'CHAT_CONTENT_INVALID'],
    ['a zero-width space', '加\u200B微信', 'CHAT_CONTENT_INVALID'],
    ['a blocked word', '有需要的加 微信 聊', 'CHAT_BLOCKED_WORD'],
    ['a blocked word in capitals', '加QQ群', 'CHAT_BLOCKED_WORD'],
  ] as const)('refuses %s with its own code, and posts nothing', async (_case, content, code) => {
    const m = await memberAt(s);
    const before = await messageCount(cast);
    const res = await c.send(m, cast, content);
    expect([res.code, res.msg]).toEqual([Errors[code].code, Errors[code].msg]);
    expect(await messageCount(cast)).toBe(before);
  });

  it('takes exactly 200 characters, and emoji sequences with their joiners', async () => {
    const m = await memberAt(s);
    expect((await c.send(m, cast, '球'.repeat(200))).code).toBe(0);
    expect((await c.send(m, cast, '👨‍👩‍👧 好球 👍🏽')).code).toBe(0);
  });

  it('uses the site’s own blocked words', async () => {
    const m = await memberAt(s);
    await s.siteConfig.set(1, 'live_chat_blocked_words', '黑哨，假球');
    try {
      expect((await c.send(m, cast, '这是假球吧')).code).toBe(Errors.CHAT_BLOCKED_WORD.code);
      expect((await c.send(m, cast, '加微信可以吗')).code).toBe(0);
    } finally {
      await s.siteConfig.set(1, 'live_chat_blocked_words', null);
    }
  });

  it('refuses a bad room number, an unknown room and a visitor; nothing is posted', async () => {
    const m = await memberAt(s);
    expect((await c.send(m, 'M 1', 'hi')).code).toBe(Errors.VALIDATION.code);
    expect((await c.send(m, '', 'hi')).code).toBe(Errors.VALIDATION.code);
    expect((await c.send(m, 'A\u0000', 'hi')).code).toBe(Errors.VALIDATION.code);
    expect((await c.send(m, 'A99999', 'hi')).code).toBe(Errors.CHAT_ROOM_NOT_FOUND.code);
    expect((await s.call('/api/member/chat/send', { chatRoomNo: cast, content: 'hi', clientMsgId: clientId() })).status).toBe(401);
    const { rows } = await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM live_chat_messages WHERE member_id = ${m.memberId}`);
    expect((rows[0] as { n: number }).n).toBe(0);
  });

  it('posts a retried message once: the same clientMsgId, even at once, answers the first', async () => {
    const m = await memberAt(s);
    const id = clientId();
    const before = await messageCount(cast);
    const tries = await Promise.all([1, 2, 3].map(() => c.send(m, cast, '只发一次', id)));
    expect(tries.map((t) => t.code)).toEqual([0, 0, 0]);
    expect(new Set(tries.map((t) => t.data.id)).size).toBe(1);
    expect((await c.send(m, cast, '只发一次', id)).data).toEqual(tries[0].data);
    expect(await messageCount(cast)).toBe(before + 1);
  });

  it('shows no post before its number; a retry of a post whose first call stopped short of numbering numbers it and tells the room once', async () => {
    const m = await memberAt(s);
    const socket = await follow(s, cast);
    const author = { memberId: m.memberId, siteId: 1, siteSeries: 'classy', username: 'x', memberName: 'x', vipLevel: 0, side: 'low' as const };
    const id = clientId();
    const written = await s.deps.db.transaction(async (tx) =>
      writePost(tx, await requireRoom(tx, cast), { msgType: 'text', content: '未编号', author, clientMsgId: id }),
    );
    expect(texts((await c.history(null, cast)).data.list)).not.toContain('未编号');
    const retried = await c.send(m, cast, '未编号', id);
    expect(retried.data).toEqual({ id: Number(written.message_id), seq: expect.any(Number) });
    expect((await c.history(null, cast)).data.list.at(-1)).toMatchObject({ id: retried.data.id, seq: retried.data.seq, content: '未编号' });
    await socket.next((f) => f.type === 'chat.message' && f.data.id === retried.data.id);
    expect((await c.send(m, cast, '未编号', id)).data).toEqual(retried.data);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket.frames.filter((f) => f.type === 'chat.message' && f.data.id === retried.data.id)).toHaveLength(1);
    socket.close();
  });

  it('keeps a member’s pace: the sixth message within 10 s is refused, and goes once the window passed', async () => {
    const m = await memberAt(s);
    for (let i = 0; i < CHAT_SEND_RATE.max; i++) expect((await c.send(m, cast, `第${i + 1}条`)).code).toBe(0);
    const refused = await c.send(m, cast, '太快了');
    expect([refused.code, refused.msg]).toEqual([Errors.CHAT_TOO_FAST.code, '发言太快了，请稍后再发']);
    clock.shift(CHAT_SEND_RATE.windowMs + 1);
    expect((await c.send(m, cast, '现在可以了')).code).toBe(0);
  });

  it('keeps the pace the site sets (live_chat_send_rate N/S), and the default when the setting is not a pace', async () => {
    await s.siteConfig.set(1, 'live_chat_send_rate', '2/60');
    try {
      const m = await memberAt(s);
      expect([(await c.send(m, cast, '一')).code, (await c.send(m, cast, '二')).code]).toEqual([0, 0]);
      expect((await c.send(m, cast, '三')).code).toBe(Errors.CHAT_TOO_FAST.code);
      clock.shift(CHAT_SEND_RATE.windowMs + 1);
      expect((await c.send(m, cast, '十秒后仍在一分钟内')).code).toBe(Errors.CHAT_TOO_FAST.code);
      await s.siteConfig.set(1, 'live_chat_send_rate', '很多');
      const other = await memberAt(s);
      for (let i = 0; i < CHAT_SEND_RATE.max; i++) expect((await c.send(other, cast, `第${i + 1}条`)).code).toBe(0);
      expect((await c.send(other, cast, '第六条')).code).toBe(Errors.CHAT_TOO_FAST.code);
    } finally {
      await s.siteConfig.set(1, 'live_chat_send_rate', null);
    }
  });
});

describe('the two sides of a room (VIP 4 and below, above 4)', () => {
  it('[S4-18] [S6-05] a member reads and writes its own side; a visitor reads the low side', async () => {
    const room = (await status({ matchId: (await scriptMatch(s)).matchId })).data.chatRoomNo;
    const [low, four, high, higher] = [await memberAt(s, 0), await memberAt(s, 4), await memberAt(s, 5), await memberAt(s, 9)];
    expect((await c.send(low, room, '低区消息')).code).toBe(0);
    expect((await c.send(four, room, 'VIP4消息')).code).toBe(0);
    const fromHigh = await c.send(high, room, '高区消息');
    expect(fromHigh.code).toBe(0);
    expect(texts((await c.history(low, room)).data.list)).toEqual(['低区消息', 'VIP4消息']);
    expect(texts((await c.history(null, room)).data.list)).toEqual(['低区消息', 'VIP4消息']);
    expect(texts((await c.history(higher, room)).data.list)).toEqual(['高区消息']);
    expect((await c.history(higher, room)).data.list[0]).toMatchObject({ level: 'high', vipLevel: 5 });
  });
});

describe('welcome on entry', () => {
  it('[S4-16] welcomes a member once however often it enters; later again, and the history keeps the latest welcome per member', async () => {
    const room = (await status({ matchId: (await scriptMatch(s)).matchId })).data.chatRoomNo;
    shiftToMorning();
    const m = await memberAt(s);
    const enter = () => c.member(m, '/api/member/chat/enter', { chatRoomNo: room });
    const at = await Promise.all([enter(), enter(), enter()]);
    expect(at.map((r) => r.data.welcomed).sort()).toEqual([false, false, true]);
    expect((await enter()).data.welcomed).toBe(false);
    clock.shift(31 * 60_000);
    expect((await enter()).data.welcomed).toBe(true);
    const welcomes = (await c.history(m, room)).data.list.filter((x: { msgType: string }) => x.msgType === 'welcome');
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]).toMatchObject({ memberId: m.memberId, content: expect.stringContaining('进入直播间') });
    const { rows } = await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM live_chat_messages WHERE chat_room_no = ${room} AND msg_type = 'welcome'`);
    expect((rows[0] as { n: number }).n).toBe(2);
  });
});

describe('sharing a bet', () => {
  let match: Awaited<ReturnType<typeof scriptMatch>>;
  let room: string;
  const bet = async (m: Member, siteId = 1) => {
    const res = await s.call(
      '/api/sports/bet/place',
      { type: 'single', stake: siteId === 1 ? 50 : 5, selections: [{ selectionId: await match.sel('1x2', 'home'), odds: 2.1 }] },
      { token: m.token, key: idemKey(), headers: siteId === 1 ? {} : { 'x-site-id': String(siteId) } },
    );
    expect(res.code, res.msg).toBe(0);
    return res.data.orderId as string;
  };
  beforeAll(async () => {
    match = await scriptMatch(s, { home: '皇家马德里', visit: '巴塞罗那' });
    room = (await status({ matchId: match.matchId })).data.chatRoomNo;
  });

  it('[S3-16] shares the member’s own bet as an order message with its card; another member’s bet is not found', async () => {
    const m = await memberAt(s);
    await fund(s, m.memberId, 100_000n);
    const orderId = await bet(m);
    const shared = await c.member(m, '/api/member/chat/shareOrder', { chatRoomNo: room, orderId });
    expect(shared.code, shared.msg).toBe(0);
    const message = (await c.history(null, room)).data.list.find((x: { id: number }) => x.id === shared.data.id);
    expect(message).toMatchObject({
      msgType: 'order',
      memberId: m.memberId,
      venueName: 'YB',
      order: {
        orderId,
        categoryName: '英格兰超级联赛',
        itemName: expect.stringContaining('皇家马德里 vs 巴塞罗那'),
        score: null,
        teamLogo: expect.any(String),
        venueName: 'YB',
        stake: 50,
        odds: 2.1,
        status: 'pending',
      },
    });
    expect((await c.member(m, '/api/member/chat/shareOrder', { chatRoomNo: room, orderId })).data).toEqual(shared.data);
    const other = await memberAt(s);
    expect((await c.member(other, '/api/member/chat/shareOrder', { chatRoomNo: room, orderId })).code).toBe(Errors.BET_NOT_FOUND.code);
    expect((await c.member(other, '/api/member/chat/shareOrder', { chatRoomNo: room, orderId: 'nope' })).code).toBe(Errors.BET_NOT_FOUND.code);
  });

  it('[S4-14] an order of another site is not in this site’s history; nor an order of another venue than the room’s', async () => {
    const usdt = await memberAt(s, 0, 2);
    await fund(s, usdt.memberId, 10_000n, 2, 'USDT');
    const orderId = await bet(usdt, 2);
    const shared = await c.member(usdt, '/api/member/chat/shareOrder', { chatRoomNo: room, orderId }, 2);
    expect(shared.code, shared.msg).toBe(0);
    const ids = async (siteId: number) => (await c.history(null, room, {}, siteId)).data.list.map((x: { id: number }) => x.id);
    expect(await ids(2)).toContain(shared.data.id);
    expect(await ids(1)).not.toContain(shared.data.id);

    // The room's anchor moves to an IMTY match: the YB orders shared before are not shown there any more.
    const anchor = await demoRoom(s, '电竞老K');
    await operator(s, '/api/admin/live/room/update', { anchorRoomId: anchor.anchorRoomId, matchId: match.matchId });
    const m = await memberAt(s);
    await fund(s, m.memberId, 100_000n);
    const inAnchorRoom = await c.member(m, '/api/member/chat/shareOrder', { chatRoomNo: anchor.chatRoomNo, orderId: await bet(m) });
    expect(inAnchorRoom.code).toBe(0);
    const im = await scriptMatch(s, { venueCode: 'IMTY', leagueId: 1991 });
    await operator(s, '/api/admin/live/room/update', { anchorRoomId: anchor.anchorRoomId, matchId: im.matchId });
    const list = (await c.history(null, anchor.chatRoomNo)).data.list.map((x: { id: number }) => x.id);
    expect(list).not.toContain(inAnchorRoom.data.id);
    const refused = await c.member(m, '/api/member/chat/shareOrder', { chatRoomNo: anchor.chatRoomNo, orderId: await bet(m) });
    expect(refused.code).toBe(Errors.CHAT_ORDER_OTHER_VENUE.code);
  });
});

describe('texts sent together (one batch, issue 14)', () => {
  const authorFor = (m: Member) => ({
    memberId: m.memberId,
    siteId: 1,
    siteSeries: 'classy',
    username: 'x',
    memberName: 'x',
    vipLevel: 0,
    side: 'low' as const,
  });
  const freshRoom = async () => (await status({ matchId: (await scriptMatch(s)).matchId })).data.chatRoomNo as string;

  it('posts the accepted texts numbered one after another; beside them a muted member is refused and a repeated client id answers the first post', async () => {
    const room = await freshRoom();
    const [a, muted, b, again] = await Promise.all(Array.from({ length: 4 }, () => memberAt(s)));
    const againId = clientId();
    const first = await c.send(again, room, '先发的', againId);
    await muteMember(s.deps.db, await requireRoom(s.deps.db, room), 'operator', { memberId: muted.memberId, minutes: 10, reason: '刷屏' });
    const order = (m: Member, content: string, clientMsgId = clientId()) => ({
      chatRoomNo: room,
      author: authorFor(m),
      sendRate: { ...CHAT_SEND_RATE },
      content,
      clientMsgId,
    });
    const outcomes = await sendTexts(s.deps, [order(a, '甲'), order(muted, '乙'), order(b, '丙'), order(again, '先发的', againId)]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true, true]);
    const [posted, refused, next, repeated] = outcomes.map((o) => (o.ok ? o.value : o.error)) as [Posted, AppError, Posted, Posted];
    expect(refused.key).toBe('CHAT_MUTED');
    expect(posted.seq).toBe(first.data.seq + 1);
    expect(next.seq).toBe(posted.seq + 1);
    expect(repeated).toEqual(first.data);
    const list = (await c.history(null, room, { afterSeq: first.data.seq })).data.list as ChatMessage[];
    expect(list.map((m) => [m.seq, m.content])).toEqual([
      [posted.seq, '甲'],
      [next.seq, '丙'],
    ]);
  });

  it('many members at once through the call: every accepted text once, the sequence without a gap; a blocked word and a mute refused alone', async () => {
    const room = await freshRoom();
    const members = await Promise.all(Array.from({ length: 10 }, () => memberAt(s)));
    await muteMember(s.deps.db, await requireRoom(s.deps.db, room), 'operator', { memberId: members[3].memberId, minutes: 10 });
    const socket = await follow(s, room);
    const answers = await Promise.all(members.map((m, i) => c.send(m, room, i === 5 ? '加微信聊' : `第${i}位`)));
    expect(answers.map((a) => a.code)).toEqual(members.map((_, i) => (i === 3 ? Errors.CHAT_MUTED.code : i === 5 ? Errors.CHAT_BLOCKED_WORD.code : 0)));
    const seqs = answers
      .filter((a) => a.code === 0)
      .map((a) => a.data.seq as number)
      .sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 8 }, (_, i) => seqs[0] + i));
    const list = (await c.history(null, room, { afterSeq: seqs[0] - 1 })).data.list as ChatMessage[];
    expect(list.map((m) => m.seq)).toEqual(seqs);
    const told = () => socket.frames.filter((f) => f.type === 'chat.message').map((f) => (f.data as ChatMessage).seq);
    await expect.poll(told, { timeout: 5_000 }).toEqual(seqs);
    socket.close();
  });
});

describe('a burst of messages', () => {
  it('reaches every follower batched: each message once, in sequence order, and a catch-up after it finds nothing missed', async () => {
    const room = (await status({ matchId: (await scriptMatch(s)).matchId })).data.chatRoomNo;
    const followers = [await follow(s, room), await follow(s, room)];
    const members = await Promise.all(Array.from({ length: 6 }, () => memberAt(s)));
    const sent = await burst([s], room, members, 5);
    for (const socket of followers) await expectBurstReceived(socket, sent);
    const lastSeq = Math.max(...sent.map((m) => m.seq));
    expect((await c.history(null, room, { afterSeq: lastSeq })).data).toMatchObject({ list: [], reload: false });
    followers.forEach((socket) => socket.close());
  });
});

describe('a client back from a lost connection', () => {
  it('gets what it missed after the last sequence it saw, once, from the history', async () => {
    const room = (await status({ matchId: (await scriptMatch(s)).matchId })).data.chatRoomNo;
    const [a, b] = [await memberAt(s), await memberAt(s)];
    const socket = await follow(s, room);
    const seen = await c.send(a, room, '断线前');
    const last = ((await socket.next((f) => f.type === 'chat.message' && f.data.id === seen.data.id)).data as ChatMessage).seq;
    socket.close();
    for (const text of ['断线中一', '断线中二', '断线中三']) expect((await c.send(b, room, text)).code).toBe(0);
    const missed = await c.history(null, room, { afterSeq: last });
    expect(texts(missed.data.list)).toEqual(['断线中一', '断线中二', '断线中三']);
    expect(missed.data).toMatchObject({ reload: false, deletedIds: [], lastSeq: last + 3 });
    expect((await c.history(null, room, { afterSeq: missed.data.lastSeq })).data.list).toEqual([]);
    const older = await c.history(null, room, { beforeId: missed.data.list[0].id, size: 1 });
    expect(texts(older.data.list)).toEqual(['断线前']);
  });

  it(`is told to reload when it missed more than ${CHAT_CATCH_UP_MAX}: it gets the latest page instead`, async () => {
    const room = (await status({ matchId: (await scriptMatch(s)).matchId })).data.chatRoomNo;
    const m = await memberAt(s);
    const author = { memberId: m.memberId, siteId: 1, siteSeries: 'classy', username: 'x', memberName: 'x', vipLevel: 0, side: 'low' as const };
    await s.deps.db.transaction(async (tx) => {
      const found = await requireRoom(tx, room);
      for (let i = 1; i <= CHAT_CATCH_UP_MAX + 1; i++) await postMessage(tx, found, { msgType: 'text', content: `#${i}`, author });
    });
    const res = await c.history(null, room, { afterSeq: 0, size: 10 });
    expect(res.data.reload).toBe(true);
    expect(texts(res.data.list)).toEqual(Array.from({ length: 10 }, (_, i) => `#${CHAT_CATCH_UP_MAX - 8 + i}`));
  });
});

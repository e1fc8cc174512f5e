import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors, shanghaiDateTime } from '@bp/contract';
import { clock } from '../../platform/clock.ts';
import { shiftToMorning, startTestServer, type TestServer } from '../../test/harness.ts';
import { scriptMatch } from '../sports/testing.ts';
import { chat, demoRoom, follow, memberAt, operator, type Member } from './testing.ts';

let s: TestServer;
let c: ReturnType<typeof chat>;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  c = chat(s);
});
afterAll(() => s.close());
afterEach(() => clock.reset());

/** A fresh match room and a member the operator made its moderator. */
async function moderatedRoom(): Promise<{ room: string; mod: Member }> {
  const room = (await s.call('/api/live/chat/status', { matchId: (await scriptMatch(s)).matchId })).data.chatRoomNo as string;
  const mod = await memberAt(s);
  expect((await operator(s, '/api/admin/live/moderator/grant', { chatRoomNo: room, memberId: mod.memberId, reason: '值班管理员' })).code).toBe(0);
  return { room, mod };
}
const mute = (by: Member, room: string, memberId: number, minutes = 10, reason?: string) =>
  c.member(by, '/api/member/chat/mute', { chatRoomNo: room, memberId, minutes, ...(reason ? { reason } : {}) });
const actions = async (room: string) => (await operator(s, '/api/admin/live/chat/actions', { chatRoomNo: room })).data;

describe('moderation of a room (seed 6)', () => {
  it('[S6-02] a member cannot mute; a moderator mutes, and the muted member cannot send, told until when; unblocked, it can', async () => {
    const { room, mod } = await moderatedRoom();
    const [member, loud] = [await memberAt(s), await memberAt(s)];
    expect((await c.send(loud, room, '在吗')).code).toBe(0);
    const refused = await mute(member, room, loud.memberId);
    expect([refused.code, refused.msg]).toEqual([Errors.CHAT_NOT_MODERATOR.code, '您不是该聊天室的管理员']);
    expect((await c.send(loud, room, '还能说话')).code).toBe(0);

    expect((await mute(mod, room, loud.memberId, 30, '刷屏')).code).toBe(0);
    const until = clock.now() + 30 * 60_000;
    const muted = await c.send(loud, room, '我被禁言了吗');
    expect(muted.code).toBe(Errors.CHAT_MUTED.code);
    expect(muted.msg).toBe(`您已被禁言，将于 ${shanghaiDateTime(muted.data.until)} 解除`);
    expect(Math.abs(muted.data.until - until)).toBeLessThan(5_000);
    expect((await c.member(loud, '/api/member/chat/status', { chatRoomNo: room })).data.mutedUntil).toBe(muted.data.until);
    const list = await c.member(mod, '/api/member/chat/muted/list', { chatRoomNo: room });
    expect(list.data.list).toEqual([{ memberId: loud.memberId, username: `${loud.name.slice(0, 2)}***${loud.name.slice(-2)}`, until: muted.data.until }]);
    expect((await c.member(member, '/api/member/chat/muted/list', { chatRoomNo: room })).code).toBe(Errors.CHAT_NOT_MODERATOR.code);

    expect((await c.member(mod, '/api/member/chat/unblock', { chatRoomNo: room, memberId: loud.memberId, reason: '已道歉' })).code).toBe(0);
    expect((await c.send(loud, room, '谢谢管理')).code).toBe(0);
    expect((await c.member(mod, '/api/member/chat/muted/list', { chatRoomNo: room })).data.list).toEqual([]);
  });

  it('[S6-02] a mute ends by itself when its time is over', async () => {
    shiftToMorning(); // the shift below must not meet 22:00, which ends every session
    const { room, mod } = await moderatedRoom();
    const loud = await memberAt(s);
    await mute(mod, room, loud.memberId, 5);
    expect((await c.send(loud, room, '五分钟内')).code).toBe(Errors.CHAT_MUTED.code);
    clock.shift(5 * 60_000 + 1_000);
    expect((await c.send(loud, room, '五分钟后')).code).toBe(0);
  });

  it('[S6-02] another room’s moderator cannot act here, and a moderator cannot mute itself or another moderator', async () => {
    const here = await moderatedRoom();
    const there = await moderatedRoom();
    const loud = await memberAt(s);
    const sent = await c.send(loud, here.room, '别的管理员管不了我');
    expect((await mute(there.mod, here.room, loud.memberId)).code).toBe(Errors.CHAT_NOT_MODERATOR.code);
    expect((await c.member(there.mod, '/api/member/chat/delete', { chatRoomNo: here.room, id: sent.data.id })).code).toBe(Errors.CHAT_NOT_MODERATOR.code);
    expect((await c.member(there.mod, '/api/member/chat/setup', { chatRoomNo: here.room, status: 0 })).code).toBe(Errors.CHAT_NOT_MODERATOR.code);
    expect((await c.send(loud, here.room, '还在')).code).toBe(0);
    expect((await mute(here.mod, here.room, here.mod.memberId)).code).toBe(Errors.CHAT_CANNOT_MUTE.code);
    const second = await memberAt(s);
    await operator(s, '/api/admin/live/moderator/grant', { chatRoomNo: here.room, memberId: second.memberId });
    expect((await mute(here.mod, here.room, second.memberId)).code).toBe(Errors.CHAT_CANNOT_MUTE.code);
    expect((await mute(here.mod, here.room, 999_999_999)).code).toBe(Errors.MEMBER_NOT_FOUND.code);
    expect((await mute(here.mod, here.room, loud.memberId, 0)).code).toBe(Errors.VALIDATION.code);
  });

  it('[S6-02] the anchor’s own member account moderates the anchor’s room, and no other', async () => {
    const anchor = await demoRoom(s, '篮球小美');
    const other = await demoRoom(s, '阿杰说球');
    const own = await memberAt(s);
    await operator(s, '/api/admin/live/room/update', { anchorRoomId: anchor.anchorRoomId, anchorMemberId: own.memberId });
    const loud = await memberAt(s);
    expect((await mute(own, anchor.chatRoomNo, loud.memberId, 1)).code).toBe(0);
    expect((await mute(own, other.chatRoomNo, loud.memberId, 1)).code).toBe(Errors.CHAT_NOT_MODERATOR.code);
    expect((await c.member(own, '/api/member/chat/status', { chatRoomNo: anchor.chatRoomNo })).data.moderator).toBe(true);
  });

  it('[S6-02] room setup: closed rooms take no messages, slow mode spaces a member’s messages, members-only rooms keep visitors out', async () => {
    const { room, mod } = await moderatedRoom();
    const m = await memberAt(s);
    const socket = await follow(s, room);
    const setup = (body: Record<string, unknown>) => c.member(mod, '/api/member/chat/setup', { chatRoomNo: room, ...body });

    expect((await setup({ status: 0, reason: '比赛中场休息' })).data).toEqual({ chatRoomNo: room, status: 0, slowModeSec: 0, membersOnly: false });
    expect((await socket.next((f) => f.type === 'chat.room')).data).toMatchObject({ status: 0 });
    expect((await c.send(m, room, '关了吗')).code).toBe(Errors.CHAT_ROOM_CLOSED.code);
    expect((await c.send(mod, room, '管理员公告：稍后开放')).code).toBe(0);
    expect((await s.call('/api/live/chat/status', { chatRoomNo: room })).data.status).toBe(0);

    await setup({ status: 1, slowModeSec: 30 });
    expect((await c.send(m, room, '第一条')).code).toBe(0);
    const slow = await c.send(m, room, '第二条');
    expect(slow.code).toBe(Errors.CHAT_SLOW_MODE.code);
    expect(slow.msg).toMatch(/^聊天室处于慢速模式，请\d+秒后再发言$/);
    expect((await c.send(mod, room, '管理员不受限')).code).toBe(0);
    clock.shift(31_000);
    expect((await c.send(m, room, '第二条')).code).toBe(0);

    await setup({ slowModeSec: 0, membersOnly: true });
    expect((await c.history(null, room)).code).toBe(Errors.CHAT_MEMBERS_ONLY.code);
    expect((await c.history(m, room)).code).toBe(0);
    const visitor = await follow(s, room);
    expect(visitor.frames.find((f) => f.type === 'sub.denied')?.data).toMatchObject({ code: Errors.CHAT_MEMBERS_ONLY.code });
    const member = await follow(s, room, m.token);
    expect(member.frames.some((f) => f.type === 'sub.ok')).toBe(true);
    expect((await setup({ slowModeSec: 301 })).code).toBe(Errors.VALIDATION.code);
    [socket, visitor, member].forEach((open) => open.close());
  });

  it('[S6-02] removing a message takes it from every client’s view: a frame, the history, and a client catching up', async () => {
    const { room, mod } = await moderatedRoom();
    const m = await memberAt(s);
    const socket = await follow(s, room);
    const kept = await c.send(m, room, '正常发言');
    const bad = await c.send(m, room, '不当言论');
    const lastSeen = bad.data.seq;
    expect((await c.member(mod, '/api/member/chat/delete', { chatRoomNo: room, id: bad.data.id, reason: '不当言论' })).code).toBe(0);
    const frame = await socket.next((f) => f.type === 'chat.deleted');
    expect(frame.data).toEqual({ chatRoomNo: room, id: bad.data.id, seq: lastSeen + 1 });
    const ids = (await c.history(null, room)).data.list.map((x: { id: number }) => x.id);
    expect(ids).toContain(kept.data.id);
    expect(ids).not.toContain(bad.data.id);
    expect((await c.history(null, room, { afterSeq: lastSeen })).data).toMatchObject({ list: [], deletedIds: [bad.data.id] });
    expect((await c.member(mod, '/api/member/chat/delete', { chatRoomNo: room, id: bad.data.id })).code).toBe(Errors.CHAT_MESSAGE_NOT_FOUND.code);
    expect((await c.member(mod, '/api/member/chat/delete', { chatRoomNo: room, id: 999_999_999 })).code).toBe(Errors.CHAT_MESSAGE_NOT_FOUND.code);
    socket.close();
  });

  it('records every action with who, what, to whom, why and when; the operator reads the record, no one else', async () => {
    const { room, mod } = await moderatedRoom();
    const loud = await memberAt(s);
    const sent = await c.send(loud, room, '广告内容');
    await mute(mod, room, loud.memberId, 15, '发广告');
    await c.member(mod, '/api/member/chat/unblock', { chatRoomNo: room, memberId: loud.memberId, reason: '申诉通过' });
    await c.member(mod, '/api/member/chat/delete', { chatRoomNo: room, id: sent.data.id, reason: '广告' });
    await c.member(mod, '/api/member/chat/setup', { chatRoomNo: room, slowModeSec: 10, reason: '人多' });
    const record = await actions(room);
    expect(record.total).toBe(5);
    const byMod = `member:${mod.memberId}`;
    expect(record.list.map((a: { action: string; actor: string; reason: string | null }) => [a.action, a.actor, a.reason])).toEqual([
      ['setup', byMod, '人多'],
      ['delete', byMod, '广告'],
      ['unblock', byMod, '申诉通过'],
      ['mute', byMod, '发广告'],
      ['grant', 'operator', '值班管理员'],
    ]);
    expect(record.list[1]).toMatchObject({ targetMessageId: sent.data.id, targetMemberId: loud.memberId, detail: { content: '广告内容' } });
    expect(record.list[3]).toMatchObject({ targetMemberId: loud.memberId, detail: { minutes: 15 }, at: expect.any(Number) });
    expect(record.list[0].detail).toMatchObject({ before: { slowModeSec: 0 }, after: { slowModeSec: 10 } });
    const anon = await s.call('/api/admin/live/chat/actions', { chatRoomNo: room });
    expect([anon.status, anon.code]).toEqual([401, Errors.OPERATOR_AUTH.code]);
    const grant = await s.call('/api/admin/live/moderator/grant', { chatRoomNo: room, memberId: loud.memberId }, { token: mod.token });
    expect(grant.status).toBe(401);
    const { rows } = await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM live_chat_moderators WHERE chat_room_no = ${room}`);
    expect((rows[0] as { n: number }).n).toBe(1);
  });

  it('the operator takes a moderator role back: the member can act no more', async () => {
    const { room, mod } = await moderatedRoom();
    const loud = await memberAt(s);
    expect((await operator(s, '/api/admin/live/moderator/revoke', { chatRoomNo: room, memberId: mod.memberId })).code).toBe(0);
    expect((await mute(mod, room, loud.memberId)).code).toBe(Errors.CHAT_NOT_MODERATOR.code);
  });
});

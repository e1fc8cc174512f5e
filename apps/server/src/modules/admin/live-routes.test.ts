import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Errors, OPERATOR_ROLES, ROLE_PERMISSIONS, type Permission } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { scriptMatch } from '../sports/testing.ts';
import { chat, memberAt } from '../live/testing.ts';
import { signInOperator, superAdmin } from './testing.ts';

let s: TestServer;
let c: ReturnType<typeof chat>;
beforeAll(async () => {
  s = await startTestServer();
  c = chat(s);
});
afterEach(() => clock.reset());
afterAll(() => s.close());

const as = async (url: string, body: object) => s.call(url, body, { headers: (await superAdmin(s)).headers });
const matchRoom = async () => (await s.call('/api/live/chat/status', { matchId: (await scriptMatch(s)).matchId })).data.chatRoomNo as string;

async function liveState() {
  const q = (text: string) => s.deps.database.query(text);
  return {
    mutes: await q('SELECT chat_room_no, member_id, until FROM live_chat_mutes ORDER BY 1, 2'),
    deleted: await q('SELECT message_id FROM live_chat_messages WHERE deleted_at IS NOT NULL ORDER BY 1'),
    actions: await q('SELECT count(*)::int AS n FROM live_chat_actions'),
    audit: await q('SELECT count(*)::int AS n FROM admin_audit'),
  };
}

describe('live: anchor rooms and moderation from the back office', () => {
  it('[admin] the live calls refuse roles without live.moderate or live.manage, and bad input, with their codes; nothing changes', async () => {
    const room = await matchRoom();
    const loud = await memberAt(s);
    expect((await c.send(loud, room, '第一条')).code).toBe(0);
    const [message] = (await as('/api/admin/live/chat/messages', { chatRoomNo: room })).data.list;
    const calls: Array<[string, object, Permission]> = [
      ['/api/admin/live/room/list', {}, 'live.manage'],
      ['/api/admin/live/chat/rooms', {}, 'live.moderate'],
      ['/api/admin/live/chat/messages', { chatRoomNo: room }, 'live.moderate'],
      ['/api/admin/live/chat/muted', { chatRoomNo: room }, 'live.moderate'],
      ['/api/admin/live/chat/mute', { chatRoomNo: room, memberId: loud.memberId, minutes: 10 }, 'live.moderate'],
      ['/api/admin/live/chat/unmute', { chatRoomNo: room, memberId: loud.memberId }, 'live.moderate'],
      ['/api/admin/live/chat/delete', { chatRoomNo: room, id: message.id }, 'live.moderate'],
    ];
    const roles = new Map(await Promise.all(OPERATOR_ROLES.map(async (role) => [role, await signInOperator(s, [role])] as const)));
    const before = await liveState();
    const failures: string[] = [];
    for (const [url, body, permission] of calls) {
      const lacking = OPERATOR_ROLES.filter((role) => !ROLE_PERMISSIONS[role].includes(permission));
      expect(lacking.length).toBeGreaterThan(0);
      for (const role of lacking) {
        const res = await s.call(url, body, { headers: roles.get(role)!.headers });
        if (res.status !== 403 || res.code !== Errors.OPERATOR_FORBIDDEN.code) failures.push(`${url} as ${role}: ${res.status} ${res.code}`);
      }
    }
    expect(failures).toEqual([]);

    const moderator = roles.get('moderator')!.headers;
    const bad: Array<[string, object, number]> = [
      ['/api/admin/live/chat/mute', { chatRoomNo: room, memberId: loud.memberId, minutes: 0 }, Errors.VALIDATION.code],
      ['/api/admin/live/chat/mute', { chatRoomNo: 'M999999999', memberId: loud.memberId, minutes: 5 }, Errors.CHAT_ROOM_NOT_FOUND.code],
      ['/api/admin/live/chat/mute', { chatRoomNo: room, memberId: 999_999_999, minutes: 5 }, Errors.MEMBER_NOT_FOUND.code],
      ['/api/admin/live/chat/delete', { chatRoomNo: room, id: 999_999_999 }, Errors.CHAT_MESSAGE_NOT_FOUND.code],
    ];
    for (const [url, body, code] of bad) expect((await s.call(url, body, { headers: moderator })).code, JSON.stringify(body)).toBe(code);
    expect(await liveState()).toEqual(before);
  });

  it('[admin] a moderator operator mutes a member (who cannot send until unmuted) and removes a message; each audited and in the room’s record', async () => {
    const room = await matchRoom();
    const [loud, other] = [await memberAt(s), await memberAt(s)];
    expect((await c.send(loud, room, '私聊领彩金')).code).toBe(0);
    expect((await c.send(other, room, '主队加油')).code).toBe(0);
    const op = await signInOperator(s, ['moderator']);
    const call = (url: string, body: object) => s.call(url, body, { headers: op.headers });

    const rooms = (await call('/api/admin/live/chat/rooms', {})).data.list;
    expect(rooms[0]).toMatchObject({ chatRoomNo: room, kind: 'match', messages: 2 });
    const shown = (await call('/api/admin/live/chat/messages', { chatRoomNo: room })).data.list;
    expect(shown.map((m: { content: string }) => m.content)).toEqual(['主队加油', '私聊领彩金']);

    expect((await call('/api/admin/live/chat/mute', { chatRoomNo: room, memberId: loud.memberId, minutes: 30, reason: '广告' })).code).toBe(0);
    expect((await c.send(loud, room, '再发一条')).code).toBe(Errors.CHAT_MUTED.code);
    const muted = (await call('/api/admin/live/chat/muted', { chatRoomNo: room })).data.list;
    expect(muted).toEqual([expect.objectContaining({ memberId: loud.memberId })]);

    expect((await call('/api/admin/live/chat/delete', { chatRoomNo: room, id: shown[1].id, reason: '广告' })).code).toBe(0);
    const after = (await call('/api/admin/live/chat/messages', { chatRoomNo: room })).data.list;
    expect(after.map((m: { content: string }) => m.content)).toEqual(['主队加油']);
    const history = (await c.history(other, room)).data.list.map((m: { content: string }) => m.content);
    expect(history).not.toContain('私聊领彩金');

    expect((await call('/api/admin/live/chat/unmute', { chatRoomNo: room, memberId: loud.memberId, reason: '申诉通过' })).code).toBe(0);
    expect((await c.send(loud, room, '我会守规矩')).code).toBe(0);

    const record = (await as('/api/admin/live/chat/actions', { chatRoomNo: room })).data.list;
    expect(record.map((a: { action: string; actor: string }) => [a.action, a.actor])).toEqual([
      ['unblock', 'operator'],
      ['delete', 'operator'],
      ['mute', 'operator'],
    ]);
    const audit = (await as('/api/admin/audit/list', { operatorId: op.operatorId, target: `room:${room}` })).data.list;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['live.chat.unmute', 'live.chat.delete', 'live.chat.mute']);
    expect(audit[1]).toMatchObject({ before: { id: shown[1].id, memberId: loud.memberId, content: '私聊领彩金' }, after: { deleted: true } });
    expect(audit[0].before).toMatchObject({ memberId: loud.memberId, mute: { memberId: loud.memberId } });
  });

  it('[admin] the anchor rooms list every anchor’s room with its status and streams', async () => {
    const list = (await as('/api/admin/live/room/list', {})).data.list;
    expect(list.length).toBeGreaterThan(0);
    const [room] = list;
    expect(room).toMatchObject({ anchorRoomId: expect.any(Number), nickname: expect.any(String), chatRoomNo: `A${room.anchorRoomId}` });
    const offAir = await as('/api/admin/live/room/update', { anchorRoomId: room.anchorRoomId, anchorStatus: 0 });
    expect(offAir.code, offAir.msg).toBe(0);
    const again = (await as('/api/admin/live/room/list', {})).data.list.find((r: { anchorRoomId: number }) => r.anchorRoomId === room.anchorRoomId);
    expect(again.anchorStatus).toBe(0);
  });
});

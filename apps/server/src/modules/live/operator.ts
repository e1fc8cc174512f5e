import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnchorRoomUpdateBody } from '@bp/contract';
import { venueStatuses } from '../sports/index.ts';
import { rowsOf, type Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireRoom } from './chat/rooms.ts';
import { chatActions, deleteMessage, muteMember, mutedList, setModerator, unblockMember } from './chat/moderation.ts';
import { MESSAGE_COLUMNS, toMessage, type MessageRow } from './chat/messages.ts';
import { allAnchorRooms, anchorMatch, requireAnchorRoom } from './anchors/anchors.ts';
import { changeAnchorRoom } from './anchors/change-room.ts';

/** The operator's levers on live (the back office's routes call these): moderators, mutes, messages, the record, anchor rooms. */

export async function grantModerator(db: Db, chatRoomNo: string, memberId: number, grant: boolean, reason?: string): Promise<null> {
  return setModerator(db, await requireRoom(db, chatRoomNo), memberId, grant, reason);
}

export async function roomActions(db: Db, chatRoomNo: string, page: number, size: number) {
  return chatActions(db, await requireRoom(db, chatRoomNo), page, size);
}

/** The operator mutes a member in a room (any room: the operator moderates them all). */
export async function operatorMute(db: Db, body: { chatRoomNo: string; memberId: number; minutes: number; reason?: string }): Promise<null> {
  return muteMember(db, await requireRoom(db, body.chatRoomNo), 'operator', body);
}

export async function operatorUnmute(db: Db, body: { chatRoomNo: string; memberId: number; reason?: string }): Promise<null> {
  return unblockMember(db, await requireRoom(db, body.chatRoomNo), 'operator', body);
}

export async function operatorMutedList(db: Db, chatRoomNo: string) {
  return mutedList(db, await requireRoom(db, chatRoomNo), 'operator');
}

export async function operatorDeleteMessage(deps: Pick<Deps, 'db' | 'bus'>, body: { chatRoomNo: string; id: number; reason?: string }): Promise<null> {
  return deleteMessage(deps, await requireRoom(deps.db, body.chatRoomNo), 'operator', body);
}

/** A room's latest messages still shown, newest first (both sides); with `id`, that message alone. */
export async function recentMessages(db: Db, chatRoomNo: string, size: number, id?: number) {
  const room = await requireRoom(db, chatRoomNo);
  const rows = await rowsOf<MessageRow>(
    db,
    sql`SELECT ${MESSAGE_COLUMNS} FROM live_chat_messages WHERE chat_room_no = ${room.chatRoomNo} AND deleted_at IS NULL
      ${id === undefined ? sql`` : sql`AND message_id = ${id}`} ORDER BY seq DESC LIMIT ${size}`,
  );
  return rows.map(toMessage);
}

/** The chat rooms with messages, the latest active first, with their anchor rooms' titles. */
export async function activeChatRooms(db: Db, limit: number) {
  const rows = await rowsOf<{ chat_room_no: string; kind: 'match' | 'cast'; title: string | null; status: unknown; last_at: unknown; messages: unknown }>(
    db,
    sql`
    SELECT c.chat_room_no, c.kind, r.title, c.status, max(m.created_at) AS last_at, count(m.message_id) AS messages
    FROM live_chat_rooms c
    LEFT JOIN live_anchor_rooms r ON r.anchor_room_id = c.anchor_room_id
    LEFT JOIN live_chat_messages m ON m.chat_room_no = c.chat_room_no AND m.deleted_at IS NULL
    GROUP BY c.chat_room_no, c.kind, r.title, c.status
    ORDER BY max(m.created_at) DESC NULLS LAST, c.chat_room_no LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    chatRoomNo: r.chat_room_no,
    kind: r.kind,
    title: r.title ?? `赛事聊天室 ${r.chat_room_no}`,
    status: Number(r.status),
    messages: Number(r.messages),
    lastMessageAt: r.last_at === null ? null : new Date(r.last_at as string).getTime(),
  }));
}

/** Every anchor room as the operator manages it. */
export async function anchorRoomsForOperator(db: Db) {
  return (await allAnchorRooms(db)).map((r) => ({
    anchorRoomId: r.anchorRoomId,
    anchorId: r.anchorId,
    nickname: r.nickname,
    squareLogo: r.squareLogo,
    title: r.title,
    desc: r.desc,
    matchId: r.matchId,
    anchorStatus: r.anchorStatus,
    hlsUrl: r.hlsUrl,
    flvUrl: r.flvUrl,
    chatRoomNo: r.chatRoomNo,
  }));
}

/** An anchor room as it stands (the before of an operator's change). */
export const anchorRoomOf = (db: Db, anchorRoomId: number) => requireAnchorRoom(db, anchorRoomId);

/** The operator sets a room's on-air status, streams, title or match; answers the room's match entry on `siteId`. */
export async function updateAnchorRoom(deps: Pick<Deps, 'db' | 'bus'>, siteId: number, body: z.output<typeof AnchorRoomUpdateBody>) {
  const { anchorRoomId, ...change } = body;
  const changed = await changeAnchorRoom(deps, await requireAnchorRoom(deps.db, anchorRoomId), change, true);
  return anchorMatch(deps.db, changed, await venueStatuses(deps.db, siteId));
}

import { sql } from 'drizzle-orm';
import { CHAT_ROOM_STATUS, channel, maskName, shanghaiDateTime } from '@bp/contract';
import { oneOf, rowsOf, type Db, type DbOrTx } from '../../../platform/db/index.ts';
import { AppError, fail } from '../../../platform/http/index.ts';
import { clock } from '../../../platform/clock.ts';
import type { Deps } from '../../../platform/deps.ts';
import { getMember } from '../../auth/index.ts';
import { nextSeq, requireRoom, setupOf, type Room } from './rooms.ts';

/**
 * Moderation (seed 6): a room's moderators are the members the operator named, and the anchor's
 * own member account in the anchor's room. A moderator mutes and unblocks members, reads the muted
 * list, sets the room up and removes messages, in that room only. Every action is recorded: who,
 * what, to whom, why, when.
 */

/** Who acts: a member (a moderator) or the operator. */
export type Actor = { memberId: number } | 'operator';
const actorName = (actor: Actor) => (actor === 'operator' ? 'operator' : `member:${actor.memberId}`);

export async function isModerator(db: DbOrTx, room: Room, memberId: number): Promise<boolean> {
  const row = await oneOf<{ yes: boolean }>(
    db,
    sql`
    SELECT EXISTS (SELECT 1 FROM live_chat_moderators WHERE chat_room_no = ${room.chatRoomNo} AND member_id = ${memberId})
      OR EXISTS (SELECT 1 FROM live_anchor_rooms r JOIN live_anchors a ON a.anchor_id = r.anchor_id
                 WHERE r.anchor_room_id = ${room.anchorRoomId} AND a.member_id = ${memberId}) AS yes`,
  );
  return Boolean(row?.yes);
}

async function requireModerator(db: DbOrTx, room: Room, actor: Actor): Promise<void> {
  if (actor !== 'operator' && !(await isModerator(db, room, actor.memberId))) fail('CHAT_NOT_MODERATOR');
}
const memberOf = (actor: Actor) => (actor === 'operator' ? null : actor.memberId);

interface ActionRecord {
  action: 'mute' | 'unblock' | 'setup' | 'delete' | 'grant' | 'revoke';
  targetMemberId?: number;
  targetMessageId?: number;
  reason?: string;
  detail?: Record<string, unknown>;
}

async function record(tx: DbOrTx, room: Room, actor: Actor, a: ActionRecord): Promise<void> {
  await tx.execute(sql`
    INSERT INTO live_chat_actions (chat_room_no, actor, action, target_member_id, target_message_id, reason, detail, created_at)
    VALUES (${room.chatRoomNo}, ${actorName(actor)}, ${a.action}, ${a.targetMemberId ?? null}, ${a.targetMessageId ?? null}, ${a.reason || null},
      ${JSON.stringify(a.detail ?? {})}::jsonb, ${new Date(clock.now())})`);
}

/** Until when (epoch ms) the member is muted in the room, or null. */
export async function mutedUntil(db: DbOrTx, chatRoomNo: string, memberId: number): Promise<number | null> {
  const row = await oneOf<{ until: unknown }>(
    db,
    sql`
    SELECT until FROM live_chat_mutes WHERE chat_room_no = ${chatRoomNo} AND member_id = ${memberId} AND until > ${new Date(clock.now())}`,
  );
  return row ? new Date(row.until as string).getTime() : null;
}

/** A muted member's refusal says until when. */
export const mutedError = (until: number) => new AppError('CHAT_MUTED', { msg: `您已被禁言，将于 ${shanghaiDateTime(until)} 解除`, data: { until } });

/** A member that exists, for the records' name. */
async function memberNamed(db: Db, memberId: number): Promise<string> {
  const member = await getMember(db, memberId);
  return member ? maskName(member.name) : fail('MEMBER_NOT_FOUND');
}

export async function muteMember(db: Db, room: Room, by: Actor, body: { memberId: number; minutes: number; reason?: string }): Promise<null> {
  await requireModerator(db, room, by);
  if (body.memberId === memberOf(by) || (await isModerator(db, room, body.memberId))) fail('CHAT_CANNOT_MUTE');
  const username = await memberNamed(db, body.memberId);
  const now = clock.now();
  const until = now + body.minutes * 60_000;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO live_chat_mutes (chat_room_no, member_id, username, until, muted_by, reason, created_at)
      VALUES (${room.chatRoomNo}, ${body.memberId}, ${username}, ${new Date(until)}, ${memberOf(by)}, ${body.reason || null}, ${new Date(now)})
      ON CONFLICT (chat_room_no, member_id) DO UPDATE SET until = EXCLUDED.until, muted_by = EXCLUDED.muted_by, reason = EXCLUDED.reason, created_at = EXCLUDED.created_at`);
    await record(tx, room, by, { action: 'mute', targetMemberId: body.memberId, reason: body.reason, detail: { minutes: body.minutes, until } });
  });
  return null;
}

export async function unblockMember(db: Db, room: Room, by: Actor, body: { memberId: number; reason?: string }): Promise<null> {
  await requireModerator(db, room, by);
  await db.transaction(async (tx) => {
    const lifted = await rowsOf(
      tx,
      sql`DELETE FROM live_chat_mutes WHERE chat_room_no = ${room.chatRoomNo} AND member_id = ${body.memberId} RETURNING member_id`,
    );
    await record(tx, room, by, { action: 'unblock', targetMemberId: body.memberId, reason: body.reason, detail: { wasMuted: lifted.length > 0 } });
  });
  return null;
}

export async function mutedList(db: Db, room: Room, by: Actor) {
  await requireModerator(db, room, by);
  const rows = await rowsOf<{ member_id: unknown; username: string; until: unknown }>(
    db,
    sql`
    SELECT member_id, username, until FROM live_chat_mutes WHERE chat_room_no = ${room.chatRoomNo} AND until > ${new Date(clock.now())} ORDER BY until`,
  );
  return { list: rows.map((r) => ({ memberId: Number(r.member_id), username: r.username, until: new Date(r.until as string).getTime() })) };
}

/** Opens or closes the room, sets slow mode or members-only; every client of the room is told. */
export async function setUpRoom(
  deps: Pick<Deps, 'db' | 'bus'>,
  room: Room,
  by: Actor,
  body: { status?: number; slowModeSec?: number; membersOnly?: boolean; reason?: string },
) {
  await requireModerator(deps.db, room, by);
  if (room.status === CHAT_ROOM_STATUS.SHUT) fail('CHAT_ROOM_CLOSED');
  const after = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE live_chat_rooms SET status = coalesce(${body.status ?? null}::smallint, status), slow_mode_sec = coalesce(${body.slowModeSec ?? null}::int, slow_mode_sec),
        members_only = coalesce(${body.membersOnly ?? null}::boolean, members_only)
      WHERE chat_room_no = ${room.chatRoomNo}`);
    const changed = setupOf(await requireRoom(tx, room.chatRoomNo));
    await record(tx, room, by, { action: 'setup', reason: body.reason, detail: { before: setupOf(room), after: changed } });
    return changed;
  });
  await deps.bus.publish(channel.chat(room.chatRoomNo), 'chat.room', after);
  return after;
}

/** Removes a message from the room; it takes a place in the room's sequence, so a client catching up learns of it. */
export async function deleteMessage(deps: Pick<Deps, 'db' | 'bus'>, room: Room, by: Actor, body: { id: number; reason?: string }): Promise<null> {
  await requireModerator(deps.db, room, by);
  const seq = await deps.db.transaction(async (tx) => {
    const at = await nextSeq(tx, room.chatRoomNo);
    const removed = await oneOf<{ msg_type: string; content: string; member_id: unknown }>(
      tx,
      sql`
      UPDATE live_chat_messages SET deleted_at = ${new Date(clock.now())}, deleted_seq = ${at}
      WHERE message_id = ${body.id} AND chat_room_no = ${room.chatRoomNo} AND deleted_at IS NULL
      RETURNING msg_type, content, member_id`,
    );
    if (!removed) return fail('CHAT_MESSAGE_NOT_FOUND');
    const author = removed.member_id === null ? undefined : Number(removed.member_id);
    await record(tx, room, by, { action: 'delete', targetMessageId: body.id, targetMemberId: author, reason: body.reason, detail: removed });
    return at;
  });
  await deps.bus.publish(channel.chat(room.chatRoomNo), 'chat.deleted', { chatRoomNo: room.chatRoomNo, id: body.id, seq });
  return null;
}

/** The operator names a member moderator of a room, or takes it back. */
export async function setModerator(db: Db, room: Room, memberId: number, grant: boolean, reason?: string): Promise<null> {
  await memberNamed(db, memberId);
  await db.transaction(async (tx) => {
    await tx.execute(
      grant
        ? sql`INSERT INTO live_chat_moderators (chat_room_no, member_id, granted_by) VALUES (${room.chatRoomNo}, ${memberId}, 'operator') ON CONFLICT DO NOTHING`
        : sql`DELETE FROM live_chat_moderators WHERE chat_room_no = ${room.chatRoomNo} AND member_id = ${memberId}`,
    );
    await record(tx, room, 'operator', { action: grant ? 'grant' : 'revoke', targetMemberId: memberId, reason });
  });
  return null;
}

/** The record of a room's moderation, newest first. */
export async function chatActions(db: Db, room: Room, page: number, size: number) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    SELECT action_id, chat_room_no, actor, action, target_member_id, target_message_id, reason, detail, created_at, count(*) OVER () AS total
    FROM live_chat_actions WHERE chat_room_no = ${room.chatRoomNo} ORDER BY action_id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  const orNull = (v: unknown) => (v === null ? null : Number(v));
  return {
    list: rows.map((r) => ({
      id: Number(r.action_id),
      chatRoomNo: r.chat_room_no as string,
      action: r.action as string,
      actor: r.actor as string,
      targetMemberId: orNull(r.target_member_id),
      targetMessageId: orNull(r.target_message_id),
      reason: (r.reason as string | null) ?? null,
      detail: r.detail as Record<string, unknown>,
      at: new Date(r.created_at as string).getTime(),
    })),
    total: rows.length ? Number(rows[0].total) : 0,
  };
}

import { sql } from 'drizzle-orm';
import { channel, type AnchorRoomUpdateBody } from '@bp/contract';
import type { Db } from '../../../platform/db/index.ts';
import { fail } from '../../../platform/http/index.ts';
import type { Deps } from '../../../platform/deps.ts';
import { getMember } from '../../auth/index.ts';
import { bookMatch, saveAnchorChatRoom } from '../chat/rooms.ts';
import { requireAnchorRoom, syncMatchMedia, type AnchorRoom } from './anchors.ts';

export type RoomChange = Omit<AnchorRoomUpdateBody, 'anchorRoomId'>;

/** The match a room moves to, and its venue; null: a free cast keeping its venue. */
async function targetOf(db: Db, room: AnchorRoom, change: RoomChange): Promise<{ matchId: number | null; venueCode: string }> {
  if (change.matchId === undefined) return { matchId: room.matchId, venueCode: room.venueCode };
  if (change.matchId === null) return { matchId: null, venueCode: room.venueCode };
  const match = await bookMatch(db, change.matchId);
  return match ? { matchId: match.matchId, venueCode: match.venueCode } : fail('MATCH_NOT_FOUND');
}

/** A stream address, kept (undefined), set, or cleared (null). */
const streamSet = (column: 'hls_url' | 'flv_url', value: string | null | undefined) => (value === undefined ? sql.raw(column) : sql`${value}`);

/**
 * Changes an anchor's room: on-air status, streams (any real stream URL), title, its match. The
 * chat room and the matches' entry media follow; the room is told of a new on-air status. A change
 * by the operator stops a demo room following its match by itself.
 */
export async function changeAnchorRoom(deps: Pick<Deps, 'db' | 'bus'>, room: AnchorRoom, change: RoomChange, byOperator: boolean): Promise<AnchorRoom> {
  const { db } = deps;
  const target = await targetOf(db, room, change);
  if (change.anchorMemberId && !(await getMember(db, change.anchorMemberId))) fail('MEMBER_NOT_FOUND');
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE live_anchor_rooms SET anchor_status = coalesce(${change.anchorStatus ?? null}::smallint, anchor_status),
        hls_url = ${streamSet('hls_url', change.hlsUrl)}, flv_url = ${streamSet('flv_url', change.flvUrl)},
        title = coalesce(${change.title ?? null}, title), description = coalesce(${change.desc ?? null}, description),
        match_id = ${target.matchId}, venue_code = ${target.venueCode}, follows_match = follows_match AND NOT ${byOperator}, updated_at = now()
      WHERE anchor_room_id = ${room.anchorRoomId}`);
    if (change.anchorMemberId !== undefined)
      await tx.execute(sql`UPDATE live_anchors SET member_id = ${change.anchorMemberId} WHERE anchor_id = ${room.anchorId}`);
    await saveAnchorChatRoom(tx, room.anchorRoomId, target.matchId, target.venueCode);
  });
  for (const matchId of new Set([room.matchId, target.matchId])) if (matchId !== null) await syncMatchMedia(db, matchId);
  const after = await requireAnchorRoom(db, room.anchorRoomId);
  if (after.anchorStatus !== room.anchorStatus) {
    await deps.bus.publish(channel.chat(after.chatRoomNo), 'anchor.status', {
      anchorRoomId: after.anchorRoomId,
      chatRoomNo: after.chatRoomNo,
      anchorStatus: after.anchorStatus,
    });
  }
  return after;
}

import { sql, type SQL } from 'drizzle-orm';
import { CHAT_CATCH_UP_MAX, dedupeWelcomes, type ChatMessage, type ChatSide } from '@bp/contract';
import { rowsOf, type Db } from '../../../platform/db/index.ts';
import { MESSAGE_COLUMNS, toMessage, type MessageRow } from './messages.ts';
import { lastSeqOf, shownVenue, type Room } from './rooms.ts';

/** Who reads: the reader's site and side (a visitor reads the low side). */
export interface HistoryReader {
  siteId: number;
  side: ChatSide;
}

export interface HistoryQuery {
  size: number;
  beforeId?: number;
  afterSeq?: number;
}

/**
 * What a reader may see, in SQL (seed 4): its own side and the whole room's messages, nothing
 * removed, and no order of another site or venue than the room's; a post not yet numbered in the
 * room's sequence is not there yet.
 */
function readable(room: Room, reader: HistoryReader): SQL {
  return sql`chat_room_no = ${room.chatRoomNo} AND seq IS NOT NULL AND deleted_at IS NULL AND (level = ${reader.side} OR room_wide)
    AND NOT (msg_type IN ('order', 'orderPush', 'revertOrderPush') AND (site_id IS DISTINCT FROM ${reader.siteId} OR venue_name <> ${shownVenue(room.venueCode)}))`;
}

async function latest(db: Db, room: Room, reader: HistoryReader, size: number, beforeId?: number): Promise<ChatMessage[]> {
  const rows = await rowsOf<MessageRow>(
    db,
    sql`
    SELECT ${MESSAGE_COLUMNS} FROM live_chat_messages
    WHERE ${readable(room, reader)} ${beforeId === undefined ? sql`` : sql`AND message_id < ${beforeId}`}
    ORDER BY seq DESC LIMIT ${size}`,
  );
  return rows.reverse().map(toMessage);
}

/**
 * A page of the room's history, oldest first. With `afterSeq` (a client back from a lost
 * connection) it is everything after that point, and the messages removed since; more than a
 * catch-up carries, and the client is told to reload: the latest page instead. Welcome messages
 * come once per member.
 */
export async function chatHistory(db: Db, room: Room, reader: HistoryReader, q: HistoryQuery) {
  const lastSeq = await lastSeqOf(db, room.chatRoomNo);
  if (q.afterSeq === undefined) return { list: dedupeWelcomes(await latest(db, room, reader, q.size, q.beforeId)), lastSeq, reload: false, deletedIds: [] };
  const missed = await rowsOf<MessageRow>(
    db,
    sql`
    SELECT ${MESSAGE_COLUMNS} FROM live_chat_messages WHERE ${readable(room, reader)} AND seq > ${q.afterSeq}
    ORDER BY seq LIMIT ${CHAT_CATCH_UP_MAX + 1}`,
  );
  if (missed.length > CHAT_CATCH_UP_MAX) return { list: dedupeWelcomes(await latest(db, room, reader, q.size)), lastSeq, reload: true, deletedIds: [] };
  const deleted = await rowsOf<{ message_id: unknown }>(
    db,
    sql`
    SELECT message_id FROM live_chat_messages WHERE chat_room_no = ${room.chatRoomNo} AND deleted_seq > ${q.afterSeq} ORDER BY deleted_seq`,
  );
  return { list: dedupeWelcomes(missed.map(toMessage)), lastSeq, reload: false, deletedIds: deleted.map((r) => Number(r.message_id)) };
}

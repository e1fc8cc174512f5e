import { sql } from 'drizzle-orm';
import { ROOM_WIDE_MSG_TYPES, channel, maskName, type ChatMessage, type ChatMsgType, type ChatSide, type GiftCard, type OrderCard } from '@bp/contract';
import { arrayParam, oneOf, preparedRowsOf, type DbOrTx } from '../../../platform/db/index.ts';
import { clock } from '../../../platform/clock.ts';
import type { Deps } from '../../../platform/deps.ts';
import { shownVenue, type Room } from './rooms.ts';

/** Who a message is from, as the room shows them: a masked login name and the nickname. */
export interface Author {
  memberId: number;
  siteId: number;
  siteSeries: string;
  username: string;
  memberName: string;
  vipLevel: number;
  side: ChatSide;
}

/** The author of a member's request: its masked name, its nickname (or the masked name) and its side. */
export function authorOf(
  member: { memberId: number; siteId: number; name: string; vipLevel: number },
  site: { series: string },
  nickname: string,
  side: ChatSide,
): Author {
  const username = maskName(member.name);
  return {
    memberId: member.memberId,
    siteId: member.siteId,
    siteSeries: site.series,
    username,
    memberName: nickname || username,
    vipLevel: member.vipLevel,
    side,
  };
}

export interface NewMessage {
  msgType: ChatMsgType;
  content: string;
  author: Author;
  order?: OrderCard;
  gift?: GiftCard;
  /** The venue as shown: the room's, or a shared bet's own. */
  venueName?: string;
  clientMsgId?: string;
  pushKey?: string;
}

export const MESSAGE_COLUMNS = sql`message_id, chat_room_no, seq, msg_type, level, content, card, member_id, site_id, site_series, venue_name,
  username, member_name, vip_level, created_at`;

export interface MessageRow {
  message_id: unknown;
  chat_room_no: string;
  seq: unknown;
  msg_type: ChatMsgType;
  level: ChatSide;
  content: string;
  card: (OrderCard & GiftCard) | null;
  member_id: unknown;
  site_id: unknown;
  site_series: string | null;
  venue_name: string;
  username: string;
  member_name: string;
  vip_level: unknown;
  created_at: unknown;
}

const numberOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const isGift = (type: ChatMsgType) => type === 'giftPush';
const isOrder = (type: ChatMsgType) => type === 'order' || type === 'orderPush' || type === 'revertOrderPush';

export function toMessage(r: MessageRow): ChatMessage {
  const memberId = numberOrNull(r.member_id);
  return {
    id: Number(r.message_id),
    chatRoomNo: r.chat_room_no,
    seq: Number(r.seq),
    msgType: r.msg_type,
    content: r.content,
    level: r.level,
    venueName: r.venue_name,
    siteId: numberOrNull(r.site_id),
    siteSeries: r.site_series,
    memberId,
    userId: memberId,
    username: r.username,
    memberName: r.member_name,
    vipLevel: Number(r.vip_level),
    order: isOrder(r.msg_type) ? (r.card as OrderCard) : null,
    gift: isGift(r.msg_type) ? (r.card as GiftCard) : null,
    createdAt: new Date(r.created_at as string).getTime(),
  };
}

/**
 * The messages' rows, in one statement: numbered one after another in the room's sequence (the
 * room's row stays locked until the commit), or not yet (until `numberPost`). In the order given.
 */
async function insertMessages(tx: DbOrTx, room: Room, ms: NewMessage[], numbered: boolean): Promise<MessageRow[]> {
  if (ms.length === 0) return [];
  const col = (type: string, pick: (m: NewMessage) => string | number | boolean | null) => arrayParam(ms.map(pick), type);
  const seq = numbered ? sql`taken.last_seq - ${ms.length}::bigint + m.n` : sql`NULL::bigint`;
  const rows = await preparedRowsOf<MessageRow>(
    tx,
    sql`
    WITH taken AS (${numbered ? sql`UPDATE live_chat_rooms SET last_seq = last_seq + ${ms.length}::bigint WHERE chat_room_no = ${room.chatRoomNo} RETURNING last_seq` : sql`SELECT NULL::bigint AS last_seq`})
    INSERT INTO live_chat_messages (chat_room_no, seq, msg_type, level, room_wide, content, card, member_id, site_id, site_series, venue_name,
      username, member_name, vip_level, client_msg_id, push_key, created_at)
    SELECT ${room.chatRoomNo}, ${seq}, m.msg_type, m.level, m.room_wide, m.content, m.card, m.member_id, m.site_id, m.site_series, m.venue_name,
      m.username, m.member_name, m.vip_level, m.client_msg_id, m.push_key, ${new Date(clock.now())}
    FROM taken, unnest(${col('text[]', (m) => m.msgType)}, ${col('text[]', (m) => m.author.side)}, ${col('bool[]', (m) => ROOM_WIDE_MSG_TYPES.includes(m.msgType))},
      ${col('text[]', (m) => m.content)}, ${col('jsonb[]', (m) => cardOf(m))}, ${col('bigint[]', (m) => m.author.memberId)}, ${col('int[]', (m) => m.author.siteId)},
      ${col('text[]', (m) => m.author.siteSeries)}, ${col('text[]', (m) => m.venueName ?? shownVenue(room.venueCode))}, ${col('text[]', (m) => m.author.username)},
      ${col('text[]', (m) => m.author.memberName)}, ${col('int[]', (m) => m.author.vipLevel)}, ${col('text[]', (m) => m.clientMsgId ?? null)},
      ${col('text[]', (m) => m.pushKey ?? null)})
      WITH ORDINALITY AS m(msg_type, level, room_wide, content, card, member_id, site_id, site_series, venue_name, username, member_name, vip_level,
        client_msg_id, push_key, n)
    ORDER BY m.n
    RETURNING ${MESSAGE_COLUMNS}`,
  );
  return rows;
}

const cardOf = (m: NewMessage): string | null => {
  const card = m.order ?? m.gift ?? null;
  return card === null ? null : JSON.stringify(card);
};

/**
 * Posts a message in the caller's transaction: it takes the room's next sequence number (the room
 * stays locked until the commit, so sequence and commit order agree). Publish it after the commit.
 * For what shares the transaction with more (a gift's ledger transfer); a member's text goes by
 * `writePost` and `numberPost`, which hold the room for less.
 */
export async function postMessage(tx: DbOrTx, room: Room, m: NewMessage): Promise<ChatMessage> {
  return (await postMessages(tx, room, [m]))[0];
}

/** Several messages posted as postMessage posts one, numbered one after another in the order given, in one statement. */
export async function postMessages(tx: DbOrTx, room: Room, ms: NewMessage[]): Promise<ChatMessage[]> {
  return (await insertMessages(tx, room, ms, true)).map(toMessage).sort((a, b) => a.seq - b.seq);
}

/**
 * A member's post (or welcome), written in the member's transaction without a number yet: no
 * reader sees it until `numberPost`. Every post to a room waits on the room's row while its number is taken; held
 * through the member's transaction and its commit, a round trip from a busy server, a hot room
 * would queue there.
 */
export async function writePost(tx: DbOrTx, room: Room, m: NewMessage): Promise<MessageRow> {
  return (await insertMessages(tx, room, [m], false))[0];
}

/**
 * Gives a written post the room's next sequence number, in one statement of its own: the room's row
 * is held for that statement and its commit (inside the database, not waiting on us), and posts
 * become readable in the order of their numbers. A post numbered meanwhile (a retried send) is read
 * as it is (a number may then go unused: numbers order a room, they do not count it).
 *
 * The commit does not wait for the WAL flush either: a flush per post (milliseconds on a plain
 * disk) with the room's row held would cap a busy room near a few hundred posts a second, all
 * instances together. A database crash (not a restart) may lose the last moment's numbers, as with
 * the feed's price ticks (sports/feed/apply.ts); a later synchronous commit flushes past them.
 */
export async function numberPost(db: DbOrTx, messageId: number): Promise<{ message: ChatMessage; numbered: boolean }> {
  const numbered = await oneOf<MessageRow>(
    db,
    sql`
    WITH post AS (
      SELECT chat_room_no, set_config('synchronous_commit', 'off', true) FROM live_chat_messages WHERE message_id = ${messageId} AND seq IS NULL
    ), taken AS (
      UPDATE live_chat_rooms r SET last_seq = last_seq + 1 FROM post WHERE r.chat_room_no = post.chat_room_no RETURNING r.last_seq
    )
    UPDATE live_chat_messages SET seq = (SELECT last_seq FROM taken) WHERE message_id = ${messageId} AND seq IS NULL
    RETURNING ${MESSAGE_COLUMNS}`,
  );
  const row = numbered ?? (await oneOf<MessageRow>(db, sql`SELECT ${MESSAGE_COLUMNS} FROM live_chat_messages WHERE message_id = ${messageId}`));
  return { message: toMessage(row!), numbered: numbered !== null };
}

/** Tells every subscriber of the room, on every instance (the bus). */
export const publishMessage = (deps: Pick<Deps, 'bus'>, message: ChatMessage): Promise<void> =>
  deps.bus.publish(channel.chat(message.chatRoomNo), 'chat.message', message);

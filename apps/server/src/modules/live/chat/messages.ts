import { sql } from 'drizzle-orm';
import { ROOM_WIDE_MSG_TYPES, channel, maskName, type ChatMessage, type ChatMsgType, type ChatSide, type GiftCard, type OrderCard } from '@bp/contract';
import { oneOf, type DbOrTx } from '../../../platform/db/index.ts';
import { clock } from '../../../platform/clock.ts';
import type { Deps } from '../../../platform/deps.ts';
import { shownVenue, takeSeq, type Room } from './rooms.ts';

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

/** The message's row: with the room's next sequence number (`takeSeq`), or none until `numberPost`. */
function insertMessage(tx: DbOrTx, room: Room, m: NewMessage, numbered: boolean) {
  const a = m.author;
  const card = m.order ?? m.gift ?? null;
  const [taking, seq] = numbered ? [sql`WITH taken AS (${takeSeq(room.chatRoomNo)})`, sql`(SELECT last_seq FROM taken)`] : [sql``, sql`NULL`];
  return oneOf<MessageRow>(
    tx,
    sql`
    ${taking}
    INSERT INTO live_chat_messages (chat_room_no, seq, msg_type, level, room_wide, content, card, member_id, site_id, site_series, venue_name,
      username, member_name, vip_level, client_msg_id, push_key, created_at)
    VALUES (${room.chatRoomNo}, ${seq}, ${m.msgType}, ${a.side}, ${ROOM_WIDE_MSG_TYPES.includes(m.msgType)}, ${m.content},
      ${card === null ? null : JSON.stringify(card)}::jsonb, ${a.memberId}, ${a.siteId}, ${a.siteSeries}, ${m.venueName ?? shownVenue(room.venueCode)},
      ${a.username}, ${a.memberName}, ${a.vipLevel}, ${m.clientMsgId ?? null}, ${m.pushKey ?? null}, ${new Date(clock.now())})
    RETURNING ${MESSAGE_COLUMNS}`,
  );
}

/**
 * Posts a message in the caller's transaction: it takes the room's next sequence number (the room
 * stays locked until the commit, so sequence and commit order agree). Publish it after the commit.
 * For what shares the transaction with more (a gift's ledger transfer); a member's text goes by
 * `writePost` and `numberPost`, which hold the room for less.
 */
export async function postMessage(tx: DbOrTx, room: Room, m: NewMessage): Promise<ChatMessage> {
  const row = await insertMessage(tx, room, m, true);
  return toMessage(row!);
}

/**
 * A member's post (or welcome), written in the member's transaction without a number yet: no
 * reader sees it until `numberPost`. Every post to a room waits on the room's row while its number is taken; held
 * through the member's transaction and its commit, a round trip from a busy server, a hot room
 * would queue there.
 */
export async function writePost(tx: DbOrTx, room: Room, m: NewMessage): Promise<MessageRow> {
  return (await insertMessage(tx, room, m, false))!;
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

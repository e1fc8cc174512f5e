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

/**
 * Posts a message in the caller's transaction: it takes the room's next sequence number (the room
 * stays locked until the commit, so sequence and commit order agree). One statement, best the
 * caller's last before its commit: every post to a busy room waits for that lock, so it is held
 * for little more than this statement and the commit. Publish the message after the commit.
 */
export async function postMessage(tx: DbOrTx, room: Room, m: NewMessage): Promise<ChatMessage> {
  const a = m.author;
  const card = m.order ?? m.gift ?? null;
  const row = await oneOf<MessageRow>(
    tx,
    sql`
    WITH taken AS (${takeSeq(room.chatRoomNo)})
    INSERT INTO live_chat_messages (chat_room_no, seq, msg_type, level, room_wide, content, card, member_id, site_id, site_series, venue_name,
      username, member_name, vip_level, client_msg_id, push_key, created_at)
    VALUES (${room.chatRoomNo}, (SELECT last_seq FROM taken), ${m.msgType}, ${a.side}, ${ROOM_WIDE_MSG_TYPES.includes(m.msgType)}, ${m.content},
      ${card === null ? null : JSON.stringify(card)}::jsonb, ${a.memberId}, ${a.siteId}, ${a.siteSeries}, ${m.venueName ?? shownVenue(room.venueCode)},
      ${a.username}, ${a.memberName}, ${a.vipLevel}, ${m.clientMsgId ?? null}, ${m.pushKey ?? null}, ${new Date(clock.now())})
    RETURNING ${MESSAGE_COLUMNS}`,
  );
  return toMessage(row!);
}

/** Tells every subscriber of the room, on every instance (the bus). */
export const publishMessage = (deps: Pick<Deps, 'bus'>, message: ChatMessage): Promise<void> =>
  deps.bus.publish(channel.chat(message.chatRoomNo), 'chat.message', message);

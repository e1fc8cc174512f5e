import { sql } from 'drizzle-orm';
import { CHAT_CONTENT_MAX, CHAT_ROOM_STATUS } from '@bp/contract';
import { oneOf, takeTurns, type DbOrTx, type Tx } from '../../../platform/db/index.ts';
import { AppError, fail } from '../../../platform/http/index.ts';
import { clock } from '../../../platform/clock.ts';
import type { Deps } from '../../../platform/deps.ts';
import { currentVenues, memberBet } from '../../sports/index.ts';
import { foldText, type SendRate } from '../settings.ts';
import { MESSAGE_COLUMNS, numberPost, publishMessage, writePost, type Author, type MessageRow, type NewMessage } from './messages.ts';
import { mutedError, mutedUntil } from './moderation.ts';
import { orderCard } from './order-card.ts';
import { requireRoom, shownVenue, type Room } from './rooms.ts';

/**
 * Control and format characters (NUL, line breaks, bidi overrides, zero-width spaces) are refused;
 * the zero-width joiner of emoji sequences and emoji tag characters are not.
 */
const FORBIDDEN_CHARS = /(?![\u200D\u{E0020}-\u{E007F}])[\p{Cc}\p{Cf}]/u;

/** A message's text as posted: trimmed, 1 to 200 characters, no control characters, no blocked word. */
export function checkContent(raw: string, blockedWords: readonly string[]): string {
  const content = raw.trim();
  if (content === '') fail('CHAT_CONTENT_EMPTY');
  if (FORBIDDEN_CHARS.test(content)) fail('CHAT_CONTENT_INVALID');
  if ([...content].length > CHAT_CONTENT_MAX) fail('CHAT_CONTENT_TOO_LONG');
  const folded = foldText(content);
  if (blockedWords.some((word) => folded.includes(word))) fail('CHAT_BLOCKED_WORD');
  return content;
}

/** What a member's own message must pass, inside the member's turn: the room open, no mute, the pace. */
async function checkMayPost(tx: DbOrTx, room: Room, poster: Poster): Promise<void> {
  const { author, moderator, sendRate } = poster;
  if (room.status !== CHAT_ROOM_STATUS.OPEN && !moderator) fail('CHAT_ROOM_CLOSED');
  const until = await mutedUntil(tx, room.chatRoomNo, author.memberId);
  if (until !== null) throw mutedError(until);
  const now = clock.now();
  const pace = await oneOf<{ recent: unknown; last_here: unknown }>(
    tx,
    sql`
    SELECT count(*) FILTER (WHERE created_at > ${new Date(now - sendRate.windowMs)}) AS recent,
      max(created_at) FILTER (WHERE chat_room_no = ${room.chatRoomNo}) AS last_here
    FROM live_chat_messages
    WHERE member_id = ${author.memberId} AND msg_type IN ('text', 'order') AND created_at > ${new Date(now - Math.max(sendRate.windowMs, room.slowModeSec * 1000))}`,
  );
  if (Number(pace?.recent ?? 0) >= sendRate.max) fail('CHAT_TOO_FAST');
  if (moderator || room.slowModeSec === 0 || !pace?.last_here) return;
  const waitSec = Math.ceil((new Date(pace.last_here as string).getTime() + room.slowModeSec * 1000 - now) / 1000);
  if (waitSec > 0) throw new AppError('CHAT_SLOW_MODE', { msg: `聊天室处于慢速模式，请${waitSec}秒后再发言`, data: { waitSec } });
}

/** Who posts: the author, whether a moderator of the room, and the site's pace for members. */
export interface Poster {
  author: Author;
  moderator: boolean;
  sendRate: SendRate;
}

/**
 * A member's post, one at a time per member (their turn): the same post again (its client id, or
 * its key) answers the first, so a retried send never posts twice. Written in the member's turn,
 * numbered in the room's sequence after (`numberPost`), told to the room by whoever numbered it
 * (a retry numbers a post whose first call never came that far).
 */
async function postAsMember(
  deps: Pick<Deps, 'db' | 'bus'>,
  room: Room,
  poster: Poster,
  message: NewMessage,
  already: (tx: Tx) => Promise<MessageRow | null>,
): Promise<{ id: number; seq: number }> {
  const written = await deps.db.transaction(async (tx): Promise<MessageRow> => {
    await takeTurns(tx, `chat-post:${poster.author.memberId}`);
    const earlier = await already(tx);
    if (earlier) return earlier;
    const current = await requireRoom(tx, room.chatRoomNo);
    await checkMayPost(tx, current, poster);
    return writePost(tx, current, message);
  });
  if (written.seq !== null) return { id: Number(written.message_id), seq: Number(written.seq) };
  const { message: posted, numbered } = await numberPost(deps.db, Number(written.message_id));
  if (numbered) await publishMessage(deps, posted);
  return { id: posted.id, seq: posted.seq };
}

const byClientId = (memberId: number, clientMsgId: string) => (tx: Tx) =>
  oneOf<MessageRow>(tx, sql`SELECT ${MESSAGE_COLUMNS} FROM live_chat_messages WHERE member_id = ${memberId} AND client_msg_id = ${clientMsgId}`);

const byPushKey = (chatRoomNo: string, pushKey: string) => (tx: Tx) =>
  oneOf<MessageRow>(tx, sql`SELECT ${MESSAGE_COLUMNS} FROM live_chat_messages WHERE chat_room_no = ${chatRoomNo} AND push_key = ${pushKey}`);

export interface TextPost extends Poster {
  room: Room;
  content: string;
  clientMsgId: string;
  blockedWords: readonly string[];
}

export function sendText(deps: Pick<Deps, 'db' | 'bus'>, p: TextPost) {
  const content = checkContent(p.content, p.blockedWords);
  const message: NewMessage = { msgType: 'text', content, author: p.author, clientMsgId: p.clientMsgId };
  return postAsMember(deps, p.room, p, message, byClientId(p.author.memberId, p.clientMsgId));
}

/** Shares one of the member's own bets as an `order` message; a bet is shared once per room. */
export async function shareOrder(deps: Pick<Deps, 'db' | 'bus'>, p: Poster & { room: Room; orderId: string }) {
  const bet = await memberBet(deps.db, p.author.memberId, p.orderId, await currentVenues(deps.db, p.author.siteId));
  if (!bet) return fail('BET_NOT_FOUND');
  // Readers drop order messages of another venue than the room's (seed 4): such a share would show nowhere.
  if (bet.venueName !== shownVenue(p.room.venueCode)) fail('CHAT_ORDER_OTHER_VENUE');
  const order = orderCard(bet);
  const pushKey = `share:${bet.orderId}`;
  const message: NewMessage = { msgType: 'order', content: `分享了注单：${order.itemName}`, author: p.author, order, venueName: bet.venueName, pushKey };
  return postAsMember(deps, p.room, p, message, byPushKey(p.room.chatRoomNo, pushKey));
}

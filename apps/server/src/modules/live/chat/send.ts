import { sql } from 'drizzle-orm';
import { CHAT_CONTENT_MAX, CHAT_ROOM_STATUS } from '@bp/contract';
import { arrayParam, oneOf, rowsOf, takeTurns, type DbOrTx, type Tx } from '../../../platform/db/index.ts';
import type { Outcome } from '../../../platform/batch.ts';
import { AppError, fail } from '../../../platform/http/index.ts';
import { clock } from '../../../platform/clock.ts';
import type { Deps } from '../../../platform/deps.ts';
import { currentVenues, memberBet } from '../../sports/index.ts';
import { foldText, type SendRate } from '../settings.ts';
import { MESSAGE_COLUMNS, numberPost, postMessages, publishMessage, writePost, type Author, type MessageRow, type NewMessage } from './messages.ts';
import { mutedError } from './moderation.ts';
import { orderCard } from './order-card.ts';
import { requireRoom, roomInTurns, shownVenue, type Room } from './rooms.ts';

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

/** What the room knows of a member about to post: a mute, their recent posts, whether a moderator. */
interface Standing {
  /** The member's post under the same client id, if any: the call repeated. */
  earlier: { id: number; seq: number | null } | null;
  mutedUntil: number | null;
  recent: number;
  lastHere: number | null;
  moderator: boolean;
}

/**
 * The standing of each member given (in that order) in the room, with their post under the client
 * id given, in one round trip: read inside the members' turns, so a member's earlier post counts.
 */
async function standingsIn(tx: DbOrTx, room: Room, posters: Poster[], clientMsgIds: Array<string | null>): Promise<Standing[]> {
  const now = new Date(clock.now());
  const windows = posters.map((p) => p.sendRate.windowMs);
  const slowMs = room.slowModeSec * 1000;
  const rows = await rowsOf<{ earlier_id: unknown; earlier_seq: unknown; muted_until: unknown; recent: unknown; last_here: unknown; moderator: boolean }>(
    tx,
    sql`
    SELECT e.message_id AS earlier_id, e.seq AS earlier_seq,
      (SELECT until FROM live_chat_mutes WHERE chat_room_no = ${room.chatRoomNo} AND member_id = t.member_id AND until > ${now}) AS muted_until,
      p.recent, p.last_here,
      EXISTS (SELECT 1 FROM live_chat_moderators WHERE chat_room_no = ${room.chatRoomNo} AND member_id = t.member_id)
        OR EXISTS (SELECT 1 FROM live_anchor_rooms r JOIN live_anchors a ON a.anchor_id = r.anchor_id
                   WHERE r.anchor_room_id = ${room.anchorRoomId} AND a.member_id = t.member_id) AS moderator
    FROM unnest(${arrayParam(
      posters.map((p) => p.author.memberId),
      'bigint[]',
    )}, ${arrayParam(windows, 'bigint[]')}, ${arrayParam(clientMsgIds, 'text[]')}) WITH ORDINALITY AS t(member_id, window_ms, client_msg_id, n)
    LEFT JOIN live_chat_messages e ON e.member_id = t.member_id AND e.client_msg_id = t.client_msg_id
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE created_at > ${now}::timestamptz - t.window_ms * interval '1 millisecond') AS recent,
        max(created_at) FILTER (WHERE chat_room_no = ${room.chatRoomNo}) AS last_here
      FROM live_chat_messages
      WHERE member_id = t.member_id AND msg_type IN ('text', 'order')
        AND created_at > ${now}::timestamptz - greatest(t.window_ms, ${slowMs}::bigint) * interval '1 millisecond'
    ) AS p
    ORDER BY t.n`,
  );
  const at = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).getTime());
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    earlier: r.earlier_id === null || r.earlier_id === undefined ? null : { id: Number(r.earlier_id), seq: num(r.earlier_seq) },
    mutedUntil: at(r.muted_until),
    recent: Number(r.recent ?? 0),
    lastHere: at(r.last_here),
    moderator: Boolean(r.moderator),
  }));
}

/** Why a member may not post now (the room closed, a mute, the pace, slow mode), or null. */
function refusalOf(room: Room, standing: Standing, sendRate: SendRate): AppError | null {
  const { moderator } = standing;
  if (room.status !== CHAT_ROOM_STATUS.OPEN && !moderator) return new AppError('CHAT_ROOM_CLOSED');
  if (standing.mutedUntil !== null) return mutedError(standing.mutedUntil);
  if (standing.recent >= sendRate.max) return new AppError('CHAT_TOO_FAST');
  if (moderator || room.slowModeSec === 0 || standing.lastHere === null) return null;
  const waitSec = Math.ceil((standing.lastHere + room.slowModeSec * 1000 - clock.now()) / 1000);
  return waitSec > 0 ? new AppError('CHAT_SLOW_MODE', { msg: `聊天室处于慢速模式，请${waitSec}秒后再发言`, data: { waitSec } }) : null;
}

/** Who posts: the author and the site's pace for members. */
export interface Poster {
  author: Author;
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
): Promise<Posted> {
  const written = await deps.db.transaction(async (tx): Promise<MessageRow> => {
    await takeTurns(tx, postTurn(poster.author.memberId));
    const earlier = await already(tx);
    if (earlier) return earlier;
    const current = await requireRoom(tx, room.chatRoomNo);
    const [standing] = await standingsIn(tx, current, [poster], [null]);
    const refused = refusalOf(current, standing, poster.sendRate);
    if (refused) throw refused;
    return writePost(tx, current, message);
  });
  return numbered(deps, written);
}

const postTurn = (memberId: number) => `chat-post:${memberId}`;

/** A post's answer; one written but not yet numbered (a first call cut short) is numbered and told now. */
async function numbered(deps: Pick<Deps, 'db' | 'bus'>, written: MessageRow): Promise<Posted> {
  return numberedPost(deps, { id: Number(written.message_id), seq: written.seq === null ? null : Number(written.seq) });
}

async function numberedPost(deps: Pick<Deps, 'db' | 'bus'>, written: { id: number; seq: number | null }): Promise<Posted> {
  if (written.seq !== null) return { id: written.id, seq: written.seq };
  const { message: posted, numbered: now } = await numberPost(deps.db, written.id);
  if (now) await publishMessage(deps, posted);
  return { id: posted.id, seq: posted.seq };
}

const byPushKey = (chatRoomNo: string, pushKey: string) => (tx: Tx) =>
  oneOf<MessageRow>(tx, sql`SELECT ${MESSAGE_COLUMNS} FROM live_chat_messages WHERE chat_room_no = ${chatRoomNo} AND push_key = ${pushKey}`);

/** What a post answers: the message's id and its number in the room's sequence. */
export type Posted = { id: number; seq: number };

/** A member's text to a room, its content checked (checkContent): it goes with the texts sent to the room at the same time. */
export interface TextOrder extends Poster {
  chatRoomNo: string;
  content: string;
  clientMsgId: string;
}

/**
 * Texts sent to one room at the same time, each of a different member (platform/batch.ts), in one
 * transaction of four statements whatever their number: the members' turns (one order for every
 * batch, so batches cannot deadlock on them) with the room; each member's post under the same
 * client id and standing in the room; every accepted text written with its number of the room's
 * sequence; the commit. The room's row is taken last, so it is held only to the commit (which does
 * not wait for the WAL flush, as `numberPost`'s). Each text answers alone: a repeated client id
 * answers the first post, a refused one (the room closed, a mute, the pace, slow mode) its error,
 * and the others are posted, numbered one after another. The room is told after the commit, in
 * sequence order: one batch of the gateway's frames (realtime/batcher.ts) when they come together.
 */
export async function sendTexts(deps: Pick<Deps, 'db' | 'bus'>, orders: TextOrder[]): Promise<Outcome<Posted>[]> {
  const outcomes: Array<Outcome<Posted> | undefined> = new Array(orders.length);
  const repeated: Array<{ n: number; id: number; seq: number | null }> = [];
  const posted = await deps.db.transaction(async (tx) => {
    const room = await roomInTurns(
      tx,
      orders[0].chatRoomNo,
      orders.map((o) => postTurn(o.author.memberId)),
    );
    if (!room) return (orders.forEach((_, n) => (outcomes[n] = { ok: false, error: new AppError('CHAT_ROOM_NOT_FOUND') })), []);
    const standings = await standingsIn(
      tx,
      room,
      orders,
      orders.map((o) => o.clientMsgId),
    );
    const accepted = orders.flatMap((order, n) => {
      const { earlier } = standings[n];
      if (earlier) return (repeated.push({ n, ...earlier }), []);
      const refused = refusalOf(room, standings[n], order.sendRate);
      if (refused) return ((outcomes[n] = { ok: false, error: refused }), []);
      return [{ n, message: { msgType: 'text', content: order.content, author: order.author, clientMsgId: order.clientMsgId } satisfies NewMessage }];
    });
    const written = await postMessages(
      tx,
      room,
      accepted.map((a) => a.message),
    );
    accepted.forEach((a, i) => (outcomes[a.n] = { ok: true, value: { id: written[i].id, seq: written[i].seq } }));
    return written;
  });
  for (const message of posted) await publishMessage(deps, message);
  for (const r of repeated)
    outcomes[r.n] = await numberedPost(deps, r).then(
      (value): Outcome<Posted> => ({ ok: true, value }),
      (error: unknown): Outcome<Posted> => ({ ok: false, error }),
    );
  return outcomes as Outcome<Posted>[];
}

/** A member's text alone: a batch of one. */
export async function sendText(deps: Pick<Deps, 'db' | 'bus'>, order: TextOrder): Promise<Posted> {
  const [outcome] = await sendTexts(deps, [order]);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
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

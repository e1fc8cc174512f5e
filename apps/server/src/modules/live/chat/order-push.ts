import { sql } from 'drizzle-orm';
import { chatSideOf, currencyOf, toMinor, type BetRecord, type ChatMessage } from '@bp/contract';
import { oneOf, rowsOf, takeTurns, type Db } from '../../../platform/db/index.ts';
import type { Deps } from '../../../platform/deps.ts';
import { getMember } from '../../auth/index.ts';
import { listSites } from '../../site/index.ts';
import { currentVenues, memberBet, type Settled } from '../../sports/index.ts';
import { liveSettings } from '../settings.ts';
import { authorOf, postMessage, publishMessage, type Author } from './messages.ts';
import { orderCard } from './order-card.ts';
import { findRoom, matchRoom, type Room } from './rooms.ts';

const WINS = ['won', 'half_won'];

/** The rooms a bet's news belongs in: each leg's match room and the anchor rooms on those matches. */
async function roomsOfBet(db: Db, bet: BetRecord): Promise<Room[]> {
  const matchIds = [...new Set(bet.legs.map((leg) => leg.matchId))];
  const rooms = await Promise.all(matchIds.map((id) => matchRoom(db, id)));
  const anchorRooms = await rowsOf<{ chat_room_no: string }>(
    db,
    sql`SELECT chat_room_no FROM live_anchor_rooms WHERE match_id IN (${sql.join(
      matchIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const found = await Promise.all(anchorRooms.map((r) => findRoom(db, r.chat_room_no)));
  return [...rooms, ...found.filter((room): room is Room => room !== null)];
}

async function winnerOf(db: Db, memberId: number, siteId: number): Promise<Author | null> {
  const [member, sites] = await Promise.all([getMember(db, memberId), listSites(db)]);
  const site = sites.byId.get(siteId);
  if (!member || !site) return null;
  return authorOf({ memberId, siteId, name: member.name, vipLevel: member.vipLevel }, site, member.nickname, chatSideOf(member.vipLevel));
}

/** Whether the room still shows the bet's win: its latest news of the order is a push, not a revert. */
async function pushStands(db: Db, room: Room, orderId: string): Promise<boolean> {
  const latest = await oneOf<{ msg_type: string }>(
    db,
    sql`
    SELECT msg_type FROM live_chat_messages WHERE chat_room_no = ${room.chatRoomNo} AND msg_type IN ('orderPush', 'revertOrderPush')
      AND card->>'orderId' = ${orderId} ORDER BY seq DESC LIMIT 1`,
  );
  return latest?.msg_type === 'orderPush';
}

/** Posts one piece of news of a bet in a room, once (its key), whichever instance settles it. */
async function postNews(db: Db, room: Room, news: { msgType: 'orderPush' | 'revertOrderPush'; content: string; key: string }, bet: BetRecord, author: Author) {
  return db.transaction(async (tx): Promise<ChatMessage | null> => {
    await takeTurns(tx, `chat-news:${room.chatRoomNo}:${bet.orderId}`);
    const done = await oneOf(tx, sql`SELECT 1 FROM live_chat_messages WHERE chat_room_no = ${room.chatRoomNo} AND push_key = ${news.key}`);
    if (done) return null;
    return postMessage(tx, room, { msgType: news.msgType, content: news.content, author, order: orderCard(bet), venueName: bet.venueName, pushKey: news.key });
  });
}

/**
 * After a bet's settlement (the book tells us, sports/whenBetSettled): a win paying at least the
 * site's `live_big_win_min` is announced in its matches' rooms as an `orderPush`; a corrected
 * result that takes the big win back withdraws it with a `revertOrderPush`.
 */
export async function announceSettlement(deps: Pick<Deps, 'db' | 'bus'>, { owner, event, settlementNo }: Settled): Promise<void> {
  const { db } = deps;
  const settings = await liveSettings(db, owner.siteId, owner.currency);
  const big = WINS.includes(event.status) && toMinor(event.payout) >= settings.bigWinMinor;
  if (!big && settlementNo === 1) return;
  const [bet, author] = await Promise.all([
    memberBet(db, owner.memberId, event.orderId, await currentVenues(db, owner.siteId)),
    winnerOf(db, owner.memberId, owner.siteId),
  ]);
  if (!bet || !author) return;
  const symbol = currencyOf(owner.currency.toLowerCase()).symbol;
  for (const room of await roomsOfBet(db, bet)) {
    const news = big
      ? {
          msgType: 'orderPush' as const,
          content: `恭喜 ${author.memberName} 赢得 ${symbol}${event.payout.toFixed(2)}`,
          key: `push:${bet.orderId}:${settlementNo}`,
        }
      : (await pushStands(db, room, bet.orderId))
        ? { msgType: 'revertOrderPush' as const, content: '该注单结果已更正', key: `revert:${bet.orderId}:${settlementNo}` }
        : null;
    const posted = news && (await postNews(db, room, news, bet, author));
    if (posted) await publishMessage(deps, posted);
  }
}

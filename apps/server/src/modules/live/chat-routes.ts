import type { FastifyInstance } from 'fastify';
import { chatSideOf } from '@bp/contract';
import { defineRoute, fail, type MemberRequest } from '../../platform/http/index.ts';
import { batcher, type Batcher } from '../../platform/batch.ts';
import { MemoryCache, memberTag, scopeOf } from '../../platform/cache.ts';
import type { Deps } from '../../platform/deps.ts';
import { getMember } from '../auth/index.ts';
import { liveSettings } from './settings.ts';
import { chatStatusOf, matchRoom, requireRoom, type Room } from './chat/rooms.ts';
import { authorOf, type Author } from './chat/messages.ts';
import { chatHistory } from './chat/history.ts';
import { checkContent, sendText, sendTexts, shareOrder, type Posted, type TextOrder } from './chat/send.ts';
import { enterRoom } from './chat/welcome.ts';
import { isModerator, mutedUntil } from './chat/moderation.ts';

/**
 * Members' nicknames as the rooms show them, kept a few seconds: every post and gift names its
 * author. A nickname changed is forgotten at once on every instance (the member's tag).
 */
const nicknames = new MemoryCache<string>(10_000);

/** The member a request acts for, as its room shows it. */
export async function authorOfRequest(deps: Pick<Deps, 'db'>, req: MemberRequest): Promise<Author> {
  const { memberId } = req.member;
  const nickname = await nicknames.through(
    `${scopeOf(deps.db)}:${memberId}`,
    async () => (await getMember(deps.db, memberId))?.nickname ?? '',
    memberTag(memberId),
  );
  return authorOf(req.member, req.site, nickname, chatSideOf(req.member.vipLevel));
}

/** Rooms known to exist (a room is never removed): a send to one does not read it again before its batch does. */
const knownRooms = new MemoryCache<true>(60_000);
async function requireKnownRoom(db: Deps['db'], chatRoomNo: string): Promise<void> {
  await knownRooms.through(`${scopeOf(db)}:${chatRoomNo}`, async () => (await requireRoom(db, chatRoomNo), true));
}

/** The room a call names, on a site whose chat is switched on. */
async function openRoomOf(deps: Deps, site: { siteId: number; currency: string }, chatRoomNo: string) {
  const settings = await liveSettings(deps.db, site.siteId, site.currency);
  if (!settings.chatOn) fail('CHAT_SWITCHED_OFF');
  return { room: await requireRoom(deps.db, chatRoomNo), settings };
}

/** Who posts in the room a call names: the author, with the site's pace. */
async function posterIn(deps: Deps, req: MemberRequest, chatRoomNo: string) {
  const { room, settings } = await openRoomOf(deps, req.site, chatRoomNo);
  return { room, settings, poster: { author: await authorOfRequest(deps, req), sendRate: settings.sendRate } };
}

const roomOfStatusCall = (deps: Deps, body: { matchId?: number; chatRoomNo?: string }): Promise<Room> =>
  body.chatRoomNo !== undefined ? requireRoom(deps.db, body.chatRoomNo) : matchRoom(deps.db, body.matchId!);

/** Chat rooms (seed 3, 4, 6): status, history (visitor and member variants), entering, sending, sharing a bet. */
export function chatRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const member = { auth: 'member', rateLimit: 'read' } as const;
  // Texts to one room sent at the same time go together (sendTexts): one transaction per batch,
  // the room's sequence taken once; rooms' batches run side by side.
  const textBatchers = new Map<string, Batcher<TextOrder, Posted>>();
  const textsTo = (chatRoomNo: string) => {
    let b = textBatchers.get(chatRoomNo);
    if (!b) {
      b = batcher({ run: (orders) => sendTexts(deps, orders), alone: (order) => sendText(deps, order), turnOf: (order) => String(order.author.memberId) });
      textBatchers.set(chatRoomNo, b);
    }
    return b;
  };

  defineRoute(
    app,
    { url: '/api/live/chat/status', summary: 'A match’s or anchor room’s chat: status, entrance switch, game status', rateLimit: 'read' },
    async (req) => {
      const settings = await liveSettings(db, req.site.siteId, req.site.currency);
      return chatStatusOf(db, await roomOfStatusCall(deps, req.body), settings.chatOn);
    },
  );
  defineRoute(app, { url: '/api/member/chat/status', summary: 'The chat status with the member’s side, mute and moderator role', ...member }, async (req) => {
    const settings = await liveSettings(db, req.site.siteId, req.site.currency);
    const room = await roomOfStatusCall(deps, req.body);
    return {
      ...(await chatStatusOf(db, room, settings.chatOn)),
      side: chatSideOf(req.member.vipLevel),
      mutedUntil: await mutedUntil(db, room.chatRoomNo, req.member.memberId),
      moderator: await isModerator(db, room, req.member.memberId),
    };
  });

  defineRoute(
    app,
    { url: '/api/live/chat/history', summary: 'A room’s messages for a visitor (the low side), oldest first', rateLimit: 'read' },
    async (req) => {
      const { room } = await openRoomOf(deps, req.site, req.body.chatRoomNo);
      if (room.membersOnly) fail('CHAT_MEMBERS_ONLY');
      return chatHistory(db, room, { siteId: req.site.siteId, side: 'low' }, req.body);
    },
  );
  defineRoute(app, { url: '/api/member/chat/history', summary: 'A room’s messages on the member’s own side, oldest first', ...member }, async (req) => {
    const { room } = await openRoomOf(deps, req.site, req.body.chatRoomNo);
    return chatHistory(db, room, { siteId: req.site.siteId, side: chatSideOf(req.member.vipLevel) }, req.body);
  });

  defineRoute(app, { url: '/api/member/chat/enter', summary: 'The member enters a room: welcomed, at most once in a while', ...member }, async (req) => {
    const { room } = await openRoomOf(deps, req.site, req.body.chatRoomNo);
    return enterRoom(deps, room, await authorOfRequest(deps, req));
  });
  defineRoute(app, { url: '/api/member/chat/send', summary: 'Sends a text; a retried clientMsgId posts once', ...member }, async (req) => {
    const { chatRoomNo, clientMsgId } = req.body;
    const settings = await liveSettings(db, req.site.siteId, req.site.currency);
    if (!settings.chatOn) fail('CHAT_SWITCHED_OFF');
    await requireKnownRoom(db, chatRoomNo);
    const content = checkContent(req.body.content, settings.blockedWords);
    const author = await authorOfRequest(deps, req);
    return textsTo(chatRoomNo).submit({ chatRoomNo, author, sendRate: settings.sendRate, content, clientMsgId });
  });
  defineRoute(app, { url: '/api/member/chat/shareOrder', summary: 'Shares one of the member’s own bets as an order message', ...member }, async (req) => {
    const { room, poster } = await posterIn(deps, req, req.body.chatRoomNo);
    return shareOrder(deps, { ...poster, room, orderId: req.body.orderId });
  });
}

import type { FastifyInstance } from 'fastify';
import { chatSideOf } from '@bp/contract';
import { defineRoute, fail, type MemberRequest } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { getMember } from '../auth/index.ts';
import { liveSettings } from './settings.ts';
import { chatStatusOf, matchRoom, requireRoom, type Room } from './chat/rooms.ts';
import { authorOf, type Author } from './chat/messages.ts';
import { chatHistory } from './chat/history.ts';
import { sendText, shareOrder } from './chat/send.ts';
import { enterRoom } from './chat/welcome.ts';
import { isModerator, mutedUntil } from './chat/moderation.ts';

/** The member a request acts for, as its room shows it (its nickname read afresh). */
export async function authorOfRequest(deps: Pick<Deps, 'db'>, req: MemberRequest): Promise<Author> {
  const member = await getMember(deps.db, req.member.memberId);
  return authorOf(req.member, req.site, member?.nickname ?? '', chatSideOf(req.member.vipLevel));
}

/** The room a call names, on a site whose chat is switched on. */
async function openRoomOf(deps: Deps, site: { siteId: number; currency: string }, chatRoomNo: string) {
  const settings = await liveSettings(deps.db, site.siteId, site.currency);
  if (!settings.chatOn) fail('CHAT_SWITCHED_OFF');
  return { room: await requireRoom(deps.db, chatRoomNo), settings };
}

/** Who posts in the room a call names: the author and whether a moderator there (read together), with the site's pace. */
async function posterIn(deps: Deps, req: MemberRequest, chatRoomNo: string) {
  const { room, settings } = await openRoomOf(deps, req.site, chatRoomNo);
  const [author, moderator] = await Promise.all([authorOfRequest(deps, req), isModerator(deps.db, room, req.member.memberId)]);
  return { room, settings, poster: { author, moderator, sendRate: settings.sendRate } };
}

const roomOfStatusCall = (deps: Deps, body: { matchId?: number; chatRoomNo?: string }): Promise<Room> =>
  body.chatRoomNo !== undefined ? requireRoom(deps.db, body.chatRoomNo) : matchRoom(deps.db, body.matchId!);

/** Chat rooms (seed 3, 4, 6): status, history (visitor and member variants), entering, sending, sharing a bet. */
export function chatRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const member = { auth: 'member', rateLimit: 'read' } as const;

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
    const { room, settings, poster } = await posterIn(deps, req, req.body.chatRoomNo);
    return sendText(deps, { ...poster, room, content: req.body.content, clientMsgId: req.body.clientMsgId, blockedWords: settings.blockedWords });
  });
  defineRoute(app, { url: '/api/member/chat/shareOrder', summary: 'Shares one of the member’s own bets as an order message', ...member }, async (req) => {
    const { room, poster } = await posterIn(deps, req, req.body.chatRoomNo);
    return shareOrder(deps, { ...poster, room, orderId: req.body.orderId });
  });
}

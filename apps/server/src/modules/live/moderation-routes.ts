import type { FastifyInstance } from 'fastify';
import { venueStatuses } from '../sports/index.ts';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireRoom } from './chat/rooms.ts';
import { chatActions, deleteMessage, muteMember, mutedList, setModerator, setUpRoom, unblockMember } from './chat/moderation.ts';
import { anchorMatch, requireAnchorRoom } from './anchors/anchors.ts';
import { changeAnchorRoom } from './anchors/change-room.ts';

/** A room's moderators' calls (seed 6: member paths), and the operator's: moderators, the record, anchor rooms. */
export function moderationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const member = { auth: 'member', rateLimit: 'read' } as const;
  const room = (chatRoomNo: string) => requireRoom(db, chatRoomNo);

  defineRoute(app, { url: '/api/member/chat/mute', summary: 'A moderator mutes a member in the room for some minutes', ...member }, async (req) =>
    muteMember(db, await room(req.body.chatRoomNo), req.member.memberId, req.body),
  );
  defineRoute(app, { url: '/api/member/chat/unblock', summary: 'A moderator lifts a member’s mute', ...member }, async (req) =>
    unblockMember(db, await room(req.body.chatRoomNo), req.member.memberId, req.body),
  );
  defineRoute(app, { url: '/api/member/chat/muted/list', summary: 'The members muted in the room (moderators)', ...member }, async (req) =>
    mutedList(db, await room(req.body.chatRoomNo), req.member.memberId),
  );
  defineRoute(app, { url: '/api/member/chat/setup', summary: 'A moderator opens or closes the room, sets slow mode or members-only', ...member }, async (req) =>
    setUpRoom(deps, await room(req.body.chatRoomNo), req.member.memberId, req.body),
  );
  defineRoute(app, { url: '/api/member/chat/delete', summary: 'A moderator removes a message from every client’s view', ...member }, async (req) =>
    deleteMessage(deps, await room(req.body.chatRoomNo), req.member.memberId, req.body),
  );

  const operator = { rateLimit: 'read' as const, tags: ['admin'], auth: 'operator' as const };
  defineRoute(app, { url: '/api/admin/live/moderator/grant', summary: 'Makes a member a moderator of a room', ...operator }, async (req) =>
    setModerator(db, await room(req.body.chatRoomNo), req.body.memberId, true, req.body.reason),
  );
  defineRoute(app, { url: '/api/admin/live/moderator/revoke', summary: 'Takes a member’s moderator role of a room back', ...operator }, async (req) =>
    setModerator(db, await room(req.body.chatRoomNo), req.body.memberId, false, req.body.reason),
  );
  defineRoute(app, { url: '/api/admin/live/chat/actions', summary: 'The record of a room’s moderation: who, what, why, when', ...operator }, async (req) =>
    chatActions(db, await room(req.body.chatRoomNo), req.body.page, req.body.size),
  );
  defineRoute(
    app,
    { url: '/api/admin/live/room/update', summary: 'Sets an anchor room’s on-air status, streams (any stream URL), title or match', ...operator },
    async (req) => {
      const { anchorRoomId, ...change } = req.body;
      const changed = await changeAnchorRoom(deps, await requireAnchorRoom(db, anchorRoomId), change, true);
      return anchorMatch(db, changed, await venueStatuses(db, req.site.siteId));
    },
  );
}

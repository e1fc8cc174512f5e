import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireRoom } from './chat/rooms.ts';
import { deleteMessage, muteMember, mutedList, setUpRoom, unblockMember } from './chat/moderation.ts';

/** A room's moderators' calls (seed 6: member paths); the operator's are the back office's (operator.ts). */
export function moderationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const member = { auth: 'member', rateLimit: 'read' } as const;
  const room = (chatRoomNo: string) => requireRoom(db, chatRoomNo);

  defineRoute(app, { url: '/api/member/chat/mute', summary: 'A moderator mutes a member in the room for some minutes', ...member }, async (req) =>
    muteMember(db, await room(req.body.chatRoomNo), { memberId: req.member.memberId }, req.body),
  );
  defineRoute(app, { url: '/api/member/chat/unblock', summary: 'A moderator lifts a member’s mute', ...member }, async (req) =>
    unblockMember(db, await room(req.body.chatRoomNo), { memberId: req.member.memberId }, req.body),
  );
  defineRoute(app, { url: '/api/member/chat/muted/list', summary: 'The members muted in the room (moderators)', ...member }, async (req) =>
    mutedList(db, await room(req.body.chatRoomNo), { memberId: req.member.memberId }),
  );
  defineRoute(app, { url: '/api/member/chat/setup', summary: 'A moderator opens or closes the room, sets slow mode or members-only', ...member }, async (req) =>
    setUpRoom(deps, await room(req.body.chatRoomNo), { memberId: req.member.memberId }, req.body),
  );
  defineRoute(app, { url: '/api/member/chat/delete', summary: 'A moderator removes a message from every client’s view', ...member }, async (req) =>
    deleteMessage(deps, await room(req.body.chatRoomNo), { memberId: req.member.memberId }, req.body),
  );
}

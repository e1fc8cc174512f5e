import type { FastifyInstance } from 'fastify';
import { decideAgent, sendMessage } from '../member/index.ts';
import { anchorRoomOf, grantModerator, roomActions, updateAnchorRoom } from '../live/index.ts';
import { getMember } from '../auth/index.ts';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';
import { operatorOf, requireSite } from './sessions.ts';

/** The operator's other levers: messages to members, agent applications, live rooms' moderators and anchors. */
export function deskRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  defineRoute(
    app,
    {
      url: '/api/admin/message/send',
      summary: 'Sends a message to one member, to each member of a site holding a tag, or to every member of a site',
      ...operatorRoute('message.send'),
    },
    (req) => {
      requireSite(operatorOf(req), req.body.siteId);
      const { memberId, tag, siteId } = req.body;
      const target = memberId ? `member:${memberId}` : tag ? `site:${siteId}:tag:${tag}` : `site:${siteId}`;
      return audited(deps, req, { action: 'message.send', target, before: null, after: (sent) => ({ ...req.body, ...sent }) }, (t) => sendMessage(t, req.body));
    },
  );

  defineRoute(
    app,
    { url: '/api/admin/agent/decide', summary: 'Approves or rejects a member’s pending agent application', ...operatorRoute('agent.manage') },
    async (req) => {
      const member = (await getMember(db, req.body.memberId)) ?? fail('MEMBER_NOT_FOUND');
      requireSite(operatorOf(req), member.siteId);
      const before = { memberId: member.memberId, isAgent: member.isAgent };
      return audited(deps, req, { action: 'agent.decide', target: `member:${member.memberId}`, before }, (t) =>
        decideAgent(t.db, req.body.memberId, req.body.approve),
      );
    },
  );

  const moderate = operatorRoute('live.moderate');
  for (const [verb, grant, summary] of [
    ['grant', true, 'Makes a member a moderator of a room'],
    ['revoke', false, 'Takes a member’s moderator role of a room back'],
  ] as const) {
    defineRoute(app, { url: `/api/admin/live/moderator/${verb}`, summary, ...moderate }, (req) => {
      const { chatRoomNo, memberId, reason } = req.body;
      const spec = {
        action: `live.moderator.${verb}`,
        target: `room:${chatRoomNo}`,
        before: { memberId, moderator: !grant },
        after: () => ({ memberId, moderator: grant, reason }),
      };
      return audited(deps, req, spec, (t) => grantModerator(t.db, chatRoomNo, memberId, grant, reason));
    });
  }
  defineRoute(app, { url: '/api/admin/live/chat/actions', summary: 'The record of a room’s moderation: who, what, why, when', ...moderate }, (req) =>
    roomActions(db, req.body.chatRoomNo, req.body.page, req.body.size),
  );
  defineRoute(
    app,
    {
      url: '/api/admin/live/room/update',
      summary: 'Sets an anchor room’s on-air status, streams (any stream URL), title or match',
      ...operatorRoute('live.manage'),
    },
    async (req) => {
      const before = await anchorRoomOf(db, req.body.anchorRoomId);
      return audited(deps, req, { action: 'live.room.update', target: `anchorRoom:${req.body.anchorRoomId}`, before }, (t) =>
        updateAnchorRoom(t, req.site.siteId, req.body),
      );
    },
  );
}

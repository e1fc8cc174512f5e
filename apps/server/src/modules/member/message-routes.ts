import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { deleteMessages, listMessages, markRead, openMessage, pinMessage, unreadCount } from './messages.ts';

/** The member's messages (seed 7 "Member: messages"), and the operator's call that sends them. */
export function messageRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const member = { auth: 'member', rateLimit: 'read' } as const;
  defineRoute(
    app,
    {
      url: '/api/member/message/list',
      summary: 'The member’s messages, pinned first, then the newest; and the unread count',
      ...member,
    },
    async (req) => listMessages(db, req.member, req.body.page, req.body.size),
  );
  defineRoute(app, { url: '/api/member/message/unread', summary: 'How many of the member’s messages are unread', ...member }, async (req) =>
    unreadCount(db, req.member),
  );
  defineRoute(app, { url: '/api/member/message/get', summary: 'One message, marked read by being opened', ...member }, async (req) =>
    openMessage(db, req.member, req.body.id),
  );
  defineRoute(app, { url: '/api/member/message/read', summary: 'Marks messages read (all of them without ids)', ...member }, async (req) =>
    markRead(db, req.member, req.body.ids),
  );
  defineRoute(app, { url: '/api/member/message/delete', summary: 'Deletes messages from the member’s list', ...member }, async (req) =>
    deleteMessages(db, req.member, req.body.ids),
  );
  defineRoute(
    app,
    {
      url: '/api/member/message/sticky',
      summary: 'Pins a message at the top of the list, or unpins it',
      ...member,
    },
    async (req) => pinMessage(db, req.member, req.body.id, req.body.sticky),
  );
}

import type { FastifyInstance } from 'fastify';
import {
  activeChatRooms,
  anchorRoomsForOperator,
  operatorDeleteMessage,
  operatorMute,
  operatorMutedList,
  operatorUnmute,
  recentMessages,
} from '../live/index.ts';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';

/** Live screens: the anchor rooms, and moderation of any chat room (mutes, the muted list, removing messages). */
export function liveRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const moderate = operatorRoute('live.moderate');

  defineRoute(
    app,
    { url: '/api/admin/live/room/list', summary: 'Every anchor room: its anchor, on-air status, streams, title', ...operatorRoute('live.manage') },
    async () => ({
      list: await anchorRoomsForOperator(db),
    }),
  );
  defineRoute(app, { url: '/api/admin/live/chat/rooms', summary: 'The chat rooms, the latest active first', ...moderate }, async () => ({
    list: await activeChatRooms(db, 100),
  }));
  defineRoute(app, { url: '/api/admin/live/chat/messages', summary: 'A room’s latest messages still shown, newest first', ...moderate }, async (req) => ({
    list: await recentMessages(db, req.body.chatRoomNo, req.body.size),
  }));
  defineRoute(app, { url: '/api/admin/live/chat/muted', summary: 'The members muted in a room now', ...moderate }, (req) =>
    operatorMutedList(db, req.body.chatRoomNo),
  );

  defineRoute(app, { url: '/api/admin/live/chat/mute', summary: 'Mutes a member in a room for some minutes', ...moderate }, (req) => {
    const { chatRoomNo, memberId } = req.body;
    const spec = { action: 'live.chat.mute', target: `room:${chatRoomNo}`, before: { memberId, muted: false }, after: () => ({ ...req.body, muted: true }) };
    return audited(deps, req, spec, (t) => operatorMute(t.db, req.body));
  });
  defineRoute(app, { url: '/api/admin/live/chat/unmute', summary: 'Lifts a member’s mute in a room', ...moderate }, async (req) => {
    const { chatRoomNo, memberId } = req.body;
    const mute = (await operatorMutedList(db, chatRoomNo)).list.find((m) => m.memberId === memberId) ?? null;
    const spec = { action: 'live.chat.unmute', target: `room:${chatRoomNo}`, before: { memberId, mute }, after: () => ({ ...req.body, muted: false }) };
    return audited(deps, req, spec, (t) => operatorUnmute(t.db, req.body));
  });
  defineRoute(app, { url: '/api/admin/live/chat/delete', summary: 'Removes a message from every client’s view', ...moderate }, async (req) => {
    const { chatRoomNo, id } = req.body;
    const [message] = await recentMessages(db, chatRoomNo, 1, id);
    const before = message ? { id, memberId: message.memberId, username: message.username, content: message.content } : { id };
    const spec = { action: 'live.chat.delete', target: `room:${chatRoomNo}`, before, after: () => ({ id, deleted: true, reason: req.body.reason ?? null }) };
    return audited(deps, req, spec, (t) => (message ? operatorDeleteMessage(t, req.body) : fail('CHAT_MESSAGE_NOT_FOUND')));
  });
}

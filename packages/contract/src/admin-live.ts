import { z } from 'zod';
import { ChatDeleteBody, ChatMessage, ChatMuteBody, ChatMutedListData, ChatRoomBody, ChatRoomNo, ModeratorBody } from './live.ts';
import { EmptyBody } from './site.ts';

/** The back office's live screens (issue 17): anchor rooms, and moderation of every chat room. */

export const AdminAnchorRoom = z.object({
  anchorRoomId: z.number().int(),
  anchorId: z.number().int(),
  nickname: z.string(),
  squareLogo: z.string(),
  title: z.string(),
  desc: z.string(),
  matchId: z.number().int().nullable(),
  /** ANCHOR_STATUS: 0 off air, 1 on air, 2 interrupted. */
  anchorStatus: z.number().int(),
  hlsUrl: z.string().nullable(),
  flvUrl: z.string().nullable(),
  chatRoomNo: z.string(),
});
export const AdminAnchorRoomListData = z.object({ list: z.array(AdminAnchorRoom) });

export const AdminChatRoomListData = z.object({
  list: z.array(
    z.object({
      chatRoomNo: z.string(),
      kind: z.enum(['match', 'cast']),
      title: z.string(),
      /** 1 open, 0 closed (read only), -1 shut. */
      status: z.number().int(),
      messages: z.number().int(),
      lastMessageAt: z.number().nullable(),
    }),
  ),
});
export const AdminChatMessagesBody = z.object({ chatRoomNo: ChatRoomNo, size: z.number().int().min(1).max(200).default(50) });
export const AdminChatMessagesData = z.object({ list: z.array(ChatMessage) });

const Done = z.null();

/** The live screens' calls (spread into the route table). */
export const ADMIN_LIVE_ROUTES = {
  '/api/admin/live/room/list': { body: EmptyBody, data: AdminAnchorRoomListData },
  '/api/admin/live/chat/rooms': { body: EmptyBody, data: AdminChatRoomListData },
  '/api/admin/live/chat/messages': { body: AdminChatMessagesBody, data: AdminChatMessagesData },
  '/api/admin/live/chat/mute': { body: ChatMuteBody, data: Done },
  '/api/admin/live/chat/unmute': { body: ModeratorBody, data: Done },
  '/api/admin/live/chat/muted': { body: ChatRoomBody, data: ChatMutedListData },
  '/api/admin/live/chat/delete': { body: ChatDeleteBody, data: Done },
} as const;

import { sql } from 'drizzle-orm';
import { CHAT_ROOM_STATUS } from '@bp/contract';
import { rowsOf } from '../../../platform/db/index.ts';
import { clock } from '../../../platform/clock.ts';
import type { Deps } from '../../../platform/deps.ts';
import { numberPost, publishMessage, writePost, type Author } from './messages.ts';
import { requireRoom, type Room } from './rooms.ts';

/** A member coming back within this is not welcomed again. */
export const WELCOME_EVERY_MS = 30 * 60_000;

/**
 * A member entering an open room is welcomed: a `welcome` message on the member's side, at most
 * once in WELCOME_EVERY_MS per member and room, however many tabs, retries or instances enter.
 */
export async function enterRoom(deps: Pick<Deps, 'db' | 'bus'>, room: Room, author: Author): Promise<{ welcomed: boolean }> {
  if (room.status !== CHAT_ROOM_STATUS.OPEN) return { welcomed: false };
  const now = clock.now();
  const welcome = await deps.db.transaction(async (tx) => {
    const claimed = await rowsOf(
      tx,
      sql`
      INSERT INTO live_chat_entries (chat_room_no, member_id, welcomed_at) VALUES (${room.chatRoomNo}, ${author.memberId}, ${new Date(now)})
      ON CONFLICT (chat_room_no, member_id) DO UPDATE SET welcomed_at = EXCLUDED.welcomed_at
        WHERE live_chat_entries.welcomed_at <= ${new Date(now - WELCOME_EVERY_MS)}
      RETURNING member_id`,
    );
    if (claimed.length === 0) return null;
    const current = await requireRoom(tx, room.chatRoomNo);
    return writePost(tx, current, { msgType: 'welcome', content: `欢迎 ${author.memberName} 进入直播间`, author });
  });
  if (!welcome) return { welcomed: false };
  const { message, numbered } = await numberPost(deps.db, Number(welcome.message_id));
  if (numbered) await publishMessage(deps, message);
  return { welcomed: true };
}

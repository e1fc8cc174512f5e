import type { z } from 'zod';
import type { AnchorRoomUpdateBody } from '@bp/contract';
import { venueStatuses } from '../sports/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireRoom } from './chat/rooms.ts';
import { chatActions, setModerator } from './chat/moderation.ts';
import { anchorMatch, requireAnchorRoom } from './anchors/anchors.ts';
import { changeAnchorRoom } from './anchors/change-room.ts';

/** The operator's levers on live (the back office's routes call these): moderators, the record, anchor rooms. */

export async function grantModerator(db: Db, chatRoomNo: string, memberId: number, grant: boolean, reason?: string): Promise<null> {
  return setModerator(db, await requireRoom(db, chatRoomNo), memberId, grant, reason);
}

export async function roomActions(db: Db, chatRoomNo: string, page: number, size: number) {
  return chatActions(db, await requireRoom(db, chatRoomNo), page, size);
}

/** An anchor room as it stands (the before of an operator's change). */
export const anchorRoomOf = (db: Db, anchorRoomId: number) => requireAnchorRoom(db, anchorRoomId);

/** The operator sets a room's on-air status, streams, title or match; answers the room's match entry on `siteId`. */
export async function updateAnchorRoom(deps: Pick<Deps, 'db' | 'bus'>, siteId: number, body: z.output<typeof AnchorRoomUpdateBody>) {
  const { anchorRoomId, ...change } = body;
  const changed = await changeAnchorRoom(deps, await requireAnchorRoom(deps.db, anchorRoomId), change, true);
  return anchorMatch(deps.db, changed, await venueStatuses(deps.db, siteId));
}

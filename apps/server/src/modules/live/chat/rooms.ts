import { sql } from 'drizzle-orm';
import { ANCHOR_STATUS, CHAT_ROOM_STATUS, GAME_STATUS, VENUE_CODE_ALIASES, type ChatRoomSetup, type ChatStatus } from '@bp/contract';
import { arrayParam, oneOf, preparedOneOf, type DbOrTx } from '../../../platform/db/index.ts';
import { fail } from '../../../platform/http/index.ts';
import { findMatches, venueStatuses, type Match } from '../../sports/index.ts';

/** A chat room: a match's own (M<matchId>) or an anchor room's (A<anchorRoomId>). */
export interface Room {
  chatRoomNo: string;
  kind: 'match' | 'cast';
  matchId: number | null;
  anchorRoomId: number | null;
  venueCode: string;
  status: number;
  slowModeSec: number;
  membersOnly: boolean;
}

export const matchRoomNo = (matchId: number): string => `M${matchId}`;
export const anchorRoomNo = (anchorRoomId: number): string => `A${anchorRoomId}`;
/** The venue as members read it (seed 3: OBTY is YB, IMTY is IM). */
export const shownVenue = (code: string): string => VENUE_CODE_ALIASES[code] ?? code;

const COLUMNS = sql`chat_room_no, kind, match_id, anchor_room_id, venue_code, status, slow_mode_sec, members_only`;

type Row = {
  chat_room_no: string;
  kind: 'match' | 'cast';
  match_id: unknown;
  anchor_room_id: unknown;
  venue_code: string;
  status: unknown;
  slow_mode_sec: unknown;
  members_only: boolean;
};

const nullableNumber = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toRoom = (r: Row): Room => ({
  chatRoomNo: r.chat_room_no,
  kind: r.kind,
  matchId: nullableNumber(r.match_id),
  anchorRoomId: nullableNumber(r.anchor_room_id),
  venueCode: r.venue_code,
  status: Number(r.status),
  slowModeSec: Number(r.slow_mode_sec),
  membersOnly: Boolean(r.members_only),
});

/**
 * A match of the book as the rooms need it: its state, venue code and media. The venue statuses
 * passed are any site's (the default one's): nothing read here depends on them.
 */
export async function bookMatch(db: DbOrTx, matchId: number): Promise<Match | null> {
  return (await findMatches(db, [matchId], await venueStatuses(db, 1)))[0] ?? null;
}

export async function findRoom(db: DbOrTx, chatRoomNo: string): Promise<Room | null> {
  const row = await preparedOneOf<Row>(db, sql`SELECT ${COLUMNS} FROM live_chat_rooms WHERE chat_room_no = ${chatRoomNo}`);
  return row ? toRoom(row) : null;
}

/**
 * The room, read with the callers' turns taken (advisory locks, in one order for every caller, so
 * holders of several cannot deadlock), in one round trip; the transaction's commit does not wait
 * for the WAL flush (see numberPost). Null when there is no such room (no turn is then taken).
 */
export async function roomInTurns(tx: DbOrTx, chatRoomNo: string, turns: string[]): Promise<Room | null> {
  const row = await oneOf<Row>(
    tx,
    sql`
    SELECT ${COLUMNS}, set_config('synchronous_commit', 'off', true),
      (SELECT count(pg_advisory_xact_lock(h)) FROM (SELECT DISTINCT hashtextextended(t, 0) AS h FROM unnest(${arrayParam(turns, 'text[]')}) AS t ORDER BY 1) AS turn)
    FROM live_chat_rooms WHERE chat_room_no = ${chatRoomNo}`,
  );
  return row ? toRoom(row) : null;
}

export async function requireRoom(db: DbOrTx, chatRoomNo: string): Promise<Room> {
  return (await findRoom(db, chatRoomNo)) ?? fail('CHAT_ROOM_NOT_FOUND');
}

/** A match's own room, made on first use (a match of the book has a room from its first visitor on). */
export async function matchRoom(db: DbOrTx, matchId: number): Promise<Room> {
  const no = matchRoomNo(matchId);
  const found = await findRoom(db, no);
  if (found) return found;
  const match = await bookMatch(db, matchId);
  if (!match) return fail('MATCH_NOT_FOUND');
  await db.execute(sql`
    INSERT INTO live_chat_rooms (chat_room_no, kind, match_id, venue_code) VALUES (${no}, 'match', ${matchId}, ${match.venueCode})
    ON CONFLICT DO NOTHING`);
  return requireRoom(db, no);
}

/** An anchor room's chat room, made with the anchor room (or brought in line with it). */
export async function saveAnchorChatRoom(tx: DbOrTx, anchorRoomId: number, matchId: number | null, venueCode: string): Promise<string> {
  const no = anchorRoomNo(anchorRoomId);
  await tx.execute(sql`
    INSERT INTO live_chat_rooms (chat_room_no, kind, match_id, anchor_room_id, venue_code) VALUES (${no}, 'cast', ${matchId}, ${anchorRoomId}, ${venueCode})
    ON CONFLICT (chat_room_no) DO UPDATE SET match_id = EXCLUDED.match_id, venue_code = EXCLUDED.venue_code`);
  return no;
}

/** Takes the next number of the room's sequence (`last_seq`); the room's row stays locked until the commit. */
export const takeSeq = (chatRoomNo: string) => sql`UPDATE live_chat_rooms SET last_seq = last_seq + 1 WHERE chat_room_no = ${chatRoomNo} RETURNING last_seq`;

/** The next number of the room's sequence; the room's row stays locked until the caller's commit. */
export async function nextSeq(tx: DbOrTx, chatRoomNo: string): Promise<number> {
  const row = await oneOf<{ last_seq: unknown }>(tx, takeSeq(chatRoomNo));
  return row ? Number(row.last_seq) : fail('CHAT_ROOM_NOT_FOUND');
}

export async function lastSeqOf(db: DbOrTx, chatRoomNo: string): Promise<number> {
  const row = await oneOf<{ last_seq: unknown }>(db, sql`SELECT last_seq FROM live_chat_rooms WHERE chat_room_no = ${chatRoomNo}`);
  return Number(row?.last_seq ?? 0);
}

export const setupOf = (room: Room): ChatRoomSetup => ({
  chatRoomNo: room.chatRoomNo,
  status: room.status,
  slowModeSec: room.slowModeSec,
  membersOnly: room.membersOnly,
});

/** The room's game: its match's state; a free cast's, whether the anchor is on air. */
async function gameOf(db: DbOrTx, room: Room): Promise<{ gameStatus: number; cancelled: boolean }> {
  if (room.matchId !== null) {
    const match = await bookMatch(db, room.matchId);
    const status = match?.status ?? 'cancelled';
    const gameStatus = status === 'scheduled' ? GAME_STATUS.NOT_STARTED : status === 'live' ? GAME_STATUS.IN_PLAY : GAME_STATUS.ENDED;
    return { gameStatus, cancelled: status === 'cancelled' && room.kind === 'match' };
  }
  const row = await oneOf<{ anchor_status: unknown }>(db, sql`SELECT anchor_status FROM live_anchor_rooms WHERE anchor_room_id = ${room.anchorRoomId}`);
  const onAir = Number(row?.anchor_status) === ANCHOR_STATUS.LIVE;
  return { gameStatus: onAir ? GAME_STATUS.IN_PLAY : GAME_STATUS.NOT_STARTED, cancelled: false };
}

/**
 * The seed's match-chat status. A cancelled match's room is shut (-1): no entrance. With the site's
 * chat switched off the room does not exist for its members (`exist: false`).
 */
export async function chatStatusOf(db: DbOrTx, room: Room, chatOn: boolean): Promise<ChatStatus> {
  const { gameStatus, cancelled } = await gameOf(db, room);
  return {
    status: cancelled ? CHAT_ROOM_STATUS.SHUT : room.status,
    exist: chatOn,
    gameStatus,
    type: room.kind,
    matchId: room.matchId,
    chatRoomNo: room.chatRoomNo,
    anchorRoomId: room.anchorRoomId,
    slowModeSec: room.slowModeSec,
    membersOnly: room.membersOnly,
    venueName: shownVenue(room.venueCode),
  };
}

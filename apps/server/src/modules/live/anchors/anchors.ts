import { sql, type SQL } from 'drizzle-orm';
import { ANCHOR_STATUS, type AnchorMatch, type SportsVenue } from '@bp/contract';
import { oneOf, preparedRowsOf, type DbOrTx } from '../../../platform/db/index.ts';
import { fail } from '../../../platform/http/index.ts';
import { findMatches, setMatchMedia, type Match } from '../../sports/index.ts';
import { bookMatch, shownVenue } from '../chat/rooms.ts';

/** An anchor's room as stored, with its anchor. */
export interface AnchorRoom {
  anchorRoomId: number;
  anchorId: number;
  nickname: string;
  squareLogo: string;
  anchorType: number;
  anchorMemberId: number | null;
  sharePercent: number;
  title: string;
  desc: string;
  matchId: number | null;
  venueCode: string;
  anchorStatus: number;
  followsMatch: boolean;
  hlsUrl: string | null;
  flvUrl: string | null;
  chatRoomNo: string;
}

const SELECT = sql`
  SELECT r.anchor_room_id, r.anchor_id, a.nickname, a.square_logo, a.anchor_type, a.member_id, a.share_percent, r.title, r.description,
    r.match_id, r.venue_code, r.anchor_status, r.follows_match, r.hls_url, r.flv_url, r.chat_room_no, count(*) OVER () AS total
  FROM live_anchor_rooms r JOIN live_anchors a ON a.anchor_id = r.anchor_id`;

/** What a member is shown: active anchors with a horizontal screen (seed 3). */
const LISTED = sql`a.status = '1' AND a.screen = 'horizontal'`;

type Row = Record<string, unknown>;
const orNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toAnchorRoom = (r: Row): AnchorRoom => ({
  anchorRoomId: Number(r.anchor_room_id),
  anchorId: Number(r.anchor_id),
  nickname: r.nickname as string,
  squareLogo: r.square_logo as string,
  anchorType: Number(r.anchor_type),
  anchorMemberId: orNull(r.member_id),
  sharePercent: Number(r.share_percent),
  title: r.title as string,
  desc: r.description as string,
  matchId: orNull(r.match_id),
  venueCode: r.venue_code as string,
  anchorStatus: Number(r.anchor_status),
  followsMatch: Boolean(r.follows_match),
  hlsUrl: (r.hls_url as string | null) ?? null,
  flvUrl: (r.flv_url as string | null) ?? null,
  chatRoomNo: r.chat_room_no as string,
});

async function anchorRoomsWhere(db: DbOrTx, where: SQL, tail: SQL = sql``): Promise<{ rooms: AnchorRoom[]; total: number }> {
  // Prepared: a gift reads its room this way, and the few shapes of `where` each stay prepared.
  const rows = await preparedRowsOf<Row>(db, sql`${SELECT} WHERE ${where} ${tail}`);
  return { rooms: rows.map(toAnchorRoom), total: rows.length ? Number(rows[0].total) : 0 };
}

export async function findAnchorRoom(db: DbOrTx, anchorRoomId: number): Promise<AnchorRoom | null> {
  return (await anchorRoomsWhere(db, sql`r.anchor_room_id = ${anchorRoomId}`)).rooms[0] ?? null;
}

export async function requireAnchorRoom(db: DbOrTx, anchorRoomId: number): Promise<AnchorRoom> {
  return (await findAnchorRoom(db, anchorRoomId)) ?? fail('ANCHOR_ROOM_NOT_FOUND');
}

/** The seed's anchor match: the room with its match's fields (null for a free cast). */
export function anchorMatchOf(room: AnchorRoom, match: Match | null): AnchorMatch {
  return {
    matchId: match?.matchId ?? null,
    homeName: match?.homeName ?? null,
    homeLogo: match?.homeLogo ?? null,
    visitName: match?.visitName ?? null,
    visitLogo: match?.visitLogo ?? null,
    homeScore: match?.homeScore ?? null,
    visitScore: match?.visitScore ?? null,
    startAt: match?.startAt ?? null,
    animationUrl: match?.animation_url ?? null,
    matchName: match?.matchName ?? null,
    anchorInfo: { anchorId: room.anchorId, nickname: room.nickname, squareLogo: room.squareLogo },
    matchClass: match?.matchClass ?? null,
    venueName: shownVenue(room.venueCode),
    anchorStatus: room.anchorStatus,
    isStart: match ? match.isStart : room.anchorStatus === ANCHOR_STATUS.LIVE,
    videoWebUrl: room.hlsUrl,
    videoFlvUrl: room.flvUrl,
    leagueId: match?.leagueId ?? null,
    tid: match?.tid ?? null,
    ballClassId: match?.ballClassId ?? null,
    anchorType: room.anchorType,
    anchorRoomId: room.anchorRoomId,
    chatRoomNo: room.chatRoomNo,
    roomInfo: { desc: room.desc, title: room.title },
  };
}

async function withMatches(db: DbOrTx, rooms: AnchorRoom[], venues: SportsVenue[]): Promise<AnchorMatch[]> {
  const ids = [...new Set(rooms.flatMap((r) => (r.matchId === null ? [] : [r.matchId])))];
  const matches = new Map((await findMatches(db, ids, venues)).map((m) => [m.matchId, m]));
  return rooms.map((room) => anchorMatchOf(room, room.matchId === null ? null : (matches.get(room.matchId) ?? null)));
}

/** `/api/live/anchor/list`: horizontal-screen anchors, those on air first. */
export async function anchorList(db: DbOrTx, venues: SportsVenue[], page: number, size: number) {
  const { rooms, total } = await anchorRoomsWhere(
    db,
    LISTED,
    sql`ORDER BY r.anchor_status = ${ANCHOR_STATUS.LIVE} DESC, r.anchor_status = ${ANCHOR_STATUS.INTERRUPTED} DESC, r.anchor_room_id
      LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  return { list: await withMatches(db, rooms, venues), total };
}

/** The operator's list: every anchor room, listed to members or not, on air first. */
export async function allAnchorRooms(db: DbOrTx): Promise<AnchorRoom[]> {
  return (await anchorRoomsWhere(db, sql`true`, sql`ORDER BY r.anchor_status = ${ANCHOR_STATUS.LIVE} DESC, r.anchor_room_id`)).rooms;
}

export async function anchorMatch(db: DbOrTx, room: AnchorRoom, venues: SportsVenue[]): Promise<AnchorMatch> {
  return (await withMatches(db, [room], venues))[0];
}

/**
 * The match entry's anchor media (seed 3: anchor_status, anchor_flv_url) follows the match's best
 * listed anchor: one on air first. No anchor left: no anchor media; the animation stays.
 */
export async function syncMatchMedia(db: DbOrTx, matchId: number): Promise<void> {
  const match = await bookMatch(db, matchId);
  if (!match) return;
  const best = await oneOf<{ anchor_status: unknown; flv_url: string | null }>(
    db,
    sql`
    SELECT r.anchor_status, r.flv_url FROM live_anchor_rooms r JOIN live_anchors a ON a.anchor_id = r.anchor_id
    WHERE r.match_id = ${matchId} AND ${LISTED}
    ORDER BY r.anchor_status = ${ANCHOR_STATUS.LIVE} DESC, r.anchor_room_id LIMIT 1`,
  );
  await setMatchMedia(db, matchId, {
    anchorStatus: best ? Number(best.anchor_status) : null,
    animationUrl: match.animation_url,
    anchorFlvUrl: best?.flv_url ?? null,
  });
}

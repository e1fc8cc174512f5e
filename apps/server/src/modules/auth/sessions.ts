import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { DAY_MS, Errors, channel, shanghaiHourOf, type ErrorName } from '@bp/contract';
import { arrayParam, oneOf, rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import type { Bus } from '../../platform/realtime/index.ts';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/index.ts';
import { sessions } from './tables.ts';
import { MemoryCache, isTransaction, memberChanged, memberTag, scopeOf } from '../../platform/cache.ts';
import type { Now } from '../../platform/now.ts';
import { batcherPerDatabase } from '../../platform/batch.ts';

/** The member a request acts for, once its token checks out. */
export interface MemberContext {
  memberId: number;
  siteId: number;
  name: string;
  vipLevel: number;
  tags: string[];
  sessionId: number;
}

export type EndReason = 'logout' | 'login_elsewhere' | 'password_changed' | 'blocked' | 'idle';
/** Why a session no longer holds: it was ended, or it expired (22:00). */
type Loss = EndReason | 'expired';

/** Which code a request with a lost session gets (seed 4: session loss). */
const LOSS_CODES: Record<Loss, ErrorName> = {
  logout: 'AUTH_INVALID',
  login_elsewhere: 'LOGIN_ELSEWHERE',
  password_changed: 'PASSWORD_CHANGED',
  blocked: 'ACCOUNT_BLOCKED',
  idle: 'AUTH_INVALID',
  expired: 'AUTH_INVALID',
};
const IDLE_MSG = '长时间未操作，已自动退出，请重新登录';

/** What a client is told of a lost session, on a call or on its socket. */
const lossNotice = (loss: Loss): { code: number; msg: string } => ({
  code: Errors[LOSS_CODES[loss]].code,
  msg: loss === 'idle' ? IDLE_MSG : Errors[LOSS_CODES[loss]].msg,
});

const sessionLost = (loss: Loss) => new AppError(LOSS_CODES[loss], { httpStatus: 401, msg: lossNotice(loss).msg });

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** What the device said about itself at login (seed 3: flag, version, timewd). */
export interface DeviceInfo {
  uuid?: string;
  ip?: string;
  client?: Record<string, string | number>;
}

/** The device a request comes from; at login also its flag, version and client clock. */
export function deviceOf(req: FastifyRequest, body?: { flag?: string | number; version?: string; timewd?: string | number }): DeviceInfo {
  const given = { flag: body?.flag, version: body?.version, timewd: body?.timewd };
  const client = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
  const uuid = req.headers['x-uuid'];
  return { uuid: typeof uuid === 'string' ? uuid.slice(0, 128) : undefined, ip: req.ip, client };
}

/** Activity is written at most this often, so a busy member does not write on every call. */
const SEEN_EVERY_MS = 60_000;

/** A session ends at the next 22:00 Shanghai time: today's if still ahead, else tomorrow's (seed 4). */
export function nextTokenExpiry(at: number): number {
  const today = shanghaiHourOf(at, 22);
  return at < today ? today : today + DAY_MS;
}

/**
 * Opens a session: a random token whose hash alone is stored, living until the next 22:00
 * Shanghai time. One session per member: the earlier ones end as "login elsewhere".
 */
export async function openSession(
  db: DbOrTx,
  bus: Bus,
  member: { memberId: number },
  device: DeviceInfo,
): Promise<{ token: string; expireAt: number; sessionId: number }> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  const expireAt = nextTokenExpiry(now);
  const ended = await endSessions(db, member.memberId, 'login_elsewhere');
  const [row] = await db
    .insert(sessions)
    .values({
      memberId: member.memberId,
      tokenHash: hashToken(token),
      device: device.uuid ?? null,
      ip: device.ip ?? null,
      client: device.client ?? null,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(expireAt),
    })
    .returning({ sessionId: sessions.sessionId });
  await announceEnd(bus, member.memberId, 'login_elsewhere', ended);
  return { token, expireAt, sessionId: row.sessionId };
}

/** Ends every live session of a member; returns the ids of those that ended. */
export async function endSessions(db: DbOrTx, memberId: number, reason: EndReason): Promise<number[]> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: new Date(clock.now()), endedReason: reason })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.endedAt)))
    .returning({ id: sessions.sessionId });
  memberChanged(memberId);
  return ended.map((row) => row.id);
}

/**
 * After the ending committed: the sockets of the ended sessions (every session of the member
 * without `sessionIds`), on every instance, are told why and closed by the realtime gateway. Best
 * effort: what the bus misses, the gateway's own re-check of its sockets catches.
 */
export async function announceEnd(bus: Bus, memberId: number, reason: EndReason, sessionIds?: number[]): Promise<void> {
  if (sessionIds?.length === 0) return;
  await bus.publish(channel.user(memberId), 'session.ended', { ...lossNotice(reason), ...(sessionIds ? { sessionIds } : {}) });
}

export async function endSession(db: DbOrTx, sessionId: number, reason: EndReason): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: new Date(clock.now()), endedReason: reason })
    .where(and(eq(sessions.sessionId, sessionId), isNull(sessions.endedAt)))
    .returning({ memberId: sessions.memberId });
  for (const { memberId } of ended) memberChanged(memberId);
}

/**
 * Resolves a bearer token to its member, or throws the session-loss code that applies (HTTP 401):
 * unknown or expired (22:00) token, ended (logout, elsewhere, password changed, blocked), or idle
 * longer than the member's logout preference.
 */
/** A live session as authentication needs it; kept briefly so member calls need no query. */
interface LiveSession {
  ctx: MemberContext;
  expiresAt: number;
  blocked: boolean;
  idleLogoutMinutes: number;
  seenAt: number;
}
const liveSessions = new MemoryCache<LiveSession>(10_000);
/** A live session in use is read again in the background this long before it lapses. */
const READ_AHEAD_MS = 3_000;

/** A session with what authentication needs of its member, as `sessionRecords` reads it. */
interface SessionRecord {
  session_id: unknown;
  token_hash: string;
  member_id: unknown;
  site_id: number;
  name: string;
  vip_level: number;
  tags: string[];
  status: string;
  idle_logout_minutes: number;
  ended_reason: EndReason | null;
  expires_ms: number;
  seen_ms: number;
}

/**
 * Sessions with their members, by `where`, written out rather than built by drizzle's select:
 * building that select of both whole rows cost 0.4 ms of CPU at every session read on a slow
 * host (5 µs written out).
 * Planned at each call (not kept: a join kept from a young members table could stay a scan).
 */
const sessionRecords = (where: SQL) => sql`
  SELECT s.session_id, s.token_hash, s.ended_reason, m.member_id, m.site_id, m.name, m.vip_level, m.tags, m.status, m.idle_logout_minutes,
         floor(extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms,
         floor(extract(epoch FROM coalesce(s.last_seen_at, s.created_at)) * 1000)::float8 AS seen_ms
  FROM sessions s JOIN members m ON m.member_id = s.member_id WHERE ${where}`;

const liveOf = (row: SessionRecord): LiveSession => ({
  ctx: { memberId: Number(row.member_id), siteId: row.site_id, name: row.name, vipLevel: row.vip_level, tags: row.tags, sessionId: Number(row.session_id) },
  expiresAt: row.expires_ms,
  blocked: row.status === '2',
  idleLogoutMinutes: row.idle_logout_minutes,
  seenAt: row.seen_ms,
});

const sessionByHash = (db: DbOrTx, tokenHash: string) => oneOf<SessionRecord>(db, sessionRecords(sql`s.token_hash = ${tokenHash}`));

/**
 * Sessions read at the same time go as one statement (platform/batch.ts), and so do the "seen"
 * notes below. After a lull every member's cached session has lapsed at once: read one by one, each
 * took a pooled connection of its own, the pool opened most of them anew, and 32 members' first
 * transfers after 15 s of quiet took 0.8-1.0 s on a slow host. A transaction reads its own.
 */
let reads = 0;
const readSessions = batcherPerDatabase((db: DbOrTx) => ({
  // Every read a turn of its own: one session asked for twice at once (a page's calls after a lull) shares a batch and its row.
  turnOf: () => String(reads++),
  alone: (hash: string) => sessionByHash(db, hash),
  run: async (hashes: string[]) => {
    const rows = await rowsOf<SessionRecord>(db, sessionRecords(sql`s.token_hash = ANY (${arrayParam(hashes, 'text[]')})`));
    const byHash = new Map(rows.map((row) => [row.token_hash, row]));
    return hashes.map((hash) => ({ ok: true as const, value: byHash.get(hash) ?? null }));
  },
}));
const readSession = (db: DbOrTx, tokenHash: string) => (isTransaction(db) ? sessionByHash(db, tokenHash) : readSessions(db, tokenHash));

async function loadSession(db: DbOrTx, tokenHash: string): Promise<LiveSession> {
  const row = await readSession(db, tokenHash);
  if (!row) throw new AppError('AUTH_INVALID', { httpStatus: 401 });
  if (row.ended_reason) throw sessionLost(row.ended_reason);
  return liveOf(row);
}

/** Why a session not ended yet no longer holds at `now`: expired, blocked, or idle too long. */
function lapseOf(live: LiveSession, now: number): 'expired' | 'blocked' | 'idle' | null {
  if (live.expiresAt <= now) return 'expired';
  if (live.blocked) return 'blocked';
  if (live.idleLogoutMinutes > 0 && now - live.seenAt > live.idleLogoutMinutes * 60_000) return 'idle';
  return null;
}

/**
 * Resolves a bearer token to its member, or throws the session-loss code that applies (HTTP 401):
 * unknown or expired (22:00) token, ended (logout, elsewhere, password changed, blocked), or idle
 * longer than the member's logout preference. Ending a session forgets it on every instance.
 */
export async function authenticate(db: DbOrTx, token: string): Promise<MemberContext> {
  return authenticateNow(db, token);
}

/** authenticate, answered without a promise while the session is warm and nothing is to be written. */
export function authenticateNow(db: DbOrTx, token: string): Now<MemberContext> {
  // Kept by the token itself (this process's memory only), so a warm call hashes nothing.
  const key = `${scopeOf(db)}:${token}`;
  const live = isTransaction(db) ? liveSessions.get(key) : liveSessions.getRefreshed(key, READ_AHEAD_MS, () => taggedSession(db, token));
  if (live) return judgeSession(db, live);
  return taggedSession(db, token).then(({ value: loaded, tag }) => {
    liveSessions.set(key, loaded, tag);
    return judgeSession(db, loaded);
  });
}

const taggedSession = async (db: DbOrTx, token: string) => {
  const value = await loadSession(db, hashToken(token));
  return { value, tag: memberTag(value.ctx.memberId) };
};

function judgeSession(db: DbOrTx, live: LiveSession): Now<MemberContext> {
  const now = clock.now();
  const lapse = lapseOf(live, now);
  if (lapse === 'expired' || lapse === 'blocked') throw sessionLost(lapse);
  if (!lapse && now - live.seenAt < SEEN_EVERY_MS) return live.ctx;
  return noteSeen(db, live, now, lapse === 'idle');
}

/**
 * Of these sessions, those that no longer hold, each with what its sockets are told: ended,
 * expired, blocked, or idle too long (then ended here, as a call would end it). Read from the
 * database, for the realtime gateway's re-check of its sockets; being asked is no activity.
 */
export async function lostSessions(db: DbOrTx, sessionIds: number[]): Promise<Map<number, { code: number; msg: string }>> {
  const rows = sessionIds.length > 0 ? await rowsOf<SessionRecord>(db, sessionRecords(sql`s.session_id = ANY (${arrayParam(sessionIds, 'bigint[]')})`)) : [];
  // A session not found at all holds no more than an expired one.
  const lost = new Map(sessionIds.map((id) => [id, lossNotice('expired')]));
  const now = clock.now();
  for (const row of rows) {
    const id = Number(row.session_id);
    const loss = row.ended_reason ?? lapseOf(liveOf(row), now);
    if (!loss) lost.delete(id);
    else lost.set(id, lossNotice(loss));
    if (loss === 'idle' && !row.ended_reason) await endSession(db, id, 'idle');
  }
  return lost;
}

/** Ends a session idle too long, or notes that it was seen (at most every SEEN_EVERY_MS). */
async function noteSeen(db: DbOrTx, live: LiveSession, now: number, idle: boolean): Promise<MemberContext> {
  if (idle) {
    await endSession(db, live.ctx.sessionId, 'idle');
    throw sessionLost('idle');
  }
  live.seenAt = now;
  const seen = { sessionId: live.ctx.sessionId, at: now };
  await (isTransaction(db) ? noteSeenAlone(db, seen) : notesSeen(db, seen));
  return live.ctx;
}

interface Seen {
  sessionId: number;
  at: number;
}
const noteSeenAlone = async (db: DbOrTx, { sessionId, at }: Seen): Promise<void> => {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(at) })
    .where(eq(sessions.sessionId, sessionId));
};
/** The "seen" notes due at the same time, one statement (why: readSessions). */
const notesSeen = batcherPerDatabase((db: DbOrTx) => ({
  turnOf: (seen: Seen) => String(seen.sessionId),
  alone: (seen: Seen) => noteSeenAlone(db, seen),
  run: async (notes: Seen[]) => {
    const ids = arrayParam(
      notes.map((n) => n.sessionId),
      'bigint[]',
    );
    const ats = arrayParam(
      notes.map((n) => n.at),
      'bigint[]',
    );
    await db.execute(sql`
      UPDATE sessions s SET last_seen_at = to_timestamp(u.at / 1000.0) FROM unnest(${ids}, ${ats}) AS u(id, at) WHERE s.session_id = u.id`);
    return notes.map(() => ({ ok: true as const, value: undefined }));
  },
}));

/** The session reads' and "seen" notes' batches on `db` (tests). */
export const sessionBatches = (db: DbOrTx) => ({ reads: readSessions.statsOf(db), seen: notesSeen.statsOf(db) });

/** `Authorization: Bearer <token>`, or the bare token. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

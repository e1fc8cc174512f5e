import { randomBytes, randomInt } from 'node:crypto';
import { and, count, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import type { Bus } from '../../platform/realtime/index.ts';
import { AppError, fail } from '../../platform/http/index.ts';
import { blockedDevices as blockedDevicesTable, blockedIps as blockedIpsTable, members, sessions, type MemberRow } from './tables.ts';
import { brokenConstraint } from './accounts.ts';
import { hashPassword } from './passwords.ts';
import { announceEnd, endSessions } from './sessions.ts';
import { memberChanged } from '../../platform/cache.ts';

/** The operator's account levers (the back office and tests call these). */

/** checkChangePassword answers true until the member sets a new password. */
export async function setMustChangePassword(db: Db, memberId: number, mustChange: boolean): Promise<void> {
  await db.update(members).set({ mustChangePassword: mustChange }).where(eq(members.memberId, memberId));
  memberChanged(memberId);
}

/** Gives a member an agent code (upper-cased, unique per site); registrations may name it as i_code. */
export async function setAgentCode(db: Db, memberId: number, code: string | null): Promise<void> {
  const value = code?.trim().toUpperCase() || null;
  if (value !== null && !/^[A-Z0-9]{4,16}$/.test(value)) throw new AppError('VALIDATION', { msg: '代理码须为4-16位字母或数字' });
  try {
    await db.update(members).set({ agentCode: value }).where(eq(members.memberId, memberId));
    memberChanged(memberId);
  } catch (err) {
    if (brokenConstraint(err)) throw new AppError('VALIDATION', { msg: '代理码已被使用' });
    throw err;
  }
}

/** Makes a member an agent (their application approved). */
export async function makeAgent(db: Db, memberId: number): Promise<void> {
  await db.update(members).set({ isAgent: true }).where(eq(members.memberId, memberId));
  memberChanged(memberId);
}

export interface MemberSearch {
  keyword?: string;
  siteId?: number;
  tag?: string;
  status?: string;
  /** The sites the operator may see; null: all. */
  siteIds: number[] | null;
  page: number;
  size: number;
}

const memberSummary = (m: MemberRow) => ({
  memberId: m.memberId,
  siteId: m.siteId,
  name: m.name,
  nickname: m.nickname,
  realName: m.realName,
  phone: m.phone,
  email: m.email,
  vipLevel: m.vipLevel,
  status: m.status,
  tags: m.tags,
  isAgent: m.isAgent,
  createdAt: m.createdAt.getTime(),
});

/**
 * The operator's member search: an id, a name (its beginning), a phone or e-mail (whole), or a real
 * name (whole); narrowed by site, tag and status; newest first.
 */
export async function searchMembers(db: Db, q: MemberSearch) {
  const where: SQL[] = [];
  const keyword = q.keyword?.trim();
  if (keyword) {
    const lower = keyword.toLowerCase();
    const byId = /^\d{1,9}$/.test(keyword) ? [eq(members.memberId, Number(keyword))] : [];
    where.push(
      or(
        ...byId,
        like(members.name, `${lower.replace(/[\\%_]/g, '\\$&')}%`),
        eq(members.phone, keyword),
        eq(members.email, lower),
        eq(members.realName, keyword),
      )!,
    );
  }
  if (q.siteId) where.push(eq(members.siteId, q.siteId));
  if (q.siteIds) where.push(inArray(members.siteId, q.siteIds));
  if (q.tag) where.push(sql`${q.tag} = ANY(${members.tags})`);
  if (q.status) where.push(eq(members.status, q.status));
  const filter = where.length ? and(...where) : undefined;
  // The page walks the primary key newest first and stops; the count is its own query (a window
  // count over the page's query would read and sort every member first: 300 ms at 100,000).
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(members)
      .where(filter)
      .orderBy(desc(members.memberId))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: count() }).from(members).where(filter),
  ]);
  return { list: rows.map(memberSummary), total: Number(counted?.total ?? 0) };
}

/** A member as the operator sees them: the profile, the latest sign-ins with IP and device, which of those are blocked. */
export async function memberProfile(db: Db, memberId: number) {
  const [member] = await db.select().from(members).where(eq(members.memberId, memberId));
  if (!member) fail('MEMBER_NOT_FOUND');
  const logins = await db.select().from(sessions).where(eq(sessions.memberId, memberId)).orderBy(desc(sessions.sessionId)).limit(30);
  const ips = [...new Set(logins.map((l) => l.ip).filter((ip): ip is string => !!ip))];
  const devices = [...new Set(logins.map((l) => l.device).filter((d): d is string => !!d))];
  const blockedIps = ips.length
    ? await db
        .select({ ip: blockedIpsTable.ip })
        .from(blockedIpsTable)
        .where(and(eq(blockedIpsTable.siteId, member.siteId), inArray(blockedIpsTable.ip, ips)))
    : [];
  const blockedDevices = devices.length
    ? await db
        .select({ device: blockedDevicesTable.device })
        .from(blockedDevicesTable)
        .where(and(eq(blockedDevicesTable.siteId, member.siteId), inArray(blockedDevicesTable.device, devices)))
    : [];
  return {
    ...memberSummary(member),
    birthday: member.birthday,
    inviteCode: member.inviteCode,
    agentCode: member.agentCode,
    mustChangePassword: member.mustChangePassword,
    logins: logins.map((l) => ({
      ip: l.ip,
      device: l.device,
      at: l.createdAt.getTime(),
      lastSeenAt: l.lastSeenAt?.getTime() ?? null,
      endedReason: l.endedReason,
    })),
    blockedIps: blockedIps.map((b) => b.ip),
    blockedDevices: blockedDevices.map((b) => b.device),
  };
}

/** The members of a site who hold `tag` (a message to a tag reaches them). */
export async function membersTagged(db: Db, siteId: number, tag: string): Promise<number[]> {
  const rows = await db
    .select({ memberId: members.memberId })
    .from(members)
    .where(and(eq(members.siteId, siteId), sql`${tag} = ANY(${members.tags})`));
  return rows.map((r) => r.memberId);
}

/** Replaces a member's tags (e.g. activity_blacklist, no_level_bonus); answers the tags before and after. */
export async function setMemberTags(db: Db, memberId: number, tags: string[]) {
  const [before] = await db.select({ tags: members.tags }).from(members).where(eq(members.memberId, memberId));
  if (!before) fail('MEMBER_NOT_FOUND');
  const unique = [...new Set(tags)];
  await db.update(members).set({ tags: unique }).where(eq(members.memberId, memberId));
  memberChanged(memberId);
  return { before: before.tags, after: unique };
}

/**
 * The operator resets a member's password: a one-time password the operator passes on; the member
 * must change it at the next login, and every open session ends.
 */
export async function resetMemberPassword(db: Db, bus: Bus, memberId: number): Promise<{ temporaryPassword: string }> {
  const [member] = await db.select().from(members).where(eq(members.memberId, memberId));
  if (!member) fail('MEMBER_NOT_FOUND');
  const temporaryPassword = `${randomBytes(4).toString('hex')}${randomInt(10, 99)}`;
  const passwordHash = await hashPassword(member.name, temporaryPassword);
  await db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash, mustChangePassword: true }).where(eq(members.memberId, memberId));
    await endSessions(tx, memberId, 'password_changed');
  });
  memberChanged(memberId);
  await announceEnd(bus, memberId, 'password_changed');
  return { temporaryPassword };
}

/** New members (registered) and active members (signed in or seen) of a site per Shanghai day, from `from` to `to`. */
export async function dailyMembers(db: Db, siteId: number, from: Date, to: Date): Promise<Map<string, { newMembers: number; activeMembers: number }>> {
  const day = (column: SQL) => sql`to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
  const joined = await db.execute(sql`
    SELECT ${day(sql`created_at`)} AS day, count(*) AS n FROM members
    WHERE site_id = ${siteId} AND created_at >= ${from} AND created_at < ${to} GROUP BY 1`);
  const seen = sql`coalesce(s.last_seen_at, s.created_at)`;
  const active = await db.execute(sql`
    SELECT ${day(seen)} AS day, count(DISTINCT s.member_id) AS n FROM sessions s JOIN members m ON m.member_id = s.member_id
    WHERE m.site_id = ${siteId} AND ${seen} >= ${from} AND ${seen} < ${to} GROUP BY 1`);
  const out = new Map<string, { newMembers: number; activeMembers: number }>();
  const at = (d: string) => out.get(d) ?? out.set(d, { newMembers: 0, activeMembers: 0 }).get(d)!;
  for (const r of joined.rows as Array<{ day: string; n: string }>) at(r.day).newMembers = Number(r.n);
  for (const r of active.rows as Array<{ day: string; n: string }>) at(r.day).activeMembers = Number(r.n);
  return out;
}

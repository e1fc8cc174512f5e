import { randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { NAME_PATTERN, checkPassword, type RegisterBody } from '@bp/contract';
import { arrayParam, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { fail } from '../../platform/http/index.ts';
import { members, sessions, type MemberRow } from './tables.ts';
import { hashPassword } from './passwords.ts';
import { parsePhone, type Phone } from './contact.ts';
import { memberChanged } from '../../platform/cache.ts';

export const normalizeName = (name: string): string => name.trim().toLowerCase();

export function checkName(name: string): void {
  if (!NAME_PATTERN.test(name)) fail('NAME_INVALID');
}

/** Seed 5: the password rule, and never the name (compared case-insensitively). */
export function checkNewPassword(password: string, name: string): void {
  const broken = checkPassword(password, name);
  if (broken) fail(broken);
}

export async function findMember(db: DbOrTx, siteId: number, name: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.name, normalizeName(name))))
    .limit(1);
  return row ?? null;
}

export async function getMember(db: DbOrTx, memberId: number): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.memberId, memberId)).limit(1);
  return row ?? null;
}

export async function isNameFree(db: Db, siteId: number, name: string): Promise<boolean> {
  return (await findMember(db, siteId, name)) === null;
}

/** The member an invite code names: a member's own invite code or an agent code, on this site. */
export async function findInviter(db: Db, siteId: number, code: string): Promise<MemberRow | null> {
  const upper = code.trim().toUpperCase();
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.siteId, siteId), or(eq(members.ownInviteCode, upper), eq(members.agentCode, upper))))
    .limit(1);
  return row ?? null;
}

/** A registration checked and ready to store. */
export interface NewMember {
  name: string;
  password: string;
  phone: Phone | null;
  inviteCode: string | null;
  invitedBy: number | null;
  recommendCode: string | null;
}

/** Checks a registration without writing anything: name, password, phone, invite code. */
export async function prepareMember(db: Db, siteId: number, body: RegisterBody): Promise<NewMember> {
  const name = normalizeName(body.name);
  checkName(name);
  checkNewPassword(body.password, name);
  const phone = body.phone ? parsePhone(body.phone, body.areaCode) : null;
  const inviteCode = body.i_code?.trim().toUpperCase() || null;
  const inviter = inviteCode ? await findInviter(db, siteId, inviteCode) : null;
  if (inviteCode && !inviter) fail('INVITE_CODE_INVALID');
  return { name, password: body.password, phone, inviteCode, invitedBy: inviter?.memberId ?? null, recommendCode: body.r_code?.trim() || null };
}

const newInviteCode = () => randomBytes(5).toString('hex').toUpperCase();

/** The unique constraint a failed insert broke, if that is why it failed (node-postgres and PGlite alike). */
export function brokenConstraint(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? 'unique';
  }
  return null;
}

/** Stores a prepared member; the name is unique per site (lower-cased), so is a phone. */
export async function insertMember(db: Db, siteId: number, m: NewMember, ip?: string): Promise<MemberRow> {
  const values = {
    siteId,
    name: m.name,
    passwordHash: await hashPassword(m.name, m.password),
    nickname: m.name,
    avatar: '',
    phone: m.phone?.phone ?? null,
    areaCode: m.phone?.areaCode ?? null,
    vipLevel: 0,
    inviteCode: m.inviteCode,
    invitedBy: m.invitedBy,
    recommendCode: m.recommendCode,
    ownInviteCode: newInviteCode(),
    status: '1',
    tags: [],
    lastLoginAt: new Date(clock.now()),
    lastLoginIp: ip ?? null,
  };
  try {
    const [row] = await db.insert(members).values(values).returning();
    return row;
  } catch (err) {
    const constraint = brokenConstraint(err);
    if (constraint === 'members_phone') fail('PHONE_TAKEN');
    if (constraint) fail('NAME_TAKEN');
    throw err;
  }
}

/** Creates a member in one step (the demo seed, operators). */
export async function createMember(db: Db, siteId: number, body: RegisterBody, ip?: string): Promise<MemberRow> {
  return insertMember(db, siteId, await prepareMember(db, siteId, body), ip);
}

/** Sets a new password; the operator's must-change flag is satisfied by it. */
export async function setPassword(db: DbOrTx, member: MemberRow, password: string): Promise<void> {
  await db
    .update(members)
    .set({ passwordHash: await hashPassword(member.name, password), passwordChangedAt: new Date(clock.now()), mustChangePassword: false })
    .where(eq(members.memberId, member.memberId));
  memberChanged(member.memberId);
}

export async function recordLogin(db: DbOrTx, memberId: number, ip: string | undefined): Promise<void> {
  await db
    .update(members)
    .set({ lastLoginAt: new Date(clock.now()), lastLoginIp: ip ?? null })
    .where(eq(members.memberId, memberId));
  memberChanged(memberId);
}

/** The profile fields a member changes at will; the member module checks their values. */
export type ProfileChange = Partial<Pick<MemberRow, 'nickname' | 'avatar' | 'address'>>;

export async function updateProfile(db: Db, memberId: number, change: ProfileChange): Promise<void> {
  await db.update(members).set(change).where(eq(members.memberId, memberId));
  memberChanged(memberId);
}

/**
 * Sets members' VIP levels (the vip module decides them; this column is shown wherever the level
 * is), in one statement however many (the daily review's); only the levels that differ are written
 * and forgotten from the caches, so telling the same levels again costs nothing.
 */
export async function setVipLevels(db: DbOrTx, levels: Array<{ memberId: number; vipLevel: number }>): Promise<void> {
  if (levels.length === 0) return;
  const { rows } = await db.execute(sql`
    UPDATE members m SET vip_level = v.vip_level
    FROM unnest(${arrayParam(
      levels.map((l) => l.memberId),
      'bigint[]',
    )}, ${arrayParam(
      levels.map((l) => l.vipLevel),
      'integer[]',
    )}) AS v(member_id, vip_level)
    WHERE m.member_id = v.member_id AND m.vip_level <> v.vip_level
    RETURNING m.member_id`);
  for (const r of rows as Array<{ member_id: unknown }>) memberChanged(Number(r.member_id));
}

/** Sets a field that is set once (the real name withdrawals are paid to, the birthday); false when it was set before. */
export async function setOnce(db: Db, memberId: number, field: 'realName' | 'birthday', value: string): Promise<boolean> {
  const set = await db
    .update(members)
    .set(field === 'realName' ? { realName: value } : { birthday: value })
    .where(and(eq(members.memberId, memberId), isNull(members[field])))
    .returning({ id: members.memberId });
  if (set.length > 0) memberChanged(memberId);
  return set.length > 0;
}

/** How many members came with this member's invite code. */
export async function countInvited(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(members).where(eq(members.invitedBy, memberId));
  return row.n;
}

/** The devices a member has signed in from (their sessions'), for one-per-device rules (the promo module's). */
export async function memberDevices(db: DbOrTx, memberId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ device: sessions.device })
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), isNotNull(sessions.device), ne(sessions.device, '')));
  return rows.map((r) => r.device!);
}

/** Other members seen on a member's IPs or devices (their sessions'), for the operator's risk view; at most 20 of each. */
export async function membersSharing(db: DbOrTx, memberId: number) {
  const byIp = await db.execute(sql`
    SELECT DISTINCT o.member_id, m.name, o.ip FROM sessions mine
    JOIN sessions o ON o.ip = mine.ip AND o.member_id <> mine.member_id
    JOIN members m ON m.member_id = o.member_id
    WHERE mine.member_id = ${memberId} AND mine.ip IS NOT NULL AND mine.ip <> '' LIMIT 20`);
  const byDevice = await db.execute(sql`
    SELECT DISTINCT o.member_id, m.name, o.device FROM sessions mine
    JOIN sessions o ON o.device = mine.device AND o.member_id <> mine.member_id
    JOIN members m ON m.member_id = o.member_id
    WHERE mine.member_id = ${memberId} AND mine.device IS NOT NULL AND mine.device <> '' LIMIT 20`);
  type Row = { member_id: unknown; name: string; ip?: string; device?: string };
  return {
    sharedIp: (byIp.rows as Row[]).map((r) => ({ memberId: Number(r.member_id), name: r.name, ip: r.ip! })),
    sharedDevice: (byDevice.rows as Row[]).map((r) => ({ memberId: Number(r.member_id), name: r.name, device: r.device! })),
  };
}

/** The members who came with this member's code, newest first (the promo module's invite page). */
export async function invitedMembers(db: DbOrTx, memberId: number, page: number, size: number) {
  const list = await db
    .select({ memberId: members.memberId, name: members.name, createdAt: members.createdAt })
    .from(members)
    .where(eq(members.invitedBy, memberId))
    .orderBy(sql`${members.memberId} DESC`)
    .limit(size)
    .offset((page - 1) * size);
  return { list, total: await countInvited(db, memberId) };
}

/**
 * The site's members who came with an inviter (the promo module's invite pass), as an SQL subquery
 * of (member_id, invited_by, created_at); read by the partial index members_invitees (migration 0162).
 */
export function inviteesOf(siteId: number): SQL {
  return sql`SELECT member_id, invited_by, created_at FROM members WHERE site_id = ${siteId} AND invited_by IS NOT NULL`;
}

/** Whether two members were ever seen on one device or one IP (their sessions'): an invite reward's anti-abuse. */
export async function sharedSession(db: DbOrTx, memberId: number, otherId: number): Promise<'device' | 'ip' | null> {
  const { rows } = await db.execute(sql`
    SELECT bool_or(a.device = b.device AND a.device <> '') AS device, bool_or(a.ip = b.ip AND a.ip <> '') AS ip
    FROM sessions a JOIN sessions b ON b.member_id = ${otherId} AND (a.device = b.device OR a.ip = b.ip)
    WHERE a.member_id = ${memberId}`);
  const r = rows[0] as { device: boolean | null; ip: boolean | null } | undefined;
  return r?.device ? 'device' : r?.ip ? 'ip' : null;
}

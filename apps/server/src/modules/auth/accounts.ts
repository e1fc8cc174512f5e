import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { NAME_PATTERN, checkPassword, type RegisterBody } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { fail } from '../../platform/http/index.ts';
import { members, type MemberRow } from './tables.ts';
import { hashPassword } from './passwords.ts';

export const normalizeName = (name: string): string => name.trim().toLowerCase();

export function checkName(name: string): void {
  if (!NAME_PATTERN.test(name)) fail('NAME_INVALID');
}

export async function findMember(db: Db, siteId: number, name: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.name, normalizeName(name))))
    .limit(1);
  return row ?? null;
}

export async function getMember(db: Db, memberId: number): Promise<MemberRow | null> {
  const [row] = await db.select().from(members).where(eq(members.memberId, memberId)).limit(1);
  return row ?? null;
}

export async function isNameFree(db: Db, siteId: number, name: string): Promise<boolean> {
  return (await findMember(db, siteId, name)) === null;
}

const newInviteCode = () => randomBytes(4).toString('hex').toUpperCase();

/** Creates a member; the name is unique per site, compared lower-cased. */
export async function createMember(db: Db, siteId: number, body: RegisterBody, ip?: string): Promise<MemberRow> {
  const name = normalizeName(body.name);
  checkName(name);
  const bad = checkPassword(body.password, name);
  if (bad) fail(bad);
  const passwordHash = await hashPassword(name, body.password);
  const rows = await db
    .insert(members)
    .values({
      siteId,
      name,
      passwordHash,
      nickname: name,
      avatar: '',
      phone: body.phone ?? null,
      areaCode: body.areaCode ?? null,
      vipLevel: 0,
      inviteCode: body.i_code ?? null,
      recommendCode: body.r_code ?? null,
      ownInviteCode: newInviteCode(),
      status: '1',
      tags: [],
      loginFailures: 0,
      lastLoginAt: new Date(clock.now()),
      lastLoginIp: ip ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (rows.length === 0) fail('NAME_TAKEN');
  return rows[0];
}

export async function recordLogin(db: Db, memberId: number, ip: string | undefined): Promise<void> {
  await db
    .update(members)
    .set({ loginFailures: 0, lastLoginAt: new Date(clock.now()), lastLoginIp: ip ?? null })
    .where(eq(members.memberId, memberId));
}

export async function recordLoginFailure(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .update(members)
    .set({ loginFailures: sql`${members.loginFailures} + 1` })
    .where(eq(members.memberId, memberId))
    .returning({ n: members.loginFailures });
  return row?.n ?? 0;
}

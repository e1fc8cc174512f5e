import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { members } from './tables.ts';
import { brokenConstraint } from './accounts.ts';
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

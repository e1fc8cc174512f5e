import type { FastifyRequest } from 'fastify';
import type { SessionData } from '@bp/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/http/index.ts';
import type { MemberRow } from './tables.ts';
import { checkNewPassword, getMember, setPassword } from './accounts.ts';
import { verifyPassword } from './passwords.ts';
import { deviceOf, endSessions, openSession } from './sessions.ts';
import { requireVerification } from './verification.ts';
import { memberChanged } from '../../platform/cache.ts';

/** A new password ends every session of the member as "password changed"; returns how many ended. */
export async function replacePassword(tx: DbOrTx, member: MemberRow, password: string): Promise<number> {
  await setPassword(tx, member, password);
  return endSessions(tx, member.memberId, 'password_changed');
}

/** The new password's rules: the seed's rule, not the name, not the old password. */
export function checkReplacement(member: MemberRow, oldPassword: string, password: string): void {
  checkNewPassword(password, member.name);
  if (password === oldPassword) fail('PASSWORD_SAME_AS_OLD');
}

/**
 * Change password: the rules, then security verification (scene `changePassword`), then the old
 * password. Every session ends with PASSWORD_CHANGED; the device that changed it gets a fresh one.
 */
export async function changePassword({ db, bus }: Deps, req: FastifyRequest, body: { oldPassword: string; password: string }): Promise<SessionData> {
  const member = await getMember(db, req.member!.memberId);
  if (!member) return fail('AUTH_INVALID', { httpStatus: 401 });
  checkReplacement(member, body.oldPassword, body.password);
  await requireVerification(req, 'changePassword');
  if (!(await verifyPassword(member.passwordHash, member.name, body.oldPassword))) fail('OLD_PASSWORD_WRONG');
  const session = await db.transaction(async (tx) => {
    await replacePassword(tx, member, body.password);
    return openSession(tx, bus, member, deviceOf(req));
  });
  memberChanged(member.memberId); // again after commit: a read during the transaction saw the old row
  return { token: session.token, memberId: member.memberId, expireAt: session.expireAt };
}

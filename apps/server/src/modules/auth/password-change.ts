import type { FastifyRequest } from 'fastify';
import type { SessionData } from '@bp/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Bus } from '../../platform/realtime/index.ts';
import { fail, type MemberRequest } from '../../platform/http/index.ts';
import type { MemberRow } from './tables.ts';
import { checkNewPassword, getMember, setPassword } from './accounts.ts';
import { verifyPassword } from './passwords.ts';
import { announceEnd, deviceOf, endSessions, openSession } from './sessions.ts';
import { requireVerification } from './verification.ts';
import { memberChanged } from '../../platform/cache.ts';

/** A new password ends every session of the member as "password changed"; returns the ids of those that ended. */
export async function replacePassword(tx: DbOrTx, member: MemberRow, password: string): Promise<number[]> {
  await setPassword(tx, member, password);
  return endSessions(tx, member.memberId, 'password_changed');
}

/** Once the new password committed: no instance serves the old member row, the ended sessions' sockets are told and closed. */
export async function passwordReplaced(bus: Bus, memberId: number, ended: number[]): Promise<void> {
  memberChanged(memberId); // again after commit: a read during the transaction saw the old row
  await announceEnd(bus, memberId, 'password_changed', ended);
}

/**
 * Every way a password is replaced with the old one in hand (changePassword, login with
 * `oldPassword`): the seed's rule, not the name, not the old password, then security verification
 * (scene `changePassword`); the caller checks the old password after.
 */
export async function allowReplacement(req: FastifyRequest, name: string, oldPassword: string, password: string): Promise<void> {
  checkNewPassword(password, name);
  if (password === oldPassword) fail('PASSWORD_SAME_AS_OLD');
  await requireVerification(req, 'changePassword');
}

/**
 * Change password: the rules and verification, then the old password. Every session ends with
 * PASSWORD_CHANGED; the device that changed it gets a fresh one.
 */
export async function changePassword({ db, bus }: Deps, req: MemberRequest, body: { oldPassword: string; password: string }): Promise<SessionData> {
  const member = await getMember(db, req.member.memberId);
  if (!member) return fail('AUTH_INVALID', { httpStatus: 401 });
  await allowReplacement(req, member.name, body.oldPassword, body.password);
  if (!(await verifyPassword(member.passwordHash, member.name, body.oldPassword))) fail('OLD_PASSWORD_WRONG');
  const { session, ended } = await db.transaction(async (tx) => {
    const ended = await replacePassword(tx, member, body.password);
    return { ended, session: await openSession(tx, bus, member, deviceOf(req)) };
  });
  await passwordReplaced(bus, member.memberId, ended);
  return { token: session.token, memberId: member.memberId, expireAt: session.expireAt };
}

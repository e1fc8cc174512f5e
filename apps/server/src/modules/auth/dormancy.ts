import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ActiveMemberSleepBody, SessionData } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { clock } from '../../platform/clock.ts';
import { fail } from '../../platform/http/index.ts';
import { members, type MemberRow } from './tables.ts';
import { findMember } from './accounts.ts';
import { passwordMatches } from './passwords.ts';
import { authSettings } from './settings.ts';
import { checkCaptcha } from './captcha.ts';
import { consumeCode } from './codes.ts';
import { boundDestination } from './contact.ts';
import { memberChanged } from '../../platform/cache.ts';

/**
 * Dormant members (seed 7: isMemberSleep, activeMemberSleep): no login for `member_sleep_days`
 * (default 90) puts an account to sleep; it logs in again only after proving it is its owner.
 */
const lastActive = (m: MemberRow): number => Math.max(m.createdAt.getTime(), m.lastLoginAt?.getTime() ?? 0, m.reactivatedAt?.getTime() ?? 0);

export async function isDormant(db: Db, member: MemberRow): Promise<boolean> {
  const { memberSleepDays } = await authSettings(db, member.siteId);
  return clock.now() - lastActive(member) > memberSleepDays * 86_400_000;
}

/** isMemberSleep: an unknown name is simply not asleep. */
export async function sleepState(db: Db, siteId: number, name: string): Promise<{ sleep: boolean; sleepDays: number }> {
  const member = await findMember(db, siteId, name);
  const { memberSleepDays } = await authSettings(db, siteId);
  return { sleep: member !== null && (await isDormant(db, member)), sleepDays: memberSleepDays };
}

/**
 * activeMemberSleep: a code sent with scene `activate` to the bound phone or email, or the image
 * captcha, then the password; the member wakes up and is logged in.
 */
export async function reactivate(
  { db }: Deps,
  req: FastifyRequest,
  body: ActiveMemberSleepBody,
  logIn: (member: MemberRow) => Promise<SessionData>,
): Promise<SessionData> {
  const member = await findMember(db, req.site.siteId, body.name);
  if (body.code) {
    const channel = body.type ?? 'sms';
    const destination = member ? boundDestination(member, channel) : null;
    if (!member || !destination) return fail('CONTACT_NOT_BOUND');
    await consumeCode(db, { siteId: member.siteId, channel, destination, scene: 'activate' }, body.code);
  } else {
    await checkCaptcha(req.server.challenges, req.site.siteId, body);
  }
  if (!(await passwordMatches(member, body.password)) || !member) return fail('LOGIN_FAILED');
  if (member.status === '2') fail('ACCOUNT_BLOCKED');
  if (!(await isDormant(db, member))) fail('MEMBER_NOT_DORMANT');
  await db
    .update(members)
    .set({ reactivatedAt: new Date(clock.now()) })
    .where(eq(members.memberId, member.memberId));
  memberChanged(member.memberId);
  return logIn(member);
}

import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { LoginBody, SessionData } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { clock } from '../../platform/clock.ts';
import { fail } from '../../platform/http/index.ts';
import { loginFailures, type MemberRow } from './tables.ts';
import { findMember, normalizeName, recordLogin } from './accounts.ts';
import { passwordMatches } from './passwords.ts';
import { deviceOf, openSession, type DeviceInfo } from './sessions.ts';
import { allowReplacement, passwordReplaced, replacePassword } from './password-change.ts';
import { authSettings, type AuthSettings } from './settings.ts';
import { checkCaptcha } from './captcha.ts';
import { requireVerification } from './verification.ts';
import { isDormant } from './dormancy.ts';

/** Failures older than this no longer count towards the captcha. */
const FAILURE_MEMORY_MS = 24 * 3600_000;

/**
 * Counts a login attempt before anything of it is checked, and answers how many came before it
 * (within the memory). Concurrent guesses each take their own number, so no burst is checked
 * against the password past the captcha threshold. A matching password clears the count.
 */
async function countAttempt(db: Db, siteId: number, name: string): Promise<number> {
  const now = clock.now();
  const cutoff = new Date(now - FAILURE_MEMORY_MS).toISOString();
  const failures = sql`CASE WHEN ${loginFailures.lastFailedAt} > ${cutoff}::timestamptz THEN ${loginFailures.failures} + 1 ELSE 1 END`;
  const [row] = await db
    .insert(loginFailures)
    .values({ siteId, name, failures: 1, lastFailedAt: new Date(now) })
    .onConflictDoUpdate({ target: [loginFailures.siteId, loginFailures.name], set: { failures, lastFailedAt: new Date(now) } })
    .returning({ failures: loginFailures.failures });
  return row.failures - 1;
}

const clearFailures = (db: Db, siteId: number, name: string) =>
  db.delete(loginFailures).where(and(eq(loginFailures.siteId, siteId), eq(loginFailures.name, name)));

/**
 * After `login_verify_trigger_times` failures for a name, a login must prove a person is there
 * before its password is even tried: the image captcha, or the slider when the site prefers it.
 */
async function guard(req: FastifyRequest, settings: AuthSettings, failures: number, body: LoginBody): Promise<void> {
  if (failures < settings.loginVerifyTriggerTimes) return;
  if (settings.loginVerifyType === 'slider') {
    // A change on the way in is verified by its own slider (one ticket a request): that one proves a person.
    if (body.oldPassword !== undefined) return;
    return requireVerification(req, 'login', 'slider');
  }
  await checkCaptcha(req.server.challenges, req.site.siteId, body);
}

/** Only an active member may log in (seed 3 status: '0' inactive, '1' active, '2' disabled). */
function checkStatus(member: MemberRow): void {
  if (member.status === '2') fail('ACCOUNT_BLOCKED');
  if (member.status !== '1') fail('ACCOUNT_BLOCKED', { msg: '账号未启用，请联系客服' });
}

/**
 * The login of every path (v3, lg/v5, hashed): verification when due, then the password (plain or
 * its digest), then the account's state. With `oldPassword`, the password changes on the way in.
 */
export async function logIn({ db, bus }: Deps, req: FastifyRequest, body: LoginBody): Promise<SessionData> {
  const siteId = req.site.siteId;
  const name = normalizeName(body.name);
  const settings = await authSettings(db, siteId);
  // A change on the way in is a password change: the same rules and verification as changePassword.
  if (body.oldPassword !== undefined) await allowReplacement(req, name, body.oldPassword, body.password);
  await guard(req, settings, await countAttempt(db, siteId, name), body);
  const member = await findMember(db, siteId, name);
  if (!member || !(await passwordMatches(member, body.oldPassword ?? body.password))) return fail('LOGIN_FAILED');
  await clearFailures(db, siteId, name);
  checkStatus(member);
  if (await isDormant(db, member)) fail('MEMBER_DORMANT');
  if (body.oldPassword !== undefined) await changeOnLogin({ db, bus }, member, body.password);
  return startSession({ db, bus }, member, deviceOf(req, body), req.ip);
}

async function changeOnLogin({ db, bus }: Pick<Deps, 'db' | 'bus'>, member: MemberRow, password: string): Promise<void> {
  const ended = await db.transaction((tx) => replacePassword(tx, member, password));
  await passwordReplaced(bus, member.memberId, ended);
}

/** Records the login and opens the member's one session. */
export async function startSession({ db, bus }: Pick<Deps, 'db' | 'bus'>, member: MemberRow, device: DeviceInfo, ip?: string): Promise<SessionData> {
  await recordLogin(db, member.memberId, ip);
  const session = await openSession(db, bus, member, device);
  return { token: session.token, memberId: member.memberId, expireAt: session.expireAt };
}

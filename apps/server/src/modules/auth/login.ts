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
import { checkReplacement, replacePassword } from './password-change.ts';
import { authSettings, type AuthSettings } from './settings.ts';
import { checkCaptcha } from './captcha.ts';
import { requireVerification } from './verification.ts';
import { isDormant } from './dormancy.ts';
import { memberChanged } from '../../platform/cache.ts';

/** Failures older than this no longer count towards the captcha. */
const FAILURE_MEMORY_MS = 24 * 3600_000;

async function failuresOf(db: Db, siteId: number, name: string): Promise<number> {
  const [row] = await db.select().from(loginFailures).where(and(eq(loginFailures.siteId, siteId), eq(loginFailures.name, name))).limit(1);
  return row && row.lastFailedAt.getTime() > clock.now() - FAILURE_MEMORY_MS ? row.failures : 0;
}

/** Counts a failure atomically (concurrent guesses all count), forgetting stale ones. */
async function recordFailure(db: Db, siteId: number, name: string): Promise<void> {
  const now = clock.now();
  const cutoff = new Date(now - FAILURE_MEMORY_MS).toISOString();
  const failures = sql`CASE WHEN ${loginFailures.lastFailedAt} > ${cutoff}::timestamptz THEN ${loginFailures.failures} + 1 ELSE 1 END`;
  await db
    .insert(loginFailures)
    .values({ siteId, name, failures: 1, lastFailedAt: new Date(now) })
    .onConflictDoUpdate({ target: [loginFailures.siteId, loginFailures.name], set: { failures, lastFailedAt: new Date(now) } });
}

const clearFailures = (db: Db, siteId: number, name: string) =>
  db.delete(loginFailures).where(and(eq(loginFailures.siteId, siteId), eq(loginFailures.name, name)));

/**
 * After `login_verify_trigger_times` failures for a name, a login must prove a person is there
 * before its password is even tried: the image captcha, or the slider when the site prefers it.
 */
async function guard(req: FastifyRequest, settings: AuthSettings, failures: number, body: LoginBody): Promise<void> {
  if (failures < settings.loginVerifyTriggerTimes) return;
  if (settings.loginVerifyType === 'slider') return requireVerification(req, 'login', 'slider');
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
  const failures = await failuresOf(db, siteId, name);
  await guard(req, settings, failures, body);
  const member = await findMember(db, siteId, name);
  const current = body.oldPassword ?? body.password;
  if (!(await passwordMatches(member, current)) || !member) {
    await recordFailure(db, siteId, name);
    return fail('LOGIN_FAILED');
  }
  checkStatus(member);
  if (await isDormant(db, member)) fail('MEMBER_DORMANT');
  if (body.oldPassword !== undefined) await changeOnLogin(db, member, body.oldPassword, body.password);
  await clearFailures(db, siteId, name);
  return startSession({ db, bus }, member, deviceOf(req, body), req.ip);
}

async function changeOnLogin(db: Db, member: MemberRow, oldPassword: string, password: string): Promise<void> {
  checkReplacement(member, oldPassword, password);
  await db.transaction((tx) => replacePassword(tx, member, password));
  memberChanged(member.memberId); // again after commit: a read during the transaction saw the old row
}

/** Records the login and opens the member's one session. */
export async function startSession({ db, bus }: Pick<Deps, 'db' | 'bus'>, member: MemberRow, device: DeviceInfo, ip?: string): Promise<SessionData> {
  await recordLogin(db, member.memberId, ip);
  const session = await openSession(db, bus, member, device);
  return { token: session.token, memberId: member.memberId, expireAt: session.expireAt };
}

import { randomBytes } from 'node:crypto';
import { TOTP, URI } from 'otpauth';
import { Errors, OPERATOR_ROLES, ROLE_PERMISSIONS, type OperatorRole, type Permission } from '@bp/contract';
import { clock } from '../../platform/clock.ts';
import type { Answer, TestServer } from '../../test/harness.ts';
import { createOperator } from './operators.ts';

/** Test helpers: operators created as `npm run operator:create` does, signed in through the real login with a real TOTP code. */

export interface SignedIn {
  operatorId: number;
  name: string;
  password: string;
  token: string;
  /** The two-factor secret's URI, to make further codes. */
  otpauthUri: string;
  headers: { authorization: string };
}

/** The current code of an otpauth:// URI at the server's clock (one step ahead when asked, for a second login). */
export function totpNow(otpauthUri: string, stepsAhead = 0): string {
  const totp = URI.parse(otpauthUri) as TOTP;
  return totp.generate({ timestamp: clock.now() + stepsAhead * totp.period * 1000 });
}

/** Creates an operator with these roles (and sites: null, every site) and signs it in. */
export async function signInOperator(s: TestServer, roles: OperatorRole[] = ['super'], siteIds: number[] | null = null): Promise<SignedIn> {
  const name = `op_${randomBytes(5).toString('hex')}`;
  const password = `pw${randomBytes(6).toString('hex')}9`;
  const { operator, otpauthUri } = await createOperator(s.deps.db, { name, password, roles, siteIds });
  const res = await s.call('/api/admin/auth/login', { name, password, totp: totpNow(otpauthUri) });
  if (res.code !== 0) throw new Error(`operator login failed: ${res.code} ${res.msg}`);
  return { operatorId: operator.operatorId, name, password, token: res.data.token, otpauthUri, headers: { authorization: `Bearer ${res.data.token}` } };
}

const supers = new WeakMap<object, Promise<SignedIn>>();

/** The test server's super admin, signed in once per server (again when a test's clock ended that session). */
export async function superAdmin(s: TestServer): Promise<SignedIn> {
  const cached = supers.get(s.deps);
  if (cached) {
    const admin = await cached;
    if ((await s.call('/api/admin/auth/me', {}, { headers: admin.headers })).code === 0) return admin;
  }
  const fresh = signInOperator(s, ['super']);
  supers.set(s.deps, fresh);
  return fresh;
}

/** Runs work with a super admin's headers. */
export async function asOperator<T>(s: TestServer, work: (headers: { authorization: string }) => Promise<T>): Promise<T> {
  return work((await superAdmin(s)).headers);
}

/** An operator call as the server's super admin. */
export async function operatorCall(s: TestServer, url: string, body: object = {}): Promise<Answer> {
  return s.call(url, body, { headers: (await superAdmin(s)).headers });
}

/** Operators who must be refused `permission`: one of every role lacking it, and one of another site (site 2 only, holding it through `role`), each with the code it is refused with. */
export async function refusedOperators(s: TestServer, permission: Permission, role: OperatorRole): Promise<Array<readonly [SignedIn, number]>> {
  const lacking = OPERATOR_ROLES.filter((r) => !ROLE_PERMISSIONS[r].includes(permission));
  if (lacking.length === 0) throw new Error(`every role holds ${permission}`);
  return [
    ...(await Promise.all(lacking.map((r) => signInOperator(s, [r])))).map((op) => [op, Errors.OPERATOR_FORBIDDEN.code] as const),
    [await signInOperator(s, [role], [2]), Errors.OPERATOR_SITE_FORBIDDEN.code] as const,
  ];
}

/** Each call made by each of `operators`: those not refused with 403 and the operator's code, as `url: status code` (empty when every one was). */
export async function unrefused(s: TestServer, operators: Array<readonly [SignedIn, number]>, calls: Array<[string, object]>): Promise<string[]> {
  const failures: string[] = [];
  for (const [url, body] of calls) {
    for (const [op, code] of operators) {
      const res = await s.call(url, body, { headers: op.headers });
      if (res.status !== 403 || res.code !== code) failures.push(`${url}: ${res.status} ${res.code}`);
    }
  }
  return failures;
}

/** An agent (applied, approved by an operator) and a member who registered with the agent's invite code. */
export async function agentWithMember(s: TestServer) {
  const agent = await s.member();
  const applied = await s.call('/api/member/agent/joinUs', { contact: 'telegram @agent' }, { token: agent.token });
  const decided = await s.call('/api/admin/agent/decide', { memberId: agent.memberId, approve: true }, { headers: (await superAdmin(s)).headers });
  if (applied.code !== 0 || decided.code !== 0) throw new Error(`agent not approved: ${applied.msg} ${decided.msg}`);
  const { inviteCode } = (await s.call('/api/member/agent/isAgent', {}, { token: agent.token })).data;
  const registered = await s.call('/api/member/register/v4', { name: `ag${randomBytes(4).toString('hex')}`, password: 'abc12345', i_code: inviteCode });
  if (registered.code !== 0) throw new Error(`invited member not registered: ${registered.msg}`);
  return { agent, member: { token: registered.data.token as string, memberId: registered.data.memberId as number } };
}

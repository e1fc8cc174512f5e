import type { MemberInfo, SessionData } from '@bp/contract';
import { call } from '../api/request.ts';
import { readCache } from '../api/cache.ts';
import { session } from './session.ts';

/** The member's info, kept with the session with its flags (seed 4 clears all of them together). */
export async function refreshMemberInfo(): Promise<MemberInfo> {
  const info = await call('/api/member/info', {});
  session.setUser(info);
  session.setFlags({ mustChangePassword: info.mustChangePassword === true, bindPhone: info.phoneBound === false });
  return info;
}

/**
 * Asks whether the member must change the password (seed 7: checkChangePassword), as the operator
 * may have asked for it since this device logged in; the flag then holds the member pages.
 */
export async function checkMustChangePassword(): Promise<boolean> {
  const { mustChange } = await call('/api/member/checkChangePassword', {}, { silent: true });
  session.setFlags({ mustChangePassword: mustChange });
  return mustChange;
}

/** A fresh session (login, registration, a password change): stored, then the member's info read. */
export async function beginSession(data: SessionData): Promise<MemberInfo> {
  session.start(data);
  return refreshMemberInfo();
}

/** Logs out: the server ends the session (best effort), the device forgets it either way. */
export async function logout(): Promise<void> {
  await call('/api/member/logout', {}, { silent: true }).catch(() => null);
  session.clear();
  readCache.clear();
}

/** Only site paths may be the target after login: no other origin, no protocol-relative tricks. */
export function safeReturnPath(fromPage: string | null | undefined, fallback = '/app/home'): string {
  if (!fromPage || !fromPage.startsWith('/') || fromPage.startsWith('//') || fromPage.startsWith('/login')) return fallback;
  return fromPage;
}

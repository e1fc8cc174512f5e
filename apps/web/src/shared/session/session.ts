import type { MemberInfo, SessionData } from '@bp/contract';
import { local } from '../storage/local.ts';

/**
 * The member's session on this device (seed 4): logged in means a stored token exists, and it
 * lives until the expiry the server gave (about 22:00 Shanghai time).
 */
const KEYS = {
  token: 'bp.token',
  memberId: 'bp.memberId',
  expireAt: 'bp.tokenExpireAt',
  user: 'bp.userInfo',
  mustChangePassword: 'bp.mustChangePassword',
  bindPhone: 'bp.bindPhone',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((fn) => fn());

export const session = {
  /** The live token, or '' when there is none or it has expired. */
  token(now: number = Date.now()): string {
    const token = local.get(KEYS.token) ?? '';
    const expireAt = Number(local.get(KEYS.expireAt) ?? 0);
    if (token && expireAt && now >= expireAt) {
      session.clear();
      return '';
    }
    return token;
  },
  isLoggedIn(now?: number): boolean {
    return session.token(now) !== '';
  },
  memberId(): number | null {
    const id = Number(local.get(KEYS.memberId));
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  start(data: SessionData): void {
    local.set(KEYS.token, data.token);
    local.set(KEYS.memberId, String(data.memberId));
    local.set(KEYS.expireAt, String(data.expireAt));
    emit();
  },
  user(): MemberInfo | null {
    return local.getJson<MemberInfo>(KEYS.user);
  },
  setUser(info: MemberInfo): void {
    local.setJson(KEYS.user, info);
    emit();
  },
  setFlags(flags: { mustChangePassword?: boolean; bindPhone?: boolean }): void {
    if (flags.mustChangePassword !== undefined) local.set(KEYS.mustChangePassword, flags.mustChangePassword ? '1' : '0');
    if (flags.bindPhone !== undefined) local.set(KEYS.bindPhone, flags.bindPhone ? '1' : '0');
    emit();
  },
  flags(): { mustChangePassword: boolean; bindPhone: boolean } {
    return { mustChangePassword: local.get(KEYS.mustChangePassword) === '1', bindPhone: local.get(KEYS.bindPhone) === '1' };
  },
  /** Session loss: user info, token, change-password flag and bind-phone flag all go (seed 4). */
  clear(): void {
    const had = local.get(KEYS.token) !== null;
    for (const key of Object.values(KEYS)) local.remove(key);
    if (had) emit();
  },
  subscribe(fn: Listener): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from './session.ts';
import { safeReturnPath } from './member-info.ts';

beforeEach(() => localStorage.clear());

describe('the session on this device', () => {
  it('[S4-01] logged in means a stored token exists', () => {
    expect(session.isLoggedIn()).toBe(false);
    session.start({ token: 'abc', memberId: 3, expireAt: Date.now() + 60_000 });
    expect(session.isLoggedIn()).toBe(true);
    expect(session.memberId()).toBe(3);
    session.clear();
    expect(session.isLoggedIn()).toBe(false);
  });

  it('[S4-02] the token is gone once its expiry (about 22:00 Shanghai time) has passed', () => {
    const expireAt = Date.UTC(2025, 7, 6, 14, 0); // 22:00 in Shanghai
    session.start({ token: 'abc', memberId: 3, expireAt });
    expect(session.token(expireAt - 1)).toBe('abc');
    expect(session.token(expireAt)).toBe('');
    expect(localStorage.getItem('bp.token')).toBeNull();
  });

  it('only returns to site paths after login', () => {
    expect(safeReturnPath('/app/member')).toBe('/app/member');
    expect(safeReturnPath('//evil.example/x')).toBe('/app/home');
    expect(safeReturnPath('https://evil.example')).toBe('/app/home');
    expect(safeReturnPath('/login?fromPage=x')).toBe('/app/home');
    expect(safeReturnPath(null)).toBe('/app/home');
  });
});

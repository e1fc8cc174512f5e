import { describe, expect, it } from 'vitest';
import { Errors, LOGIN_HASHED_PATH, LOGIN_PATH, LOGIN_V5_PATH } from '@bp/contract';
import { LINE_FAILURE_THRESHOLD, PER_INFO_PATH, TIMEOUTS, TIMING, credentialFreeFailureCode, isTokenBlanked, reactionTo, timeoutFor } from './policy.ts';

describe('the common path policy', () => {
  it('[S7-04] blanks the token for login, the banner list and perInfo', () => {
    for (const p of [LOGIN_PATH, LOGIN_V5_PATH, LOGIN_HASHED_PATH, '/api/site/banner/list', PER_INFO_PATH, '/api/site/perInfo/v1/get'])
      expect(isTokenBlanked(p), p).toBe(true);
    for (const p of ['/api/member/info', '/api/site/notice/list', '/api/member/logout', '/api/site/banner/listing']) expect(isTokenBlanked(p), p).toBe(false);
  });

  it('[S7-05] waits 5 s without credentials and 30 s with', () => {
    expect(TIMEOUTS).toEqual({ withoutCredentials: 5_000, withCredentials: 30_000 });
    expect(timeoutFor('')).toBe(5_000);
    expect(timeoutFor('token')).toBe(30_000);
  });

  it('[S9-10] keeps the seed constants of the path: toasts 1.5 s and 1 s, blockade lock 700 ms, retry 500 ms', () => {
    expect(TIMING).toEqual({ timeoutToastMs: 1_500, networkToastMs: 1_000, blockadeLockMs: 700, verifyRetryMs: 500 });
  });

  it('[S8-01] [S8-03] success, and 10402/10403 ignored by the generic handling', () => {
    expect(reactionTo(0, null, '/api/x').kind).toBe('success');
    expect(reactionTo(10402, null, '/api/x').kind).toBe('quiet');
    expect(reactionTo(10403, null, '/api/x').kind).toBe('quiet');
  });

  it('[S8-08] [S8-09] [S8-11] session loss, blockades and restriction by code', () => {
    for (const e of [Errors.AUTH_INVALID, Errors.LOGIN_ELSEWHERE, Errors.ACCOUNT_BLOCKED, Errors.PASSWORD_CHANGED])
      expect(reactionTo(e.code, null, '/api/x').kind).toBe('sessionLoss');
    for (const e of [Errors.IP_BLOCKED, Errors.DEVICE_BLOCKED]) expect(reactionTo(e.code, null, '/api/x').kind).toBe('blockade');
    expect(reactionTo(Errors.ACCESS_RESTRICTION.code, null, '/api/x').kind).toBe('restriction');
  });

  it('[S8-10] access caveat: maintenance status 0 to /maintenance, else /access-alert', () => {
    expect(reactionTo(Errors.ACCESS_CAVEAT.code, { maintenance: { status: 0 } }, '/api/x')).toEqual({ kind: 'caveat', to: '/maintenance' });
    expect(reactionTo(Errors.ACCESS_CAVEAT.code, { maintenance: { status: 1 } }, '/api/x')).toEqual({ kind: 'caveat', to: '/access-alert' });
    expect(reactionTo(Errors.ACCESS_CAVEAT.code, null, '/api/x')).toEqual({ kind: 'caveat', to: '/access-alert' });
  });

  it('[S8-12] system maintenance sends to /maintenance only from perInfo', () => {
    expect(reactionTo(Errors.SYSTEM_MAINTENANCE.code, null, PER_INFO_PATH).kind).toBe('maintenance');
    expect(reactionTo(Errors.SYSTEM_MAINTENANCE.code, null, '/api/member/info').kind).toBe('message');
  });

  it('[S8-04] [S8-06] [S8-07] [S8-17] high traffic, robot check, rate limits, blacklist, need-safe', () => {
    expect(reactionTo(Errors.HIGH_TRAFFIC.code, null, '/api/x').kind).toBe('message');
    expect(reactionTo(Errors.ROBOT_CHECK.code, null, '/api/x').kind).toBe('robotCheck');
    for (const e of [Errors.RATE_LIMIT_A, Errors.RATE_LIMIT_B, Errors.RATE_LIMIT_C, Errors.INTERFACE_DEGRADE])
      expect(reactionTo(e.code, null, '/api/x').kind).toBe('generic');
    expect(reactionTo(Errors.ACTIVE_BLACKLIST.code, null, '/api/x').kind).toBe('blacklist');
    expect(reactionTo(Errors.NEED_SAFE.code, null, '/api/x').kind).toBe('needSafe');
  });

  it('[S8-15] without credentials, failures read as line switching until the threshold, then network abnormal', () => {
    for (let n = 0; n < LINE_FAILURE_THRESHOLD; n++) expect(credentialFreeFailureCode(n)).toBe(1000022);
    expect(credentialFreeFailureCode(LINE_FAILURE_THRESHOLD)).toBe(1000023);
    expect(credentialFreeFailureCode(LINE_FAILURE_THRESHOLD + 5)).toBe(1000023);
  });
});

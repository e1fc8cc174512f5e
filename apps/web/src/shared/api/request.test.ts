// @vitest-environment happy-dom
import '../../shared/i18n/index.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD, DEV_CLIENT, Errors, Headers, LOGIN_PATH, SEALED_FIELD, signRequest } from '@bp/contract';
import { session } from '../session/session.ts';
import { ApiError, call as tableCall, newIdempotencyKey, resetRequestState, type CallOptions } from './request.ts';
import { apiEvents } from './events.ts';
import { apiSettings } from './transport.ts';
import { failure, fakeNetwork, ok, recordScreen } from './test-network.ts';

/** The common path under test, by any path and body: these tests' paths and answers are their own, not the route table's. */
const call = tableCall as unknown as (path: string, body: object, options?: CallOptions) => Promise<unknown>;
const SESSION = { token: 'tok-1', memberId: 7, expireAt: Date.now() + 3_600_000 };
const rejection = async (p: Promise<unknown>): Promise<ApiError> => {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
};

beforeEach(() => {
  localStorage.clear();
  resetRequestState();
  apiSettings.encrypt = true;
  apiSettings.siteId = null;
});
afterEach(() => vi.useRealTimers());

describe('the common request path: what it sends', () => {
  it('[S7-01] [S7-02] sends every header of the seed and a signature over exactly the body sent', async () => {
    apiSettings.siteId = '2';
    session.start(SESSION);
    localStorage.setItem('bp.agentToken', 'agent-9');
    const sent = fakeNetwork(() => ok({ fine: true }));
    recordScreen();
    await call('/api/member/info', { a: 1 });
    const { headers, rawBody, method, path } = sent[0];
    expect(headers).toMatchObject({
      [Headers.clientType]: 'h5',
      [Headers.siteId]: '2',
      [Headers.token]: 'Bearer tok-1',
      [Headers.agentToken]: 'agent-9',
      [Headers.version]: BUILD.version,
      [Headers.appKey]: DEV_CLIENT.appKey,
      [Headers.language]: 'zh-CN',
    });
    expect(headers[Headers.uuid]).toMatch(/^[0-9a-f]{32}$/);
    expect(headers[Headers.platform]).toMatch(/^(h5|pc)$/);
    expect(headers[Headers.nonce]).toMatch(/^[0-9a-f]{32}$/);
    expect(Math.abs(Number(headers[Headers.timestamp]) - Date.now())).toBeLessThan(5_000);
    expect(headers[Headers.signature]).toBe(signRequest(DEV_CLIENT.secret, method, path, headers[Headers.timestamp], headers[Headers.nonce], rawBody));
  });

  it('[S7-03] seals the POST body into xx under the timestamp, and opens a sealed answer', async () => {
    const sent = fakeNetwork(() => ({ ...ok({ secret: '答案' }), seal: true }));
    recordScreen();
    expect(await call('/api/site/notice/list', { category: 1 })).toEqual({ secret: '答案' });
    const raw = JSON.parse(sent[0].rawBody);
    expect(Object.keys(raw)).toEqual([SEALED_FIELD]);
    expect(sent[0].body).toEqual({ category: 1 });
    apiSettings.encrypt = false;
    await call('/api/site/notice/list', { category: 2 });
    expect(JSON.parse(sent[1].rawBody)).toEqual({ category: 2 });
  });

  it('[S7-04] blanks the token for login, the banner list and perInfo', async () => {
    session.start(SESSION);
    const sent = fakeNetwork(() => ok(null));
    recordScreen();
    for (const p of [LOGIN_PATH, '/api/site/banner/list', '/api/site/group/site/perInfo']) await call(p, {});
    await call('/api/member/info', {});
    expect(sent.map((r) => r.headers[Headers.token] ?? '')).toEqual(['', '', '', 'Bearer tok-1']);
  });

  it('[S7-05] gives up after 5 s without credentials and after 30 s with them', async () => {
    vi.useFakeTimers();
    fakeNetwork(() => 'hang');
    const log = recordScreen();
    const visitor = rejection(call('/api/site/notice/list', {}));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(log.toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect((await visitor).code).toBe(Errors.TIMEOUT.code);
    session.start({ ...SESSION, expireAt: Date.now() + 3_600_000 });
    const member = rejection(call('/api/member/info', {}));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(log.toasts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await member).code).toBe(Errors.TIMEOUT.code);
  });

  it('[S7-06] keeps cached reads by params and token', async () => {
    const sent = fakeNetwork((req) => ok({ n: sent.length, body: req.body }));
    recordScreen();
    const first = await call('/api/site/navigation/list', { a: 1, b: 2 }, { cacheMs: 60_000 });
    expect(await call('/api/site/navigation/list', { b: 2, a: 1 }, { cacheMs: 60_000 })).toEqual(first);
    expect(sent).toHaveLength(1);
    await call('/api/site/navigation/list', { a: 2 }, { cacheMs: 60_000 });
    expect(sent).toHaveLength(2);
    session.start(SESSION);
    await call('/api/site/navigation/list', { a: 1, b: 2 }, { cacheMs: 60_000 });
    expect(sent).toHaveLength(3);
    await call('/api/site/navigation/list', { a: 1, b: 2 });
    expect(sent).toHaveLength(4);
  });
});

describe('the common request path: how it reacts (seed 8)', () => {
  it('[S7-08] [S8-01] resolves the data of code 0', async () => {
    fakeNetwork(() => ok({ list: [1, 2] }));
    recordScreen();
    expect(await call('/api/x', {})).toEqual({ list: [1, 2] });
  });

  it('[S8-03] ignores 10402 and 10403 in the generic handling', async () => {
    fakeNetwork((req) => (req.path === '/api/a' ? failure(10402, '数据不存在') : failure(10403, '无权操作该数据')));
    const log = recordScreen();
    expect((await rejection(call('/api/a', {}))).code).toBe(10402);
    expect((await rejection(call('/api/b', {}))).code).toBe(10403);
    expect(log).toMatchObject({ toasts: [], alerts: [], navigations: [] });
  });

  it('[S8-04] [S8-07] says the high-traffic message, and the generic one for rate limits and degrade', async () => {
    const codes = [Errors.HIGH_TRAFFIC, Errors.RATE_LIMIT_A, Errors.RATE_LIMIT_B, Errors.RATE_LIMIT_C, Errors.INTERFACE_DEGRADE];
    let i = 0;
    fakeNetwork(() => failure(codes[i].code, codes[i++].msg, null, 200));
    const log = recordScreen();
    for (const _ of codes) await rejection(call('/api/x', {}));
    expect(log.toasts.map(([t]) => t)).toEqual([Errors.HIGH_TRAFFIC.msg, ...Array(4).fill(Errors.INTERNAL.msg)]);
  });

  it('[S8-05] [S4-04] [S8-08] HTTP 401: a logout event; session loss clears everything, alerts the server message, goes to /login', async () => {
    session.start(SESSION);
    session.setUser({ memberId: 7, name: 'demo' } as never);
    session.setFlags({ mustChangePassword: true, bindPhone: true });
    fakeNetwork(() => failure(Errors.LOGIN_ELSEWHERE.code, Errors.LOGIN_ELSEWHERE.msg, null, 401));
    const log = recordScreen({ path: '/app/member' });
    let logouts = 0;
    const off = apiEvents.on('logout', () => logouts++);
    await Promise.all([rejection(call('/api/member/info', {})), rejection(call('/api/member/info', {}))]);
    off();
    expect(logouts).toBe(2);
    expect(session.token()).toBe('');
    expect(session.user()).toBeNull();
    expect(session.flags()).toEqual({ mustChangePassword: false, bindPhone: false });
    expect(log.alerts).toEqual([{ title: '温馨提示', content: Errors.LOGIN_ELSEWHERE.msg }]);
    expect(log.navigations).toEqual([['/login?fromPage=%2Fapp%2Fmember', undefined]]);
  });

  it('[S4-03] a member call without a session meets the login reminder', async () => {
    fakeNetwork(() => failure(Errors.AUTH_INVALID.code, Errors.AUTH_INVALID.msg, null, 401));
    const log = recordScreen();
    await rejection(call('/api/member/info', {}));
    expect(log.reminders).toBe(1);
    expect(log.alerts).toEqual([]);
  });

  it('[S8-09] handles IP and device blockades one at a time, 700 ms apart', async () => {
    fakeNetwork(() => failure(Errors.IP_BLOCKED.code, Errors.IP_BLOCKED.msg));
    const log = recordScreen();
    await Promise.all([rejection(call('/api/a', {})), rejection(call('/api/b', {})), rejection(call('/api/c', {}))]);
    expect(log.alerts).toHaveLength(1);
    expect(log.navigations.map(([p]) => p)).toEqual(['/login?fromPage=%2Fapp%2Fhome']);
    await new Promise((r) => setTimeout(r, 720));
    await rejection(call('/api/d', {}));
    expect(log.alerts).toHaveLength(2);
  });

  it('[S8-10] [S2-07] [S2-08] access caveat: maintenance status 0 to /maintenance, else /access-alert with the data', async () => {
    const down = { maintenance: { status: 0, startAt: null, endAt: null, message: '升级中' }, ip: '1.2.3.4', country: 'CN', reason: '升级中' };
    const caution = { ...down, maintenance: { ...down.maintenance, status: 1 }, reason: '受限地区' };
    fakeNetwork((req) => failure(Errors.ACCESS_CAVEAT.code, '提示', req.path === '/api/a' ? down : caution));
    const log = recordScreen();
    await rejection(call('/api/a', {}));
    await rejection(call('/api/b', {}));
    expect(log.navigations).toEqual([
      ['/maintenance', down],
      ['/access-alert', caution],
    ]);
  });

  it('[S8-11] [S2-09] access restriction: session cleared, /access-restriction with the code', async () => {
    session.start(SESSION);
    const data = { restrictionCode: 'R-4031', ip: '1.2.3.4', country: 'US' };
    fakeNetwork(() => failure(Errors.ACCESS_RESTRICTION.code, '访问受限', data));
    const log = recordScreen();
    await rejection(call('/api/member/info', {}));
    expect(session.isLoggedIn()).toBe(false);
    expect(log.navigations).toEqual([['/access-restriction', data]]);
  });

  it('[S2-10] [S6-04] never redirects away from /cs', async () => {
    fakeNetwork((req) =>
      req.path.endsWith('perInfo')
        ? failure(Errors.SYSTEM_MAINTENANCE.code, '维护', {})
        : failure(Errors.ACCESS_CAVEAT.code, '维护', { maintenance: { status: 0 } }),
    );
    const log = recordScreen({ path: '/cs' });
    await rejection(call('/api/site/group/site/perInfo', {}));
    await rejection(call('/api/site/notice/list', {}));
    expect(log.navigations).toEqual([]);
  });

  it('[S8-12] system maintenance on perInfo goes to /maintenance', async () => {
    fakeNetwork(() => failure(Errors.SYSTEM_MAINTENANCE.code, '系统维护中', { maintenance: { status: 0 } }));
    const log = recordScreen();
    await rejection(call('/api/site/group/site/perInfo', {}));
    expect(log.navigations.map(([p]) => p)).toEqual(['/maintenance']);
  });

  it('[S8-13] a time-out toasts "network timed out, please try" for 1.5 s and fails with the time-out code', async () => {
    vi.useFakeTimers();
    fakeNetwork(() => 'hang');
    const log = recordScreen();
    const pending = rejection(call('/api/x', {}));
    await vi.advanceTimersByTimeAsync(5_000);
    const err = await pending;
    expect([err.code, err.message]).toEqual([Errors.TIMEOUT.code, '请求超时']);
    expect(log.toasts).toEqual([['网络超时，请重试', 1_500]]);
  });

  it('[S8-14] a network failure toasts "network exception" and the HTTP status for 1 s', async () => {
    session.start(SESSION);
    fakeNetwork(() => ({ status: 502, body: '<html>Bad Gateway</html>' }));
    const log = recordScreen();
    const err = await rejection(call('/api/member/info', {}));
    expect(log.toasts).toEqual([['网络异常 502', 1_000]]);
    expect([err.code, err.message]).toEqual([Errors.NETWORK_ABNORMAL.code, '网络异常']);
  });

  it('[S8-15] without credentials, 1000022 until the failure count reaches the threshold, then 1000023; a success resets it', async () => {
    let down = true;
    fakeNetwork(() => (down ? 'fail' : ok(null)));
    recordScreen();
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await rejection(call('/api/x', {}))).code);
    expect(codes).toEqual([1000022, 1000022, 1000022, 1000023]);
    down = false;
    await call('/api/x', {});
    down = true;
    expect((await rejection(call('/api/x', {}))).code).toBe(1000022);
  });

  it('[S8-16] an answer that is not an object is a network abnormality', async () => {
    session.start(SESSION);
    fakeNetwork((req) => ({ body: req.path === '/api/a' ? '"just text"' : '[1,2]' }));
    recordScreen();
    expect((await rejection(call('/api/a', {}))).code).toBe(Errors.NETWORK_ABNORMAL.code);
    expect((await rejection(call('/api/b', {}))).code).toBe(Errors.NETWORK_ABNORMAL.code);
  });

  it('[S8-17] [S2-05] active blacklist: the WarmTips alert, then /app/home', async () => {
    fakeNetwork(() => failure(Errors.ACTIVE_BLACKLIST.code, Errors.ACTIVE_BLACKLIST.msg));
    const log = recordScreen({ path: '/app/member' });
    await rejection(call('/api/x', {}));
    await Promise.resolve();
    expect(log.alerts).toEqual([{ title: '温馨提示', content: Errors.ACTIVE_BLACKLIST.msg }]);
    expect(log.navigations.map(([p]) => p)).toEqual(['/app/home']);
  });

  it('[S8-06] robot check: to the verification page, the call fails with the generic error', async () => {
    fakeNetwork(() => failure(Errors.ROBOT_CHECK.code, Errors.ROBOT_CHECK.msg));
    const log = recordScreen({ path: '/app/home' });
    const err = await rejection(call('/api/x', {}));
    expect([err.code, err.message]).toEqual([Errors.INTERNAL.code, Errors.INTERNAL.msg]);
    expect(log.navigations).toEqual([['/verify', { from: '/app/home' }]]);
  });
});

describe('security verification (seed 4)', () => {
  const need = { verifyType: 'slider', scene: 'changePassword' };

  it('[S4-05] [S4-07] opens the dialog, waits, and sends the call again 500 ms later with the ticket merged in', async () => {
    const sent = fakeNetwork((req) => (req.body?.verifyTicket === 'T-1' ? ok({ done: true }) : failure(Errors.NEED_SAFE.code, '请完成安全验证', need)));
    const log = recordScreen({ ticket: 'T-1' });
    expect(await call('/api/member/changePassword', { oldPassword: 'a', password: 'b' })).toEqual({ done: true });
    expect(log.verifications).toEqual([need]);
    expect(sent).toHaveLength(2);
    expect(sent[1].body).toEqual({ oldPassword: 'a', password: 'b', verifyTicket: 'T-1' });
    expect(sent[1].at - sent[0].at).toBeGreaterThanOrEqual(500);
    expect(log.toasts).toEqual([]);
  });

  it("keeps a money call's Idempotency-Key when the verified call goes again", async () => {
    const sent = fakeNetwork((req) => (req.body?.verifyTicket ? ok({ orderId: 1 }) : failure(Errors.NEED_SAFE.code, '请完成安全验证', need)));
    recordScreen({ ticket: 'T-2' });
    const key = newIdempotencyKey();
    await call('/api/wallet/withdraw/new', { amount: 100 }, { idempotencyKey: key });
    expect(sent.map((r) => r.headers[Headers.idempotencyKey])).toEqual([key, key]);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('[S4-06] an empty result cancels the call with "request closed"', async () => {
    const sent = fakeNetwork(() => failure(Errors.NEED_SAFE.code, '请完成安全验证', need));
    recordScreen({ ticket: null });
    const err = await rejection(call('/api/member/changePassword', {}));
    expect([err.code, err.message]).toEqual([Errors.REQUEST_CLOSED.code, '请求已关闭']);
    expect(sent).toHaveLength(1);
  });
});

import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Errors, LOGIN_PATH, channel, type Frame } from '@bp/contract';
import { shiftToMorning, startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { nextTokenExpiry } from './sessions.ts';
import { openSocket, type TestSocket } from '../../platform/realtime/testing.ts';
import { blockMember, endSessions } from './index.ts';
import { solveSlider } from './testing.ts';

/**
 * A member's WebSocket lives no longer than its session: every way a session ends tells the
 * socket why and closes it. `told` is told by the bus at once (its server re-checks its sockets
 * only every 30 s); `judged` re-checks every 200 ms, for what ends a session without a word.
 */
let told: TestServer;
let judged: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  [told, judged] = await Promise.all([startTestServer(), startTestServer({ socketRecheckMs: 200 })]);
  await Promise.all([told, judged].map((s) => s.app.listen({ port: 0, host: '127.0.0.1' })));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all([told?.close(), judged?.close()]);
});
afterEach(() => clock.reset());

/** A member's socket, subscribed to its own channel. */
async function memberSocket(s: TestServer, token: string, memberId: number): Promise<TestSocket> {
  const socket = await openSocket(`ws://127.0.0.1:${(s.app.server.address() as AddressInfo).port}/ws?token=${encodeURIComponent(token)}`);
  sockets.push(socket);
  socket.send({ type: 'sub', ch: channel.user(memberId) });
  expect((await socket.next((f) => f.ch === channel.user(memberId))).type).toBe('sub.ok');
  return socket;
}

const ended = (f: Frame): f is Frame<'session.ended'> => f.type === 'session.ended';

/** The socket is told `code` (and `msg`), then closed; nothing published after reaches it. */
async function expectEnded(s: TestServer, socket: TestSocket, memberId: number, code: number, msg: string | RegExp) {
  const frame = await socket.next(ended);
  expect(frame.data).toEqual({ code, msg: typeof msg === 'string' ? msg : expect.stringMatching(msg) });
  expect(await Promise.race([socket.closed, sleep(3_000).then(() => 'still open')])).toBe(4401);
  await s.deps.bus.publish(channel.user(memberId), 'system.notice', { text: 'after the end' });
  expect(socket.frames.filter((f) => f.type === 'system.notice')).toEqual([]);
}

/** The socket is open and hears its member's channel, and was never told of an end. */
async function expectHears(s: TestServer, socket: TestSocket, memberId: number) {
  await s.deps.bus.publish(channel.user(memberId), 'system.notice', { text: 'for this session' });
  await socket.next((f) => f.type === 'system.notice');
  expect(socket.frames.some(ended)).toBe(false);
}

describe('a session that ends closes its sockets', () => {
  it("[S4-04] a password change tells the old session's socket and closes it; the new session's socket hears the member", async () => {
    const m = await told.member();
    const socket = await memberSocket(told, m.token, m.memberId);
    const changed = await told.call(
      '/api/member/changePassword',
      { verifyTicket: await solveSlider(told, 'changePassword'), oldPassword: m.password, password: 'fresh1234' },
      { token: m.token },
    );
    expect(changed.code).toBe(0);
    await expectEnded(told, socket, m.memberId, Errors.PASSWORD_CHANGED.code, Errors.PASSWORD_CHANGED.msg);

    await expectHears(told, await memberSocket(told, changed.data.token, m.memberId), m.memberId);
  });

  it('a password changed on the way in (login with oldPassword) closes the sockets of the old sessions', async () => {
    const m = await told.member();
    const socket = await memberSocket(told, m.token, m.memberId);
    const login = await told.call(LOGIN_PATH, {
      name: m.name,
      oldPassword: m.password,
      password: 'fresh1234',
      verifyTicket: await solveSlider(told, 'changePassword'),
    });
    expect(login.code).toBe(0);
    await expectEnded(told, socket, m.memberId, Errors.PASSWORD_CHANGED.code, Errors.PASSWORD_CHANGED.msg);
  });

  it("logout tells the session's socket and closes it", async () => {
    const m = await told.member();
    const socket = await memberSocket(told, m.token, m.memberId);
    expect((await told.call('/api/member/logout', {}, { token: m.token })).code).toBe(0);
    await expectEnded(told, socket, m.memberId, Errors.AUTH_INVALID.code, Errors.AUTH_INVALID.msg);
  });

  it("[S4-04] a login elsewhere closes the earlier session's socket; word of it arriving late leaves the new session's socket be", async () => {
    const m = await told.member();
    const earlier = await memberSocket(told, m.token, m.memberId);
    const words: Array<Frame<'session.ended'>> = [];
    const stop = told.deps.bus.onFrame((f) => f.ch === channel.user(m.memberId) && ended(f) && words.push(f));
    const again = await told.call(LOGIN_PATH, { name: m.name, password: m.password });
    await expectEnded(told, earlier, m.memberId, Errors.LOGIN_ELSEWHERE.code, Errors.LOGIN_ELSEWHERE.msg);
    stop();
    const later = await memberSocket(told, again.data.token, m.memberId);
    // The same word again, as another instance might pass it on late: it names the earlier session alone.
    expect(words).toHaveLength(1);
    await told.deps.bus.publish(words[0].ch, 'session.ended', words[0].data);
    await expectHears(told, later, m.memberId);
  });

  it('[S8-09] an account blockade tells every socket of the member and closes them', async () => {
    const m = await told.member();
    const socket = await memberSocket(told, m.token, m.memberId);
    await blockMember(told.deps.db, told.deps.bus, m.memberId);
    await expectEnded(told, socket, m.memberId, Errors.ACCOUNT_BLOCKED.code, Errors.ACCOUNT_BLOCKED.msg);
  });

  it('a session ended without a word on the bus is caught before the socket subscribes again', async () => {
    const m = await told.member();
    const socket = await memberSocket(told, m.token, m.memberId);
    await endSessions(told.deps.db, m.memberId, 'password_changed');
    clock.shift(2_000); // past the moment the gateway last judged this session
    socket.send({ type: 'sub', ch: channel.match(7) });
    await expectEnded(told, socket, m.memberId, Errors.PASSWORD_CHANGED.code, Errors.PASSWORD_CHANGED.msg);
    expect(socket.frames.some((f) => f.type === 'sub.ok' && f.ch === channel.match(7))).toBe(false);
  });
});

describe('a session that lapses closes its sockets', () => {
  it("idle longer than the member's logout preference: the session ends and its socket is closed", async () => {
    shiftToMorning();
    const m = await judged.member();
    expect((await judged.call('/api/member/logoutSetup', { idleMinutes: 15 }, { token: m.token })).code).toBe(0);
    const socket = await memberSocket(judged, m.token, m.memberId);
    clock.shift(16 * 60_000);
    await expectEnded(judged, socket, m.memberId, Errors.AUTH_INVALID.code, /长时间未操作/);
    const call = await judged.call('/api/member/info', {}, { token: m.token });
    expect(call).toMatchObject({ code: Errors.AUTH_INVALID.code, msg: expect.stringContaining('长时间未操作') });
  });

  it('[S4-04] at 22:00 Shanghai time the session expires and its socket is closed', async () => {
    const m = await judged.member();
    const socket = await memberSocket(judged, m.token, m.memberId);
    clock.shift(nextTokenExpiry(clock.now()) - clock.now() + 1_000);
    await expectEnded(judged, socket, m.memberId, Errors.AUTH_INVALID.code, Errors.AUTH_INVALID.msg);
  });
});

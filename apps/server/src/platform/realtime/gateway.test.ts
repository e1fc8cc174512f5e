import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, channel, type Frame } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { WebSocket } from 'ws';
import { openSocket, type TestSocket } from './testing.ts';

let s: TestServer;
let base: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(s.app.server.address() as AddressInfo).port}/ws`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await s.close();
});

const connect = async (token?: string) => {
  const socket = await openSocket(token ? `${base}?token=${encodeURIComponent(token)}` : base);
  sockets.push(socket);
  return socket;
};
const answerTo = (ch: string) => (f: Frame) => f.ch === ch && (f.type === 'sub.ok' || f.type === 'sub.denied');
const subscribe = async (socket: TestSocket, ch: string) => {
  socket.send({ type: 'sub', ch });
  return socket.next(answerTo(ch));
};
const notice = (text: string) => (f: Frame) => f.type === 'system.notice' && f.data.text === text;

describe('WebSocket gateway /ws', () => {
  it('delivers a published frame to subscribers of its channel only', async () => {
    const fan = await connect();
    const other = await connect();
    expect((await subscribe(fan, channel.match(101))).type).toBe('sub.ok');
    expect((await subscribe(other, channel.match(202))).type).toBe('sub.ok');

    await s.deps.bus.publish(channel.match(101), 'system.notice', { text: 'goal 101' });
    await s.deps.bus.publish(channel.match(202), 'system.notice', { text: 'goal 202' });
    expect(await fan.next(notice('goal 101'))).toEqual({ ch: 'match:101', type: 'system.notice', data: { text: 'goal 101' } });
    // Frames arrive in order: once 'goal 202' is in, 'goal 101' would have been too.
    await other.next(notice('goal 202'));
    expect(other.frames.some(notice('goal 101'))).toBe(false);
  });

  it('stops delivering a channel after unsub', async () => {
    const socket = await connect();
    await subscribe(socket, channel.chat('room7'));
    await subscribe(socket, channel.match(303));
    socket.send({ type: 'unsub', ch: channel.chat('room7') });
    // The gateway handles a socket's frames in order: a ping after the unsub answers once it applied.
    socket.send({ type: 'ping' });
    await socket.next((f) => f.type === ('pong' as never));
    await s.deps.bus.publish(channel.chat('room7'), 'system.notice', { text: 'after unsub' });
    await s.deps.bus.publish(channel.match(303), 'system.notice', { text: 'sentinel' });
    await socket.next(notice('sentinel'));
    expect(socket.frames.some(notice('after unsub'))).toBe(false);
  });

  it('opens user:<id> to that member alone, never to others or visitors', async () => {
    const alice = await s.member();
    const bob = await s.member();
    const own = await connect(alice.token);
    const intruder = await connect(bob.token);
    const visitor = await connect();
    const mine = channel.user(alice.memberId);

    expect((await subscribe(own, mine)).type).toBe('sub.ok');
    for (const socket of [intruder, visitor]) {
      const denied = await subscribe(socket, mine);
      expect(denied).toEqual({ ch: mine, type: 'sub.denied', data: { ch: mine, code: Errors.FORBIDDEN.code, msg: Errors.FORBIDDEN.msg } });
    }
    expect((await subscribe(intruder, channel.user(bob.memberId))).type).toBe('sub.ok');
    expect((await subscribe(visitor, channel.match(404))).type).toBe('sub.ok');
    await s.deps.bus.publish(mine, 'system.notice', { text: 'for alice' });
    await own.next(notice('for alice'));
    // Sentinels published after: once they arrive, a leaked frame would have arrived before them.
    await s.deps.bus.publish(channel.user(bob.memberId), 'system.notice', { text: 'sentinel' });
    await s.deps.bus.publish(channel.match(404), 'system.notice', { text: 'sentinel' });
    await intruder.next(notice('sentinel'));
    await visitor.next(notice('sentinel'));
    expect(intruder.frames.some(notice('for alice'))).toBe(false);
    expect(visitor.frames.some(notice('for alice'))).toBe(false);
  });

  it("tells a member's socket at once when the session ends by a login elsewhere", async () => {
    const m = await s.member();
    const socket = await connect(m.token);
    await subscribe(socket, channel.user(m.memberId));
    const again = await s.call('/api/member/login/v3', { name: m.name, password: m.password });
    expect(again.code).toBe(0);
    const ended = await socket.next((f) => f.type === 'session.ended');
    expect(ended.data).toEqual({ code: Errors.LOGIN_ELSEWHERE.code, msg: Errors.LOGIN_ELSEWHERE.msg });
  });

  it('keeps the frames a member sends while its token is still being checked', async () => {
    const m = await s.member();
    const ws = new WebSocket(`${base}?token=${encodeURIComponent(m.token)}`);
    const answers: Frame[] = [];
    const channels = [channel.user(m.memberId), channel.match(1), channel.match(2), channel.chat(3)];
    // Sent the instant the socket opens, before the server has looked the token up.
    ws.on('open', () => channels.forEach((ch) => ws.send(JSON.stringify({ type: 'sub', ch }))));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`answers: ${JSON.stringify(answers)}`)), 3_000);
      ws.on('message', (raw: Buffer) => {
        answers.push(JSON.parse(raw.toString()));
        if (answers.length === channels.length) resolve(clearTimeout(timer));
      });
    });
    ws.close();
    expect(answers.map((a) => [a.ch, a.type])).toEqual(channels.map((ch) => [ch, 'sub.ok']));
  });

  it('closes a socket whose token is bad, after telling it why', async () => {
    const socket = await connect('not-a-real-token');
    const ended = await socket.next((f) => f.type === 'session.ended');
    expect(ended.data).toEqual({ code: Errors.AUTH_INVALID.code, msg: Errors.AUTH_INVALID.msg });
    expect(await socket.closed).toBe(4401);
  });

  it('[S4-04] tells a socket of an ended session why it ended, with the code and message a call gets', async () => {
    const m = await s.member();
    await s.call('/api/member/login/v3', { name: m.name, password: m.password });
    const socket = await connect(m.token);
    const ended = await socket.next((f) => f.type === 'session.ended');
    expect(ended.data).toEqual({ code: Errors.LOGIN_ELSEWHERE.code, msg: Errors.LOGIN_ELSEWHERE.msg });
    expect(await socket.closed).toBe(4401);
  });

  it('refuses channels outside the known kinds', async () => {
    const socket = await connect();
    for (const ch of ['admin:1', 'match:', 'match:a b', 'chat:' + 'x'.repeat(65)]) {
      expect(await subscribe(socket, ch), ch).toMatchObject({ type: 'sub.denied', data: { code: Errors.VALIDATION.code } });
    }
  });
});

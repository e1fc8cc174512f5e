import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { channel, type Frame } from '@bp/contract';
import { startTestServer, type TestServer } from '../apps/server/src/test/harness.ts';
import { session } from '../apps/web/src/shared/session/session.ts';
import { MemoryStorage } from '../apps/web/src/shared/api/test-network.ts';
import { createChannelSocket, type ChannelSocket } from '../apps/web/src/shared/realtime/channel-socket.ts';
import { onMemberFrame, startMemberSocket } from '../apps/web/src/shared/realtime/member-socket.ts';
import { EMPTY_LOG, addMessages } from '../apps/web/src/features/live/model/chat-log.ts';
import { burst, demoRoom, expectBurstReceived, follow, memberAt } from '../apps/server/src/modules/live/testing.ts';

/** The site's socket client against the real gateway (`ws` stands in for the browser's WebSocket). */
let s: TestServer;
let host: string;
let url: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  url = `ws://${host}/ws`;
});
afterAll(() => s?.close());

const until = async (what: string, probe: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const said = (text: string) => (f: Frame) => f.type === 'system.notice' && f.data.text === text;
const collector = () => {
  const frames: Frame[] = [];
  let resumed = 0;
  return { frames, resumed: () => resumed, listener: { onFrame: (f: Frame) => void frames.push(f), onResume: () => void resumed++ } };
};
const open = (): ChannelSocket => createChannelSocket({ url: () => url, WebSocket: NodeWebSocket as unknown as typeof WebSocket, lingerMs: 50 });
/** The gateway answers frames in order: once a sentinel arrives, an earlier frame would have too. */
const publish = (ch: string, text: string) => s.deps.bus.publish(ch, 'system.notice', { text });
const dropEveryClient = () => s.app.websocketServer.clients.forEach((client) => client.terminate());
const noClients = () => until('every socket closed', () => s.app.websocketServer.clients.size === 0);

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe('public channels on one socket', () => {
  it('delivers a channel to each of its listeners, and stops once they leave', async () => {
    const socket = open();
    const [a, b, c] = [collector(), collector(), collector()];
    const stopA = socket.subscribe(channel.match(11), a.listener);
    const stopB = socket.subscribe(channel.match(11), b.listener);
    const stopC = socket.subscribe(channel.match(12), c.listener);
    await until('the socket', () => socket.connected());
    // Subscriptions are sent on open; a frame published once they apply reaches everyone.
    await until('both subscriptions', () => {
      void publish(channel.match(11), 'probe');
      void publish(channel.match(12), 'probe');
      return a.frames.length > 0 && c.frames.length > 0;
    });
    await publish(channel.match(11), 'goal');
    await until('the goal', () => a.frames.some(said('goal')));
    await until('the goal for b', () => b.frames.some(said('goal')));
    expect(c.frames.every((f) => f.ch === channel.match(12))).toBe(true);
    expect(a.frames.find(said('goal'))).toMatchObject({ ch: 'match:11', type: 'system.notice', data: { text: 'goal' } });

    stopA();
    await publish(channel.match(11), 'after a left');
    await until('b still hears', () => b.frames.some(said('after a left')));
    expect(a.frames.some(said('after a left'))).toBe(false);
    expect(socket.channels().sort()).toEqual(['match:11', 'match:12']);
    stopB();
    stopC();
    expect(socket.channels()).toEqual([]);
    await until('the socket to close after its linger', () => !socket.connected());
  });

  it('comes back after a drop, subscribes again and tells its listeners to read what they missed', async () => {
    const socket = open();
    const fan = collector();
    const stop = socket.subscribe(channel.match(21), fan.listener);
    await until('the socket', () => socket.connected());
    dropEveryClient();
    await until('the resume', () => fan.resumed() === 1, 8_000);
    await until('frames again', () => {
      void publish(channel.match(21), 'after the drop');
      return fan.frames.some(said('after the drop'));
    });
    stop();
    await noClients();
  });

  it('waits twice as long after each failed connect, up to its ceiling, and stops trying once closed', async () => {
    const port = await closedPort();
    const attempts: number[] = [];
    class Counted extends NodeWebSocket {
      constructor(address: string) {
        super(address);
        attempts.push(Date.now());
      }
    }
    const socket = createChannelSocket({
      url: () => `ws://127.0.0.1:${port}/ws`,
      WebSocket: Counted as unknown as typeof WebSocket,
      retryMinMs: 100,
      retryMaxMs: 300,
    });
    socket.subscribe(channel.match(31), collector().listener);
    await until('six tries', () => attempts.length >= 6, 10_000);
    socket.close();
    const gaps = attempts.slice(1, 6).map((at, i) => at - attempts[i]);
    // 100, 200, then the ceiling: 300, 300, 300 (doubling on would make 400, 800, 1600).
    [100, 200, 300, 300, 300].forEach((least, i) => expect(gaps[i], `gap ${i}`).toBeGreaterThanOrEqual(least - 5));
    expect(Math.max(gaps[3], gaps[4])).toBeLessThan(700);
    const tried = attempts.length;
    await sleep(700);
    expect(attempts.length).toBe(tried);
  });
});

describe("the member's channel", () => {
  it('comes back after a drop with its token and its subscription, and closes for good on logout', async () => {
    Object.assign(globalThis, { localStorage: new MemoryStorage(), location: { protocol: 'http:', host }, WebSocket: NodeWebSocket });
    const m = await s.member();
    session.start({ token: m.token, memberId: m.memberId, expireAt: Date.now() + 3_600_000 });
    const heard: string[] = [];
    const stopHearing = onMemberFrame('wallet.balance', (e) => void heard.push(e.reason));
    const stop = startMemberSocket();
    // Frames of the member's channel reach only a socket of that member's session: hearing them proves the token went along.
    const hears = (reason: string) =>
      until(
        `the member to hear ${reason}`,
        () => {
          void s.deps.bus.publish(channel.user(m.memberId), 'wallet.balance', { main: 1, reason });
          return heard.includes(reason);
        },
        8_000,
      );
    await hears('before the drop');
    dropEveryClient();
    await hears('after the drop');

    session.clear();
    await noClients();
    await sleep(2_500); // longer than the first reconnect's delay
    expect(s.app.websocketServer.clients.size).toBe(0);
    stop();
    stopHearing();
  });
});

describe('a busy chat room', () => {
  it('reaches the listeners as its messages one by one (the server batched them), and the room’s log holds each once in order', async () => {
    const room = (await demoRoom(s, '糖糖')).chatRoomNo;
    const wire = await follow(s, room);
    const socket = open();
    const got = collector();
    let subscribed = false;
    const stop = socket.subscribe(channel.chat(room), { ...got.listener, onSubscribed: () => void (subscribed = true) });
    await until('the room', () => subscribed);
    const members = await Promise.all(Array.from({ length: 4 }, () => memberAt(s)));
    const sent = await burst([s], room, members, 5);
    await expectBurstReceived(wire, sent);
    await until('every message', () => got.frames.filter((f) => f.type === 'chat.message').length >= sent.length);
    expect(got.frames.every((f) => f.type !== 'batch')).toBe(true);
    const log = got.frames.reduce((l, f) => (f.type === 'chat.message' ? addMessages(l, [f.data]) : l), EMPTY_LOG);
    expect(log.messages.map((m) => m.id)).toEqual([...sent].sort((x, y) => x.seq - y.seq).map((m) => m.id));
    expect(log.lastSeq).toBe(Math.max(...sent.map((m) => m.seq)));
    stop();
    wire.close();
  });
});

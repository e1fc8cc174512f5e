import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { channel, type Frame } from '@bp/contract';
import { startTestServer, type TestServer } from '../../../../server/src/test/harness.ts';
import { createChannelSocket, type ChannelSocket } from './channel-socket.ts';

/** The page's public channels against the real gateway (`ws` stands in for the browser's WebSocket). */
let s: TestServer;
let url: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(s.app.server.address() as AddressInfo).port}/ws`;
});
afterAll(() => s?.close());

const until = async (what: string, probe: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const notice = (text: string) => ({ type: 'system.notice', data: { text } });
const collector = () => {
  const frames: Frame[] = [];
  let resumed = 0;
  return { frames, resumed: () => resumed, listener: { onFrame: (f: Frame) => void frames.push(f), onResume: () => void resumed++ } };
};
const open = (): ChannelSocket => createChannelSocket({ url: () => url, WebSocket: NodeWebSocket as unknown as typeof WebSocket, lingerMs: 50 });
/** The gateway answers frames in order: once a sentinel arrives, an earlier frame would have too. */
const publish = (ch: string, text: string) => s.deps.bus.publish(ch, 'system.notice', { text });

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
    await until('the goal', () => a.frames.some((f) => f.data && (f.data as { text: string }).text === 'goal'));
    await until('the goal for b', () => b.frames.some((f) => (f.data as { text: string }).text === 'goal'));
    expect(c.frames.every((f) => f.ch === channel.match(12))).toBe(true);
    expect(a.frames.find((f) => (f.data as { text: string }).text === 'goal')).toMatchObject({ ch: 'match:11', ...notice('goal') });

    stopA();
    await publish(channel.match(11), 'after a left');
    await until('b still hears', () => b.frames.some((f) => (f.data as { text: string }).text === 'after a left'));
    expect(a.frames.some((f) => (f.data as { text: string }).text === 'after a left')).toBe(false);
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
    for (const client of s.app.websocketServer.clients) client.terminate();
    await until('the resume', () => fan.resumed() === 1, 8_000);
    await until('frames again', () => {
      void publish(channel.match(21), 'after the drop');
      return fan.frames.some((f) => (f.data as { text: string }).text === 'after the drop');
    });
    stop();
  });
});

import { createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '@bp/contract';
import { redisBus } from './bus.ts';

/**
 * A Redis that speaks just enough of its protocol for the bus (INFO, SUBSCRIBE, PUBLISH, QUIT) and
 * can be told to die the moment a SUBSCRIBE arrives: the instant a real Redis dies
 * in, right after a reconnect, which CI once hit while killing and restarting one.
 */
function fakeRedis(port = 0) {
  const sockets = new Set<Socket>();
  const subscribed = new Set<Socket>();
  let dropNextSubscribe = false;
  const bulk = (s: string) => `$${Buffer.byteLength(s)}\r\n${s}\r\n`;
  const answer = (socket: Socket, args: string[]) => {
    const [name, ...rest] = args;
    switch (name.toLowerCase()) {
      case 'info':
        return socket.write(bulk('# Server\r\nloading:0\r\n'));
      case 'subscribe':
        if (dropNextSubscribe) {
          dropNextSubscribe = false;
          return void kill();
        }
        subscribed.add(socket);
        return socket.write(`*3\r\n${bulk('subscribe')}${bulk(rest[0])}:1\r\n`);
      case 'publish':
        for (const s of subscribed) s.write(`*3\r\n${bulk('message')}${bulk(rest[0])}${bulk(rest[1])}`);
        return socket.write(`:${subscribed.size}\r\n`);
      default:
        return socket.write('+OK\r\n');
    }
  };
  const kill = () => {
    for (const s of sockets) s.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => (sockets.delete(socket), subscribed.delete(socket)));
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString();
      // Whole commands only: *N, then N bulk strings.
      for (;;) {
        const lines = buffered.split('\r\n');
        const count = Number(lines[0]?.slice(1));
        if (!lines[0]?.startsWith('*') || lines.length < 1 + count * 2 + 1) return;
        const args = Array.from({ length: count }, (_, i) => lines[2 + i * 2]);
        buffered = lines.slice(1 + count * 2).join('\r\n');
        answer(socket, args);
      }
    });
  });
  return {
    listen: () => new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port))),
    /** Like a killed Redis: every connection dropped, and no new one taken until `listen`. */
    kill,
    dropNextSubscribe: () => (dropNextSubscribe = true),
  };
}

const quiet = { warn() {}, info() {} };

describe('the Redis bus', () => {
  const rejections: unknown[] = [];
  const onRejection = (err: unknown) => rejections.push(err);
  afterEach(() => void process.off('unhandledRejection', onRejection));

  it('subscribes again after Redis dies in the middle of a resubscribe, and leaves no rejection unhandled', async () => {
    process.on('unhandledRejection', onRejection);
    const redis = fakeRedis();
    const port = await redis.listen();
    const bus = await redisBus(`redis://127.0.0.1:${port}`, 't:', quiet);
    const frames: Frame[] = [];
    bus.onFrame((frame) => frames.push(frame));

    // Restarted, and killed again the moment the subscriber asks to subscribe.
    const again = fakeRedis(port);
    await redis.kill();
    again.dropNextSubscribe();
    await again.listen();
    await sleep(500);
    // Back for good: frames flow again.
    await again.listen();
    for (let i = 0; i < 40 && frames.length === 0; i++) {
      await bus.publish('news', 'cache.forget', { tag: String(i) });
      await sleep(50);
    }
    expect(frames.length).toBeGreaterThan(0);
    expect(frames[0].ch).toBe('news');
    await bus.close();
    await again.kill();
    expect(rejections).toEqual([]);
  });
});

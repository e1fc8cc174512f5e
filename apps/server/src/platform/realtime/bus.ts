import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Frame, RealtimeEvents, RealtimeType } from '@bp/contract';

/**
 * Carries realtime frames between server instances. In-process for one instance; Redis pub/sub
 * when several share the load, so a frame published on one reaches clients of every instance.
 */
export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish<T extends RealtimeType>(ch: string, type: T, data: RealtimeEvents[T]): Promise<void>;
  /** Every frame published anywhere; returns an unsubscribe function. */
  onFrame(handler: (frame: Frame) => void): () => void;
  close(): Promise<void>;
}

export function memoryBus(): Bus {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(ch, type, data) {
      events.emit('frame', { ch, type, data });
    },
    onFrame(handler) {
      events.on('frame', handler);
      return () => events.off('frame', handler);
    },
    async close() {
      events.removeAllListeners();
    },
  };
}

export async function redisBus(url: string, prefix: string): Promise<Bus> {
  const channel = `${prefix}frames`;
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(channel);
  const events = new EventEmitter();
  events.setMaxListeners(0);
  sub.on('message', (_ch: string, message: string) => {
    try {
      events.emit('frame', JSON.parse(message) as Frame);
    } catch {
      // a foreign message on our channel: ignored
    }
  });
  return {
    kind: 'redis',
    async publish(ch, type, data) {
      await pub.publish(channel, JSON.stringify({ ch, type, data }));
    },
    onFrame(handler) {
      events.on('frame', handler);
      return () => events.off('frame', handler);
    },
    async close() {
      events.removeAllListeners();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}

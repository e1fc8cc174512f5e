import { EventEmitter } from 'node:events';
import type { Frame, RealtimeEvents, RealtimeType } from '@bp/contract';
import { closeRedis, connectRedis, type OutageLog } from '../redis.ts';

/**
 * Carries realtime frames between server instances. In-process for one instance; Redis pub/sub
 * when several share the load, so a frame published on one reaches clients of every instance.
 */
export interface Bus {
  readonly kind: 'memory' | 'redis';
  /**
   * Best effort, and never fails its caller: a frame is news of work already committed, so a bus
   * that cannot carry it drops it (logged) rather than fail the request that did the work. Waits
   * at most a moment (REDIS_COMMAND_TIMEOUT_MS) for Redis.
   */
  publish<T extends RealtimeType>(ch: string, type: T, data: RealtimeEvents[T]): Promise<void>;
  /** Every frame published anywhere; returns an unsubscribe function. */
  onFrame(handler: (frame: Frame) => void): () => void;
  close(): Promise<void>;
}

/** Publishes a frame built earlier (e.g. inside a transaction, to be sent once it committed). */
export function publishFrame<T extends RealtimeType>(bus: Pick<Bus, 'publish'>, frame: Frame<T>): Promise<void> {
  return bus.publish(frame.ch, frame.type, frame.data);
}

/** Dropped frames are logged at most this often: an outage would otherwise log every odds frame. */
const DROP_LOG_EVERY_MS = 10_000;
/** A subscribe Redis did not answer on a standing connection is sent again after this long. */
const RESUBSCRIBE_MS = 500;

function dropLog(log: OutageLog): (err: unknown, ch: string) => void {
  let dropped = 0;
  let loggedAt = 0;
  return (err, ch) => {
    dropped++;
    if (Date.now() - loggedAt < DROP_LOG_EVERY_MS) return;
    log.warn({ err, ch, dropped }, 'realtime frames dropped: the bus could not carry them');
    loggedAt = Date.now();
    dropped = 0;
  };
}

function frameEvents(): EventEmitter {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return events;
}

export function memoryBus(log: OutageLog = console): Bus {
  const events = frameEvents();
  const dropped = dropLog(log);
  return {
    kind: 'memory',
    async publish(ch, type, data) {
      // Handlers run inside emit: one that throws must not fail the publisher either.
      try {
        events.emit('frame', { ch, type, data });
      } catch (err) {
        dropped(err, ch);
      }
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

export async function redisBus(url: string, prefix: string, log: OutageLog = console): Promise<Bus> {
  const channel = `${prefix}frames`;
  const events = frameEvents();
  const dropped = dropLog(log);
  // ioredis's own resubscribe on reconnect leaves its promise unhandled when Redis drops again
  // before answering (an unhandled rejection): the subscriber subscribes again itself, on every
  // ready, and tries again while the connection stands.
  const [pub, sub] = await Promise.all([connectRedis(url, log), connectRedis(url, log, { autoResubscribe: false })]);
  const subscribe = (): void => {
    sub.subscribe(channel).catch((err: unknown) => {
      dropped(err, channel);
      if (sub.status === 'ready') setTimeout(subscribe, RESUBSCRIBE_MS).unref();
    });
  };
  await sub.subscribe(channel);
  sub.on('ready', subscribe);
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
      await pub.publish(channel, JSON.stringify({ ch, type, data })).catch((err: unknown) => dropped(err, ch));
    },
    onFrame(handler) {
      events.on('frame', handler);
      return () => events.off('frame', handler);
    },
    async close() {
      events.removeAllListeners();
      await Promise.all([closeRedis(sub), closeRedis(pub)]);
    },
  };
}

import { setTimeout as sleep } from 'node:timers/promises';
import { Redis, type RedisOptions } from 'ioredis';

/** Where Redis outages are told (the server's logger; console where there is none). */
export interface OutageLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** How long a Redis command may take before it counts as failed: no request waits on Redis longer. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * A Redis connection that fails fast while Redis is away: without the offline queue a command
 * fails at once instead of waiting for a reconnect (ioredis keeps reconnecting meanwhile), and an
 * answer that does not come within REDIS_COMMAND_TIMEOUT_MS is a failure. Each caller decides what
 * a failure means for it. An outage is logged once when it starts and once when it ends.
 */
export async function connectRedis(url: string, log: OutageLog, options: RedisOptions = {}): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    ...options,
  });
  let down = false;
  client.on('error', (err: Error) => {
    if (!down) log.warn({ err }, 'redis unreachable: shared limits, challenges and frames between instances are degraded');
    down = true;
  });
  client.on('ready', () => {
    if (down) log.info({}, 'redis reachable again');
    down = false;
  });
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    throw err;
  }
  return client;
}

/** Closes a connection: politely when Redis answers, at once when it does not. */
export async function closeRedis(client: Redis): Promise<void> {
  await Promise.race([client.quit().catch(() => undefined), sleep(500)]);
  client.disconnect();
}

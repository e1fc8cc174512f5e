import { createHash } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/index.ts';
import { authChallenges } from './tables.ts';

/**
 * Short-lived secrets every instance must agree on: captcha answers, slider challenges,
 * verification tickets, reset tickets, human passes. Redis when configured, else the database.
 * Expiry is judged by `clock.now()` against `expiresAt` kept in the value, so both stores expire
 * alike (and tests can move the clock); Redis's own TTL only collects the garbage.
 */
export interface ChallengeStore {
  put(key: string, value: object, ttlMs: number): Promise<void>;
  /** Reads without consuming; null when absent or expired. */
  get<T extends object>(key: string): Promise<T | null>;
  /** Reads and deletes in one step, so a secret serves once even under concurrent use. */
  take<T extends object>(key: string): Promise<T | null>;
  /** Drops expired entries (the database store; Redis expires by itself). */
  purge(): Promise<number>;
}

type Stored = { expiresAt: number; value: object };

/** Keys of secrets handed to clients are their hashes: a leaked store row is no ticket. */
export const secretKey = (kind: string, secret: string): string => `${kind}:${createHash('sha256').update(secret).digest('hex')}`;

const live = <T>(stored: Stored | null): T | null => (stored && stored.expiresAt > clock.now() ? (stored.value as T) : null);

export function challengeStore(db: Db, redis: Redis | null): ChallengeStore {
  return redis ? redisStore(redis) : databaseStore(db);
}

/**
 * While Redis fails (at once: platform/redis.ts), a challenge can be neither kept nor checked: the
 * call is refused with a code of the catalogue rather than a 500, and never let through unchecked.
 */
const orUnavailable = <T>(work: Promise<T>): Promise<T> =>
  work.catch(() => {
    throw new AppError('INTERFACE_DEGRADE', { msg: '安全验证暂时不可用，请稍后再试' });
  });

function redisStore(redis: Redis): ChallengeStore {
  const k = (key: string) => `auth:${key}`;
  const parse = (text: string | null): Stored | null => (text ? (JSON.parse(text) as Stored) : null);
  return {
    async put(key, value, ttlMs) {
      const stored: Stored = { expiresAt: clock.now() + ttlMs, value };
      await orUnavailable(redis.set(k(key), JSON.stringify(stored), 'PX', ttlMs + 60_000));
    },
    async get(key) {
      return live(parse(await orUnavailable(redis.get(k(key)))));
    },
    async take(key) {
      return live(parse(await orUnavailable(redis.getdel(k(key)))));
    },
    async purge() {
      return 0;
    },
  };
}

function databaseStore(db: Db): ChallengeStore {
  const read = (row: { value: unknown; expiresAt: Date } | undefined): Stored | null =>
    row ? { value: row.value as object, expiresAt: row.expiresAt.getTime() } : null;
  return {
    async put(key, value, ttlMs) {
      const expiresAt = new Date(clock.now() + ttlMs);
      await db.insert(authChallenges).values({ key, value, expiresAt }).onConflictDoUpdate({ target: authChallenges.key, set: { value, expiresAt } });
    },
    async get(key) {
      const [row] = await db.select().from(authChallenges).where(eq(authChallenges.key, key)).limit(1);
      return live(read(row));
    },
    async take(key) {
      const [row] = await db.delete(authChallenges).where(eq(authChallenges.key, key)).returning();
      return live(read(row));
    },
    async purge() {
      const gone = await db
        .delete(authChallenges)
        .where(lt(authChallenges.expiresAt, new Date(clock.now())))
        .returning({ key: authChallenges.key });
      return gone.length;
    },
  };
}

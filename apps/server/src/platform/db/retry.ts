import { setTimeout as sleep } from 'node:timers/promises';

/** SQLSTATEs after which the whole transaction may simply run again: deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);
const TRIES = 5;

/** The SQLSTATE of a database error, looked for through the causes Drizzle wraps it in. */
export function sqlState(err: unknown): string | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e && typeof e === 'object'; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

export const isRetryable = (err: unknown): boolean => RETRYABLE.has(sqlState(err) ?? '');

/**
 * Runs `work` (a whole transaction, or one statement outside any) again when PostgreSQL aborted it
 * as a deadlock victim or a serialization failure: nothing of it committed, so a rerun is safe. A
 * short random pause lets the winner finish first.
 */
export async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= TRIES || !isRetryable(err)) throw err;
      await sleep(Math.random() * 20 * attempt);
    }
  }
}

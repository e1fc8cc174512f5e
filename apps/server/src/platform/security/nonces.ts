import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { clock } from '../clock.ts';

/** Remembers the nonces of signed requests, so each is accepted once while its timestamp is valid. */
export interface NonceStore {
  /** True the first time `nonce` is claimed within `ttlMs`; false for a reuse. */
  claim(nonce: string, ttlMs: number): Promise<boolean>;
}

/** Expired rows are swept at most this often, by whichever claim comes along. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The `request_nonces` table, with or without Redis: replay protection must outlive a restart of
 * Redis, which keeps nothing on disk here (a nonce kept only there was accepted again after one).
 * A nonce row that has expired may be claimed again (the upsert only overwrites an expired row),
 * and expired rows are swept now and then. Every instance shares the table.
 */
export function tableNonces(db: Db): NonceStore {
  let lastSweep = 0;
  return {
    async claim(nonce, ttlMs) {
      const now = clock.now();
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        await db.execute(sql`DELETE FROM request_nonces WHERE expires_at < ${new Date(now).toISOString()}::timestamptz`);
      }
      const { rows } = await db.execute(sql`
        INSERT INTO request_nonces (nonce, expires_at) VALUES (${nonce}, ${new Date(now + ttlMs).toISOString()}::timestamptz)
        ON CONFLICT (nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at
          WHERE request_nonces.expires_at < ${new Date(now).toISOString()}::timestamptz
        RETURNING nonce`);
      return rows.length > 0;
    },
  };
}

import { lt } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { clock } from '../../platform/clock.ts';
import { every } from '../../platform/jobs.ts';
import { challengeStore } from './challenge-store.ts';
import { loginFailures, verifyCodes } from './tables.ts';

const EVERY_MS = 10 * 60_000;
const KEEP_MS = 24 * 3600_000;

/** Sweeps what has expired: challenges and tickets, day-old codes and login failures. */
export async function sweepExpired({ db, redis }: Pick<Deps, 'db' | 'redis'>): Promise<void> {
  const dayAgo = new Date(clock.now() - KEEP_MS);
  await challengeStore(db, redis).purge();
  await db.delete(verifyCodes).where(lt(verifyCodes.expiresAt, dayAgo));
  await db.delete(loginFailures).where(lt(loginFailures.lastFailedAt, dayAgo));
}

export async function startHousekeeping(deps: Deps): Promise<() => Promise<void>> {
  return every(
    EVERY_MS,
    () => sweepExpired(deps),
    (err) => deps.log.error({ err }, 'auth housekeeping failed'),
  );
}

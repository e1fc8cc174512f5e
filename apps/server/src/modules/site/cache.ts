import type { Db } from '../../platform/db/index.ts';
import { MemoryCache, scopeOf } from '../../platform/cache.ts';
import type { Now } from '../../platform/now.ts';

/**
 * A few seconds of memory for what every request reads (sites, maintenance, access rules, page
 * content), so the hot path is a map lookup. Kept per database, so test servers in one process never
 * share. A change made here is forgotten at once; other instances see it within TTL_MS.
 */
export const TTL_MS = 5_000;

const store = new MemoryCache<unknown>(TTL_MS);
const scoped = (db: Db, key: string) => `${scopeOf(db)}:${key}`;

/** Like `cachedNow`, always as a promise. */
export function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  return Promise.resolve(cachedNow(db, key, load));
}

/** The cached value, without a promise while it is warm; concurrent misses share one load. */
export function cachedNow<T>(db: Db, key: string, load: () => Promise<T>): Now<T> {
  return store.through(scoped(db, key), load) as Now<T>;
}

/** Drops this instance's cached entries whose key starts with `prefix` (all when omitted). */
export function forget(db: Db, prefix = ''): void {
  store.forget(scoped(db, prefix));
}

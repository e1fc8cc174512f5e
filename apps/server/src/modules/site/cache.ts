import type { Db } from '../../platform/db/index.ts';

/**
 * A few seconds of memory for what every request reads (sites, maintenance, access rules, page
 * content), so the hot path is a map lookup. Kept per database, so test servers in one process never
 * share. A change made here is forgotten at once; other instances see it within TTL_MS.
 */
export const TTL_MS = 5_000;

const stores = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();

export function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new Map()));
  const hit = store.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
  // The promise is kept, so concurrent misses share one load; a failed load is not kept.
  const value = load();
  store.set(key, { at: Date.now(), value });
  value.catch(() => store.get(key)?.value === value && store.delete(key));
  return value;
}

/** Drops this instance's cached entries whose key starts with `prefix` (all when omitted). */
export function forget(db: Db, prefix = ''): void {
  const store = stores.get(db);
  if (!store) return;
  for (const key of [...store.keys()]) if (key.startsWith(prefix)) store.delete(key);
}

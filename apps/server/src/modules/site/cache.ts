import type { Db } from '../../platform/db/index.ts';
import type { Now } from '../../platform/now.ts';

/**
 * A few seconds of memory for what every request reads (sites, maintenance, access rules, page
 * content), so the hot path is a map lookup. Kept per database, so test servers in one process never
 * share. A change made here is forgotten at once; other instances see it within TTL_MS.
 */
export const TTL_MS = 5_000;

type Entry = { at: number; value: Promise<unknown>; settled?: { value: unknown } };
const stores = new WeakMap<Db, Map<string, Entry>>();

export function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new Map()));
  const hit = store.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
  // The promise is kept, so concurrent misses share one load; a failed load is not kept.
  const value = load();
  const entry: Entry = { at: Date.now(), value };
  store.set(key, entry);
  value.then(
    (settled) => (entry.settled = { value: settled }),
    () => store.get(key)?.value === value && store.delete(key),
  );
  return value;
}

/** Like `cached`, but a warm entry is returned as the value itself, without a promise. */
export function cachedNow<T>(db: Db, key: string, load: () => Promise<T>): Now<T> {
  const hit = stores.get(db)?.get(key);
  if (hit?.settled && Date.now() - hit.at < TTL_MS) return hit.settled.value as T;
  return cached(db, key, load);
}

/** Drops this instance's cached entries whose key starts with `prefix` (all when omitted). */
export function forget(db: Db, prefix = ''): void {
  const store = stores.get(db);
  if (!store) return;
  for (const key of [...store.keys()]) if (key.startsWith(prefix)) store.delete(key);
}

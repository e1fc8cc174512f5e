import { LRUCache } from 'lru-cache';
import type { Bus } from './realtime/index.ts';
import type { Now } from './now.ts';

/**
 * Short-lived memory for what nearly every call reads (sessions, profiles, sites and their config,
 * client keys, security policies), so the hot path is a map lookup: each entry lives `ttlMs`, and
 * past `max` entries the least recently used goes first. The TTL bounds staleness: what another
 * instance changed is seen within it. Entries may carry a tag (e.g. `member:42`): `forgetTag` drops
 * them here at once and, through the bus, on every other instance within milliseconds.
 */
export const CACHE_CHANNEL = 'internal:cache';

interface Entry<V> {
  tag: string;
  /** The value, once loaded. */
  settled?: { value: V };
  /** The load under way: concurrent misses share it. */
  loading?: Promise<V>;
  /** A read ahead of the entry's end is under way (getRefreshed). */
  refreshing?: boolean;
}

export class MemoryCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  constructor(ttlMs: number, max = 50_000) {
    // Ages by Date.now, read at every look (tests move it to see an entry expire).
    this.entries = new LRUCache<string, Entry<V>>({ max, ttl: ttlMs, perf: Date, ttlResolution: 0 });
  }

  /** The value while it is fresh and loaded. */
  get(key: string): V | undefined {
    return this.entries.get(key)?.settled?.value;
  }

  /**
   * `get`, and once the entry is within `aheadMs` of its end, `reload` reads it again in the
   * background (one read at a time): a key in steady use is never missed, so its callers never wait
   * for the read, while what they get is still never older than the TTL. The read replaces the entry
   * only if it is still the one read for (not forgotten or set meanwhile); one that fails drops it,
   * and the next caller reads it itself. (Sessions: members who call every few seconds found theirs
   * gone about one call in four, and each such call waited for a query among the batches; issue 18.)
   */
  getRefreshed(key: string, aheadMs: number, reload: () => Promise<{ value: V; tag?: string }>): V | undefined {
    const entry = this.entries.get(key);
    if (!entry?.settled) return undefined;
    if (!entry.refreshing && this.entries.getRemainingTTL(key) < aheadMs) {
      entry.refreshing = true;
      reload().then(
        (fresh) => this.entries.peek(key) === entry && this.set(key, fresh.value, fresh.tag ?? entry.tag),
        () => this.entries.peek(key) === entry && this.entries.delete(key),
      );
    }
    return entry.settled.value;
  }

  set(key: string, value: V, tag = ''): void {
    if (tag) registry.add(this as MemoryCache<unknown>);
    this.entries.set(key, { tag, settled: { value } });
  }

  /**
   * The value of `key`, without a promise while it is warm; else `load` reads it. Concurrent misses
   * share one load; a failed load is not kept, and neither is one forgotten while under way.
   */
  through(key: string, load: () => Promise<V>, tag = ''): Now<V> {
    const hit = this.entries.get(key);
    if (hit) return hit.settled ? hit.settled.value : hit.loading!;
    if (tag) registry.add(this as MemoryCache<unknown>);
    const entry: Entry<V> = { tag, loading: load() };
    this.entries.set(key, entry);
    entry.loading!.then(
      (value) => (entry.settled = { value }),
      () => this.entries.peek(key) === entry && this.entries.delete(key),
    );
    return entry.loading!;
  }

  /**
   * `through` for what is read from a database: keyed per database (test servers in one process
   * each have their own); read through a transaction's handle, the value may be its own uncommitted
   * write, so it goes to the database and is not kept.
   */
  fromDb(db: object, key: string, load: () => Promise<V>, tag = ''): Now<V> {
    return isTransaction(db) ? load() : this.through(`${scopeOf(db)}:${key}`, load, tag);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops what `fromDb` keeps of `key` for this database. */
  deleteFromDb(db: object, key: string): void {
    this.entries.delete(`${scopeOf(db)}:${key}`);
  }

  /** Drops this instance's entries whose key starts with `prefix` (all when omitted). */
  forget(prefix = ''): void {
    this.dropWhere((key) => key.startsWith(prefix));
  }

  dropTag(tag: string): void {
    this.dropWhere((_, entry) => entry.tag === tag);
  }

  private dropWhere(drop: (key: string, entry: Entry<V>) => boolean): void {
    const keys = [...this.entries.entries()].filter(([key, entry]) => drop(key, entry)).map(([key]) => key);
    for (const key of keys) this.entries.delete(key);
  }
}

/** The caches holding tagged entries: a forget reaches each. */
const registry = new Set<MemoryCache<unknown>>();
const buses = new Set<Bus>();

/** The composition root connects each bus, so forgets reach the other instances. */
export function connectCaches(bus: Bus): () => void {
  buses.add(bus);
  const stop = bus.onFrame((frame) => {
    if (frame.ch === CACHE_CHANNEL && frame.type === 'cache.forget') dropLocally(frame.data.tag);
  });
  return () => {
    stop();
    buses.delete(bus);
  };
}

const dropLocally = (tag: string) => registry.forEach((cache) => cache.dropTag(tag));

/** Drops every cached entry with this tag, here and on every instance. */
export function forgetTag(tag: string): void {
  dropLocally(tag);
  for (const bus of buses) void bus.publish(CACHE_CHANNEL, 'cache.forget', { tag }).catch(() => undefined);
}

export const memberTag = (memberId: number): string => `member:${memberId}`;

/** What changed a member's session or profile calls this, so no instance serves the old one. */
export const memberChanged = (memberId: number): void => forgetTag(memberTag(memberId));

/**
 * Whether `db` is a transaction's handle (Drizzle's alone can roll back): what it reads may be its
 * own writes, not yet committed, so a cache reads through it and keeps nothing.
 */
export const isTransaction = (db: object): boolean => 'rollback' in db;

const scopes = new WeakMap<object, number>();
let lastScope = 0;
/**
 * A number per database handle, to prefix keys with: test servers in one process each have their
 * own database, whose ids overlap.
 */
export function scopeOf(db: object): number {
  const root = rootOf(db);
  let scope = scopes.get(root);
  if (scope === undefined) scopes.set(root, (scope = ++lastScope));
  return scope;
}

/**
 * A transaction's handle keys the caches as its database does: what an action forgets inside its
 * transaction (an operator's change, audited in the same transaction) is forgotten for every reader.
 */
export function shareScope(tx: object, db: object): void {
  roots.set(tx, rootOf(db));
}

const roots = new WeakMap<object, object>();
/** The database a transaction's handle belongs to (itself for a database), for what is kept per database. */
export function rootOf<T extends object>(db: T): T {
  return (roots.get(db) as T | undefined) ?? db;
}

/**
 * `derive` made once per object: while `from` and the other arguments are the same as last time,
 * the same derived object is returned. Cached values keep their identity while they are unchanged,
 * so what is made from them does too (and a route can reuse its encoded answer).
 */
export function derivedOnce<K extends object, A, T>(derive: (from: K, a: A) => T): (from: K, a: A) => T;
export function derivedOnce<K extends object, A, B, T>(derive: (from: K, a: A, b: B) => T): (from: K, a: A, b: B) => T;
export function derivedOnce(derive: (from: object, a: unknown, b?: unknown) => unknown) {
  const made = new WeakMap<object, { a: unknown; b: unknown; value: unknown }>();
  return (from: object, a: unknown, b?: unknown) => {
    const hit = made.get(from);
    if (hit && hit.a === a && hit.b === b) return hit.value;
    const value = derive(from, a, b);
    made.set(from, { a, b, value });
    return value;
  };
}

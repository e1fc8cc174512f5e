import type { Bus } from './realtime/index.ts';

/**
 * Short-lived memory for what nearly every member call reads (its session, its profile), so the
 * hot path is a map lookup. Entries carry a tag (e.g. `member:42`); `forgetTag` drops them here at
 * once and, through the bus, on every other instance within milliseconds. TTLs bound staleness
 * should a forget ever be missed.
 */
export const CACHE_CHANNEL = 'internal:cache';

interface Entry<V> {
  value: V;
  tag: string;
  until: number;
}

export class MemoryCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 50_000,
  ) {
    registry.add(this as MemoryCache<unknown>);
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V, tag: string): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, tag, until: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  dropTag(tag: string): void {
    for (const [key, entry] of this.entries) if (entry.tag === tag) this.entries.delete(key);
  }
}

const registry = new Set<MemoryCache<unknown>>();
const buses = new Set<Bus>();

/** The composition root connects each bus, so forgets reach the other instances. */
export function connectCaches(bus: Bus): () => void {
  buses.add(bus);
  const stop = bus.onFrame((frame) => {
    if (frame.ch === CACHE_CHANNEL && frame.type === 'cache.forget') dropLocally((frame.data as { tag: string }).tag);
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

const scopes = new WeakMap<object, number>();
let lastScope = 0;
/**
 * A number per database handle, to prefix keys with: test servers in one process each have their
 * own database, whose ids overlap.
 */
export function scopeOf(db: object): number {
  let scope = scopes.get(db);
  if (scope === undefined) scopes.set(db, (scope = ++lastScope));
  return scope;
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

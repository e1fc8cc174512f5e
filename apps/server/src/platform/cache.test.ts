import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Frame } from '@bp/contract';
import { CACHE_CHANNEL, MemoryCache, connectCaches, forgetTag, memberTag } from './cache.ts';
import { memoryBus } from './realtime/index.ts';

afterEach(() => vi.restoreAllMocks());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the memory cache', () => {
  it('shares one load between misses at once, then answers without a promise', async () => {
    const cache = new MemoryCache<number>(60_000);
    let loads = 0;
    const load = async () => {
      loads++;
      await sleep(10);
      return 7;
    };
    const [a, b] = [cache.through('k', load), cache.through('k', load)];
    expect(a).toBeInstanceOf(Promise);
    expect([await a, await b, loads]).toEqual([7, 7, 1]);
    expect(cache.through('k', load)).toBe(7);
    expect(cache.get('k')).toBe(7);
  });

  it('keeps no failed load, and none forgotten while it was under way', async () => {
    const cache = new MemoryCache<number>(60_000);
    await expect(cache.through('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.through('k', async () => 1)).toBe(1);
    const slow = cache.through('s', () => sleep(10).then(() => 2));
    cache.forget('s');
    expect(await slow).toBe(2);
    expect(cache.get('s')).toBeUndefined();
  });

  it('lets an entry go once its time is up', () => {
    const cache = new MemoryCache<string>(1_000);
    // The clock is held from the start: on a busy machine a real tick between reading it and setting would shift the entry's end.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now);
    cache.set('k', 'v');
    vi.spyOn(Date, 'now').mockReturnValue(now + 999);
    expect(cache.get('k')).toBe('v');
    vi.spyOn(Date, 'now').mockReturnValue(now + 1_001);
    expect(cache.get('k')).toBeUndefined();
  });

  it('[issue 18] reads an entry in use again before it lapses: no caller waits, none gets it older than its time; a read forgotten or failed keeps nothing', async () => {
    const cache = new MemoryCache<string>(1_000);
    const now = Date.now();
    const at = (ms: number) => vi.spyOn(Date, 'now').mockReturnValue(now + ms);
    const reads: Array<(fresh: string | Error) => void> = [];
    const reload = () =>
      new Promise<{ value: string }>((resolve, reject) => reads.push((fresh) => (fresh instanceof Error ? reject(fresh) : resolve({ value: fresh }))));
    const settled = () => sleep(0);

    at(0);
    cache.set('k', 'v1');
    at(600);
    expect(cache.getRefreshed('k', 300, reload)).toBe('v1');
    expect(reads).toHaveLength(0);
    at(800);
    expect([cache.getRefreshed('k', 300, reload), cache.getRefreshed('k', 300, reload)]).toEqual(['v1', 'v1']);
    expect(reads).toHaveLength(1);
    reads[0]('v2');
    await settled();
    at(1_500);
    expect(cache.getRefreshed('k', 300, reload)).toBe('v2');
    at(2_001);
    expect(cache.getRefreshed('k', 300, reload)).toBeUndefined();

    at(0);
    cache.set('gone', 'v1');
    at(800);
    cache.getRefreshed('gone', 300, reload);
    cache.forget('gone');
    reads[1]('v2');
    await settled();
    expect(cache.get('gone')).toBeUndefined();

    cache.set('down', 'v1');
    at(1_600);
    expect(cache.getRefreshed('down', 300, reload)).toBe('v1');
    reads[2](new Error('down'));
    await settled();
    expect(cache.get('down')).toBeUndefined();
  });

  it('holds at most its maximum, the least recently used out first', () => {
    const cache = new MemoryCache<number>(60_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('forgets by the start of a key, or by tag', () => {
    const cache = new MemoryCache<number>(60_000);
    cache.set('1:sites', 1);
    cache.set('1:config:2', 2);
    cache.set('11:sites', 3, memberTag(5));
    cache.forget('1:');
    expect([cache.get('1:sites'), cache.get('1:config:2'), cache.get('11:sites')]).toEqual([undefined, undefined, 3]);
    cache.dropTag(memberTag(5));
    expect(cache.get('11:sites')).toBeUndefined();
  });
});

describe('forgetting on every instance', () => {
  it("drops the tagged entries when another instance's forget arrives on the bus", async () => {
    const bus = memoryBus();
    const disconnect = connectCaches(bus);
    const cache = new MemoryCache<string>(60_000);
    cache.set('p:1', 'old profile', memberTag(1));
    cache.set('p:2', 'other member', memberTag(2));
    await bus.publish(CACHE_CHANNEL, 'cache.forget', { tag: memberTag(1) });
    expect([cache.get('p:1'), cache.get('p:2')]).toEqual([undefined, 'other member']);
    disconnect();
    await bus.close();
  });

  it('tells the other instances of a forget made here', async () => {
    const bus = memoryBus();
    const heard: Frame[] = [];
    bus.onFrame((f) => void heard.push(f));
    const disconnect = connectCaches(bus);
    forgetTag(memberTag(3));
    await sleep(0);
    expect(heard).toContainEqual({ ch: CACHE_CHANNEL, type: 'cache.forget', data: { tag: memberTag(3) } });
    disconnect();
    await bus.close();
  });
});

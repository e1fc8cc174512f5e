import { describe, expect, it } from 'vitest';
import { RECOVERY, StallWatch, backoffMs } from './recovery.ts';
import { VIDEO_DOMAIN_KEY, VideoDomains } from './video-domains.ts';

describe('the player’s recovery', () => {
  it('[S4-10] waits exponentially longer between retries, capped', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoffMs)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
  });

  it('[S4-10] a stall is recovered softly first, then by a new engine; progress resets the watch', () => {
    const watch = new StallWatch(0, RECOVERY.stallMs);
    expect(watch.check(1_000, 0.5, true)).toBe('none');
    expect(watch.check(2_000, 1.5, true)).toBe('none');
    expect(watch.check(5_000, 1.5, true)).toBe('none'); // 3 s without progress
    expect(watch.check(6_100, 1.5, true)).toBe('recover');
    expect(watch.check(8_000, 1.5, true)).toBe('none');
    expect(watch.check(10_200, 1.5, true)).toBe('recreate');
    expect(watch.check(11_000, 1.6, true)).toBe('none');
    expect(watch.check(15_100, 1.6, true)).toBe('recover'); // progress came between: soft again
  });

  it('a paused or waiting-to-play video is never stalled', () => {
    const watch = new StallWatch(0);
    expect(watch.check(10_000, 3, false)).toBe('none');
    expect(watch.check(20_000, 3, false)).toBe('none');
    expect(watch.check(21_000, 3, true)).toBe('none');
  });
});

describe('video domains', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return { get: (k: string) => map.get(k) ?? null, set: (k: string, v: string) => void map.set(k, v), map };
  };

  it('[S8-19] rotates to the next domain by error count and remembers it', () => {
    const m = memory();
    const domains = new VideoDomains(['https://v1.example.com', 'https://v2.example.com', ''], m, 2);
    expect(domains.url('/live/streams/A1.flv')).toBe('https://v1.example.com/live/streams/A1.flv');
    expect(domains.failed()).toBe(false);
    expect(domains.failed()).toBe(true);
    expect(domains.current()).toBe('https://v2.example.com');
    expect(m.map.get(VIDEO_DOMAIN_KEY)).toBe('https://v2.example.com');
    // A success on the way starts the count again.
    domains.failed();
    domains.succeeded();
    expect(domains.failed()).toBe(false);
    expect(domains.failed()).toBe(true);
    expect(domains.url('/live/streams/A1.flv')).toBe('/live/streams/A1.flv'); // the site's own
    domains.failed();
    domains.failed();
    expect(domains.current()).toBe('https://v1.example.com'); // round again
    // The next visit starts where the last one was left.
    expect(new VideoDomains(['https://v1.example.com', 'https://v2.example.com', ''], m, 2).current()).toBe('https://v1.example.com');
    m.set(VIDEO_DOMAIN_KEY, 'https://v2.example.com');
    expect(new VideoDomains(['https://v1.example.com', 'https://v2.example.com'], m, 2).current()).toBe('https://v2.example.com');
  });

  it('[S8-19] a remembered domain no longer listed, or no list, falls back to the first; full URLs are kept', () => {
    const m = memory();
    m.set(VIDEO_DOMAIN_KEY, 'https://gone.example.com');
    expect(new VideoDomains(['https://v1.example.com'], m).current()).toBe('https://v1.example.com');
    const own = new VideoDomains([], m);
    expect(own.url('/live/streams/A2/index.m3u8')).toBe('/live/streams/A2/index.m3u8');
    expect(own.failed()).toBe(false);
    expect(own.failed()).toBe(false); // nowhere to go
    expect(own.url('https://pull.example.com/x.flv')).toBe('https://pull.example.com/x.flv');
  });
});

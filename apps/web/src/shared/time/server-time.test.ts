import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIME_SYNC, isGapFlagged, offsetOf, serverClock, startTimeSync } from './server-time.ts';

afterEach(() => {
  vi.useRealTimers();
  serverClock.apply({ sentAt: 0, receivedAt: 0, serverNow: 0 });
});

describe('server time sync', () => {
  it('[S9-02] syncs first after 6.666 s, then every 60 s', async () => {
    vi.useFakeTimers();
    const fetchNow = vi.fn(async () => Date.now());
    const stop = startTimeSync(fetchNow);
    await vi.advanceTimersByTimeAsync(6_665);
    expect(fetchNow).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchNow).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchNow).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchNow).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchNow).toHaveBeenCalledTimes(4);
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetchNow).toHaveBeenCalledTimes(4);
    expect(TIME_SYNC).toMatchObject({ firstAfterMs: 6_666, everyMs: 60_000, timeoutMs: 5_000 });
  });

  it('[S9-02] moves the site clock to the server clock, measured at the middle of the round trip', () => {
    expect(offsetOf({ sentAt: 1_000, receivedAt: 1_200, serverNow: 61_100 })).toBe(60_000);
    serverClock.apply({ sentAt: Date.now(), receivedAt: Date.now(), serverNow: Date.now() + 30_000 });
    expect(serverClock.now() - Date.now()).toBeGreaterThanOrEqual(29_990);
    expect(serverClock.gapFlagged()).toBe(false);
  });

  it('[S9-06] flags a gap of 120000 ms or more, either way', () => {
    expect(isGapFlagged(119_999)).toBe(false);
    expect(isGapFlagged(120_000)).toBe(true);
    expect(isGapFlagged(-120_000)).toBe(true);
    serverClock.apply({ sentAt: 0, receivedAt: 0, serverNow: 200_000 });
    expect(serverClock.gapFlagged()).toBe(true);
  });

  it('[S8-18] a failed sync changes nothing and throws nothing', async () => {
    vi.useFakeTimers();
    serverClock.apply({ sentAt: 0, receivedAt: 0, serverNow: 5_000 });
    const stop = startTimeSync(async () => {
      throw new Error('404');
    });
    await vi.advanceTimersByTimeAsync(TIME_SYNC.firstAfterMs + TIME_SYNC.everyMs);
    expect(serverClock.offset()).toBe(5_000);
    stop();
  });
});

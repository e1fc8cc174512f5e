/**
 * The server's clock as seen from here (seed 9): synced every 60 s, the first time 6.666 s after
 * start, with `GET /api/site/time` (5 s time-out). A gap of 120000 ms or more between the two
 * clocks is flagged; a failed sync changes nothing and says nothing (seed 8).
 */
export const TIME_SYNC = {
  firstAfterMs: 6_666,
  everyMs: 60_000,
  timeoutMs: 5_000,
  gapFlagMs: 120_000,
} as const;

export interface ClockSample {
  /** Local time just before the call and just after the answer. */
  sentAt: number;
  receivedAt: number;
  /** The server's `now` from the answer. */
  serverNow: number;
}

/** Offset to add to the local clock, measured against the middle of the round trip. */
export function offsetOf(sample: ClockSample): number {
  return Math.round(sample.serverNow - (sample.sentAt + sample.receivedAt) / 2);
}

export const isGapFlagged = (offsetMs: number): boolean => Math.abs(offsetMs) >= TIME_SYNC.gapFlagMs;

let offset = 0;
let flagged = false;

export const serverClock = {
  now: (): number => Date.now() + offset,
  offset: (): number => offset,
  /** True once the local clock was found 120000 ms or more away from the server's. */
  gapFlagged: (): boolean => flagged,
  apply(sample: ClockSample): void {
    offset = offsetOf(sample);
    flagged = isGapFlagged(offset);
  },
};

/** Starts the sync loop; returns how to stop it. `fetchNow` resolves the server's epoch ms. */
export function startTimeSync(
  fetchNow: () => Promise<number>,
  timers: Pick<typeof globalThis, 'setTimeout' | 'setInterval' | 'clearTimeout' | 'clearInterval'> = globalThis,
): () => void {
  const sync = async () => {
    const sentAt = Date.now();
    try {
      const serverNow = await fetchNow();
      serverClock.apply({ sentAt, receivedAt: Date.now(), serverNow });
    } catch {
      /* seed 8: time-sync failures fail silently */
    }
  };
  let interval: ReturnType<typeof setInterval> | undefined;
  const first = timers.setTimeout(() => {
    void sync();
    interval = timers.setInterval(() => void sync(), TIME_SYNC.everyMs);
  }, TIME_SYNC.firstAfterMs);
  return () => {
    timers.clearTimeout(first);
    if (interval) timers.clearInterval(interval);
  };
}

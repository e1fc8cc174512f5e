/**
 * Time. Stored in UTC; day boundaries are Asia/Shanghai (UTC+8, no daylight saving since 1991).
 * `now()` can be shifted in tests, so time-dependent rules are tested without waiting.
 */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
let offsetMs = 0;

export const clock = {
  now(): number {
    return Date.now() + offsetMs;
  },
  /** Tests only: move the server's clock by `ms`. */
  shift(ms: number): void {
    offsetMs += ms;
  },
  reset(): void {
    offsetMs = 0;
  },
};

/** The Shanghai wall-clock parts of an instant. */
export function shanghaiParts(at: number): { year: number; month: number; day: number; hour: number; minute: number } {
  const d = new Date(at + SHANGHAI_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
}

/** `YYYY-MM-DD` of the Shanghai day containing `at`. */
export function shanghaiDay(at: number): string {
  return new Date(at + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant of Shanghai wall-clock `hour:00` on the day containing `at`. */
export function shanghaiHourOf(at: number, hour: number): number {
  const dayStart = Math.floor((at + SHANGHAI_OFFSET_MS) / 86_400_000) * 86_400_000 - SHANGHAI_OFFSET_MS;
  return dayStart + hour * 3600_000;
}

/** Start of the Shanghai day containing `at`. */
export function shanghaiMidnight(at: number): number {
  return shanghaiHourOf(at, 0);
}

/** A session ends at the next 22:00 Shanghai time: today's if still ahead, else tomorrow's (seed 4). */
export function nextTokenExpiry(at: number): number {
  const today = shanghaiHourOf(at, 22);
  return at < today ? today : today + 86_400_000;
}

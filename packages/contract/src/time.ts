/**
 * Days in Asia/Shanghai (UTC+8, no daylight saving since 1991), whatever the zone of the server or
 * the device: daily limits and accruals, order numbers, the token's 22:00, greetings, date filters.
 * Instants are epoch milliseconds.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;

/** The Shanghai wall-clock parts of an instant. */
export function shanghaiParts(at: number): { year: number; month: number; day: number; hour: number; minute: number } {
  const d = new Date(at + SHANGHAI_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
}

/** `YYYY-MM-DD` of the Shanghai day containing `at`. */
export function shanghaiDay(at: number): string {
  return new Date(at + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm` of `at` on the Shanghai clock. */
export function shanghaiDateTime(at: number): string {
  const { year, month, day, hour, minute } = shanghaiParts(at);
  return `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}`;
}

/** The instant of Shanghai wall-clock `hour:00` on the day containing `at`. */
export function shanghaiHourOf(at: number, hour: number): number {
  return Math.floor((at + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS + hour * HOUR_MS;
}

/** Start of the Shanghai day containing `at`. */
export function shanghaiMidnight(at: number): number {
  return shanghaiHourOf(at, 0);
}

/** `YYYY-MM-DD` of the Monday that starts the Shanghai week containing `at` (weekly ranks). */
export function shanghaiWeekStartDay(at: number): string {
  const weekday = new Date(at + SHANGHAI_OFFSET_MS).getUTCDay();
  return shanghaiDay(at - ((weekday + 6) % 7) * DAY_MS);
}

/**
 * Whether `now` falls in a window (content, notices): from its start, inclusive, until its end,
 * exclusive, so a window ending at 10:00 is over at 10:00 and the next may begin then. A null end
 * is open.
 */
export function withinWindow([start, end]: readonly [number | null, number | null], now: number): boolean {
  return (start === null || start <= now) && (end === null || now < end);
}

import { describe, expect, it } from 'vitest';
import { DAY_MS, shanghaiDateTime, shanghaiDay, shanghaiHourOf, shanghaiMidnight, shanghaiParts, shanghaiWeekStartDay, withinWindow } from './time.ts';

/** 2026-03-05 00:00 in Shanghai is 2026-03-04 16:00 UTC. */
const MIDNIGHT = Date.parse('2026-03-04T16:00:00Z');

describe('Shanghai days', () => {
  it('[S1-05] a day runs from 00:00 to 23:59:59.999 Shanghai time, whatever the zone of the machine', () => {
    expect(shanghaiDay(MIDNIGHT - 1)).toBe('2026-03-04');
    expect(shanghaiDay(MIDNIGHT)).toBe('2026-03-05');
    expect(shanghaiDay(MIDNIGHT + DAY_MS - 1)).toBe('2026-03-05');
    expect(shanghaiDay(MIDNIGHT + DAY_MS)).toBe('2026-03-06');
    expect(shanghaiMidnight(MIDNIGHT)).toBe(MIDNIGHT);
    expect(shanghaiMidnight(MIDNIGHT - 1)).toBe(MIDNIGHT - DAY_MS);
    expect(shanghaiMidnight(MIDNIGHT + DAY_MS - 1)).toBe(MIDNIGHT);
    expect(shanghaiParts(MIDNIGHT)).toEqual({ year: 2026, month: 3, day: 5, hour: 0, minute: 0 });
  });

  it('[S1-05] turns the year and a leap day on the Shanghai calendar', () => {
    expect(shanghaiDay(Date.parse('2025-12-31T15:59:59.999Z'))).toBe('2025-12-31');
    expect(shanghaiDay(Date.parse('2025-12-31T16:00:00Z'))).toBe('2026-01-01');
    expect(shanghaiDay(Date.parse('2028-02-28T16:00:00Z'))).toBe('2028-02-29');
    expect(shanghaiDateTime(Date.parse('2025-08-05T16:00:00Z'))).toBe('2025-08-06 00:00');
  });

  it('[S1-05] an hour of the Shanghai day is that hour of the day the instant falls in', () => {
    const tenPast = shanghaiHourOf(MIDNIGHT, 22);
    expect(tenPast).toBe(Date.parse('2026-03-05T14:00:00Z'));
    // 23:59:59.999 is still the same day; a moment later, 22:00 is the next day's.
    expect(shanghaiHourOf(MIDNIGHT + DAY_MS - 1, 22)).toBe(tenPast);
    expect(shanghaiHourOf(MIDNIGHT + DAY_MS, 22)).toBe(tenPast + DAY_MS);
    expect(shanghaiParts(tenPast).hour).toBe(22);
  });
});

describe('Shanghai weeks', () => {
  it('[S1-05] a week runs from Monday 00:00 Shanghai time (2026-03-05 is a Thursday)', () => {
    expect(shanghaiWeekStartDay(MIDNIGHT)).toBe('2026-03-02');
    const monday = MIDNIGHT - 3 * DAY_MS;
    expect(shanghaiWeekStartDay(monday)).toBe('2026-03-02');
    expect(shanghaiWeekStartDay(monday - 1)).toBe('2026-02-23');
    expect(shanghaiWeekStartDay(monday + 7 * DAY_MS - 1)).toBe('2026-03-02');
    expect(shanghaiWeekStartDay(monday + 7 * DAY_MS)).toBe('2026-03-09');
  });
});

describe('windows', () => {
  const [start, end] = [MIDNIGHT, MIDNIGHT + 2 * 3_600_000];

  it('[S4-19] hold from their start, inclusive, until their end, exclusive', () => {
    expect(withinWindow([start, end], start - 1)).toBe(false);
    expect(withinWindow([start, end], start)).toBe(true);
    expect(withinWindow([start, end], end - 1)).toBe(true);
    expect(withinWindow([start, end], end)).toBe(false);
  });

  it('[S4-19] an open end is no limit', () => {
    expect(withinWindow([null, null], start)).toBe(true);
    expect(withinWindow([start, null], start + 365 * DAY_MS)).toBe(true);
    expect(withinWindow([null, end], start - 365 * DAY_MS)).toBe(true);
    expect(withinWindow([null, end], end)).toBe(false);
  });
});

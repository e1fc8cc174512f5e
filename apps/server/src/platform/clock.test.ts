import { describe, expect, it } from 'vitest';
import { nextTokenExpiry, shanghaiDay, shanghaiParts } from './clock.ts';

describe('clock', () => {
  it('[S1-05] computes days in Asia/Shanghai', () => {
    // 2026-01-01T16:30Z is 00:30 on Jan 2 in Shanghai.
    expect(shanghaiDay(Date.parse('2026-01-01T16:30:00Z'))).toBe('2026-01-02');
    expect(shanghaiParts(Date.parse('2026-01-01T16:30:00Z')).hour).toBe(0);
  });

  it('[S4-02] a token expires at the next 22:00 Shanghai time', () => {
    // 10:00 Shanghai -> 22:00 the same day (14:00Z).
    expect(nextTokenExpiry(Date.parse('2026-03-05T02:00:00Z'))).toBe(Date.parse('2026-03-05T14:00:00Z'));
    // 23:00 Shanghai -> 22:00 the next day.
    expect(nextTokenExpiry(Date.parse('2026-03-05T15:00:00Z'))).toBe(Date.parse('2026-03-06T14:00:00Z'));
    // exactly 22:00 -> the next day.
    expect(nextTokenExpiry(Date.parse('2026-03-05T14:00:00Z'))).toBe(Date.parse('2026-03-06T14:00:00Z'));
  });
});

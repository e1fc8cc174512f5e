import { describe, expect, it } from 'vitest';
import { nextTokenExpiry } from './sessions.ts';

describe('token expiry', () => {
  it('[S4-02] a token expires at the next 22:00 Shanghai time', () => {
    // 10:00 Shanghai -> 22:00 the same day (14:00Z).
    expect(nextTokenExpiry(Date.parse('2026-03-05T02:00:00Z'))).toBe(Date.parse('2026-03-05T14:00:00Z'));
    // A moment before 22:00 -> that 22:00.
    expect(nextTokenExpiry(Date.parse('2026-03-05T13:59:59.999Z'))).toBe(Date.parse('2026-03-05T14:00:00Z'));
    // Exactly 22:00 -> the next day.
    expect(nextTokenExpiry(Date.parse('2026-03-05T14:00:00Z'))).toBe(Date.parse('2026-03-06T14:00:00Z'));
    // 23:00 Shanghai -> 22:00 the next day; so is just past midnight (00:30 on the 6th).
    expect(nextTokenExpiry(Date.parse('2026-03-05T15:00:00Z'))).toBe(Date.parse('2026-03-06T14:00:00Z'));
    expect(nextTokenExpiry(Date.parse('2026-03-05T16:30:00Z'))).toBe(Date.parse('2026-03-06T14:00:00Z'));
  });
});

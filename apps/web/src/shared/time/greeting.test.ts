import { describe, expect, it } from 'vitest';
import { greetingKey } from './greeting.ts';

/** The instant of a Shanghai wall-clock time on the seed's build day (2025/8/6). */
const at = (hour: number, minute = 0) => Date.UTC(2025, 7, 6, hour - 8, minute);

describe('greetings', () => {
  it('[S9-05] changes at the hours 6, 9, 12, 14, 17, 19 and 22 (Shanghai time)', () => {
    const cases: Array<[number, number, string]> = [
      [5, 59, 'greeting.night'],
      [6, 0, 'greeting.morning'],
      [8, 59, 'greeting.morning'],
      [9, 0, 'greeting.forenoon'],
      [11, 59, 'greeting.forenoon'],
      [12, 0, 'greeting.noon'],
      [13, 59, 'greeting.noon'],
      [14, 0, 'greeting.afternoon'],
      [16, 59, 'greeting.afternoon'],
      [17, 0, 'greeting.dusk'],
      [18, 59, 'greeting.dusk'],
      [19, 0, 'greeting.evening'],
      [21, 59, 'greeting.evening'],
      [22, 0, 'greeting.night'],
      [23, 59, 'greeting.night'],
      [0, 30, 'greeting.night'],
    ];
    for (const [h, m, key] of cases) expect(greetingKey(at(h, m)), `${h}:${m}`).toBe(key);
  });

  it('[S1-05] takes the hour in Asia/Shanghai', () => {
    // 00:00 UTC is 08:00 in Shanghai (morning), 16:00 UTC is midnight (night).
    expect(greetingKey(Date.UTC(2025, 7, 6, 0, 0))).toBe('greeting.morning');
    expect(greetingKey(Date.UTC(2025, 7, 6, 16, 0))).toBe('greeting.night');
  });
});

import { describe, expect, it } from 'vitest';
import { DAY_MS, shanghaiMidnight } from '@bp/contract';
import { cardText, detailText, recordFilter } from './records.ts';

describe('the game records’ filters', () => {
  const now = Date.UTC(2026, 10, 27, 9, 30); // 17:30 in Shanghai
  const midnight = shanghaiMidnight(now);

  it('asks today, the last 7 or 30 Shanghai days up to now, by venue when one is picked', () => {
    expect(midnight).toBe(Date.UTC(2026, 10, 26, 16, 0));
    expect(recordFilter({ api_name: null, period: 'today', range: null }, now)).toEqual({ from: midnight, to: now });
    expect(recordFilter({ api_name: 'KY', period: 'week', range: null }, now)).toEqual({ api_name: 'KY', from: midnight - 6 * DAY_MS, to: now });
    expect(recordFilter({ api_name: null, period: 'month', range: null }, now).from).toBe(midnight - 29 * DAY_MS);
  });

  it('asks picked days from the first one’s start to the last one’s end', () => {
    const first = Date.UTC(2026, 10, 20, 4);
    const last = Date.UTC(2026, 10, 22, 4);
    expect(recordFilter({ api_name: 'FISH', period: 'custom', range: [first, last] }, now)).toEqual({
      api_name: 'FISH',
      from: shanghaiMidnight(first),
      to: shanghaiMidnight(last) + DAY_MS - 1,
    });
  });

  it('shows cards with their suits and lists as words', () => {
    expect(cardText('SK')).toBe('♠K');
    expect(cardText('H10')).toBe('♥10');
    expect(detailText(['DA', 'C7'])).toBe('♦A ♣7');
    expect(detailText(['福', '金', '铃'])).toBe('福 金 铃');
    expect(detailText(2.5)).toBe('2.5');
  });
});

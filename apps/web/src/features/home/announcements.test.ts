import { describe, expect, it } from 'vitest';
import type { Notice } from '@bp/contract';
import { isShowing, tickerEntries } from './announcements.ts';

const NOW = Date.UTC(2025, 7, 6, 4, 0);
const HOUR = 3_600_000;
let id = 0;
const notice = (over: Partial<Notice> = {}): Notice => ({
  id: ++id,
  category: 1,
  title: `公告${id}`,
  content: '',
  sort: id,
  pmdTimerStart: null,
  pmdTimerEnd: null,
  ...over,
});
const ids = (entries: ReturnType<typeof tickerEntries>) => entries.map((e) => e.notice?.id ?? null);

describe('announcements', () => {
  it('[S4-19] shows a category-1 announcement only within pmdTimerStart..pmdTimerEnd', () => {
    expect(isShowing(notice({ pmdTimerStart: NOW - HOUR, pmdTimerEnd: NOW + HOUR }), NOW)).toBe(true);
    expect(isShowing(notice({ pmdTimerStart: NOW + 1, pmdTimerEnd: NOW + HOUR }), NOW)).toBe(false);
    expect(isShowing(notice({ pmdTimerStart: NOW - HOUR, pmdTimerEnd: NOW - 1 }), NOW)).toBe(false);
    expect(isShowing(notice({ pmdTimerStart: null, pmdTimerEnd: NOW + HOUR }), NOW)).toBe(true);
  });

  it('[S4-19] shows it from its start, inclusive, until its end, exclusive: the server lists it by the same rule', () => {
    expect(isShowing(notice({ pmdTimerStart: NOW, pmdTimerEnd: NOW + HOUR }), NOW)).toBe(true);
    expect(isShowing(notice({ pmdTimerStart: NOW - HOUR, pmdTimerEnd: NOW + 1 }), NOW)).toBe(true);
    expect(isShowing(notice({ pmdTimerStart: NOW - HOUR, pmdTimerEnd: NOW }), NOW)).toBe(false);
  });

  it('[S4-19] leaves the other categories to their own rules', () => {
    expect(isShowing(notice({ category: 3, pmdTimerStart: NOW + HOUR, pmdTimerEnd: NOW + 2 * HOUR }), NOW)).toBe(true);
    expect(isShowing(notice({ category: 2, pmdTimerEnd: NOW - HOUR }), NOW)).toBe(true);
  });

  it('[S4-20] repeats one remaining announcement to 5 entries', () => {
    const a = notice();
    const expired = notice({ pmdTimerEnd: NOW - 1 });
    expect(ids(tickerEntries([a, expired], NOW))).toEqual([a.id, a.id, a.id, a.id, a.id]);
  });

  it('[S4-20] triples two or three remaining announcements', () => {
    const [a, b, c] = [notice(), notice({ category: 3 }), notice()];
    expect(ids(tickerEntries([a, b], NOW))).toEqual([a.id, b.id, a.id, b.id, a.id, b.id]);
    expect(ids(tickerEntries([a, b, c], NOW))).toHaveLength(9);
  });

  it('[S4-20] pads the list to 4 and keeps four or more as they are', () => {
    expect(ids(tickerEntries([], NOW))).toEqual([null, null, null, null]);
    expect(ids(tickerEntries([notice({ pmdTimerStart: NOW + 1 })], NOW))).toEqual([null, null, null, null]);
    const four = [notice(), notice(), notice(), notice()];
    expect(ids(tickerEntries(four, NOW))).toEqual(four.map((n) => n.id));
  });

  it('gives every row its own key, so the ticker can loop over copies', () => {
    const keys = tickerEntries([notice()], NOW).map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

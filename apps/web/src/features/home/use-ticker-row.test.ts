// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { TICKER_ROW_MS, TICKER_SLIDE_MS, trackShift, useTickerRow, type TickerRow } from './use-ticker-row.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => vi.useRealTimers());

function Probe({ rows, seen }: { rows: number; seen: { value: TickerRow } }) {
  seen.value = useTickerRow(rows, true);
  return null;
}

/** The share of the track one row takes, in percent, from a shift such as 'translateY(-25%)'. */
const shiftOf = (row: number, rows: number) => Number(/-([\d.]+)%/.exec(trackShift(row, rows))![1]);

describe('the notice ticker', () => {
  it('[S4-20] shows the notices one after another, each for one step, and goes round upwards', () => {
    vi.useFakeTimers();
    const rows = 6;
    const seen = { value: { row: -1, slide: false } as TickerRow };
    const root = createRoot(document.createElement('div'));
    act(() => root.render(createElement(Probe, { rows, seen })));
    const shown: number[] = [seen.value.row % rows];
    for (let step = 1; step <= 2 * rows; step++) {
      act(() => void vi.advanceTimersByTime(TICKER_ROW_MS));
      // Each step slides: a jump would show the member the list running backwards.
      expect(seen.value.slide).toBe(true);
      shown.push(seen.value.row % rows);
      if (step !== rows) continue;
      // On the first row's copy: once the slide ends the track is back at its top, without a slide.
      act(() => void vi.advanceTimersByTime(TICKER_SLIDE_MS));
      expect(seen.value).toEqual({ row: 0, slide: false });
    }
    expect(shown).toEqual([0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0]);
    act(() => root.unmount());
  });

  it('[S4-20] moves the track by one row per step, not by its whole height', () => {
    for (const rows of [4, 5, 6, 9]) {
      // The track holds the rows and the copy of the first: one row is 1/(rows + 1) of it.
      for (let row = 0; row <= rows; row++) expect(shiftOf(row, rows) * (rows + 1)).toBeCloseTo(row * 100);
    }
  });
});

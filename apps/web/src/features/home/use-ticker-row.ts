import { useEffect, useState } from 'react';

/** How long each notice stays in view, and how long the slide to the next one takes (home.css). */
export const TICKER_ROW_MS = 3_500;
export const TICKER_SLIDE_MS = 500;

/**
 * The ticker's track is its rows and then the first row again: the last notice slides on into the
 * first, and once that slide ends the track jumps back to its top unseen (the first row shows in
 * both places), so the notices go round one after another, always upwards.
 */
export interface TickerRow {
  /** The row of the track at the top of the window: 0..rows (rows is the first row's copy). */
  row: number;
  /** Whether the move to this row slides; the jump back to the top does not. */
  slide: boolean;
}

/** The row in view of a ticker of `rows` rows, one step every TICKER_ROW_MS while `running`. */
export function useTickerRow(rows: number, running: boolean): TickerRow {
  const [row, setRow] = useState(0);
  useEffect(() => {
    if (!running || rows < 2) return;
    const timer = setInterval(() => setRow((r) => Math.min(r + 1, rows)), TICKER_ROW_MS);
    return () => clearInterval(timer);
  }, [rows, running]);
  useEffect(() => {
    if (row < rows) return;
    const timer = setTimeout(() => setRow(0), TICKER_SLIDE_MS);
    return () => clearTimeout(timer);
  }, [row, rows]);
  return { row: Math.min(row, rows), slide: row !== 0 };
}

/** The track's shift for `row`, as a share of the track's own height (its rows and the copy of the first). */
export const trackShift = (row: number, rows: number): string => `translateY(-${(row * 100) / (rows + 1)}%)`;

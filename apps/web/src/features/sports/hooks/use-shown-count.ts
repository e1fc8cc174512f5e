import { useEffect, useState } from 'react';

/** Cards a phone's first screen holds, rendered at once; the rest follow a couple at a time. */
const FIRST = 5;
const STEP = 2;

/** The next moment the main thread is free (a short task each, so taps and prices are never held up). */
const whenIdle = (run: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 500 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 30);
  return () => clearTimeout(id);
};

/**
 * How many of a long list to render now: the first screenful at once, then a couple more whenever
 * the browser is idle, so opening a board of fifty matches never blocks the page for long (taps and
 * live prices keep flowing). Starts over when `resetKey` changes (another board).
 */
export function useShownCount(total: number, resetKey: string): number {
  const [state, setState] = useState({ key: resetKey, shown: FIRST });
  const shown = state.key === resetKey ? state.shown : FIRST;
  if (state.key !== resetKey) setState({ key: resetKey, shown: FIRST });
  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() => setState((s) => (s.key === resetKey ? { ...s, shown: s.shown + STEP } : s)));
  }, [shown, total, resetKey]);
  return Math.min(shown, total);
}

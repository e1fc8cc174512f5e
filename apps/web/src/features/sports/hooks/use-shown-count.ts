import { useEffect, useState } from 'react';

/** Cards a phone's first screen holds, rendered at once; the rest follow a few at a time. */
const FIRST = 6;
const STEP = 4;

/**
 * How many of a long list to render now: the first screenful at once, then a few more per task, so
 * opening a board of fifty matches never blocks the page for long (taps and live prices keep flowing).
 * Starts over when `resetKey` changes (another board).
 */
export function useShownCount(total: number, resetKey: string): number {
  const [state, setState] = useState({ key: resetKey, shown: FIRST });
  const shown = state.key === resetKey ? state.shown : FIRST;
  if (state.key !== resetKey) setState({ key: resetKey, shown: FIRST });
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setState((s) => (s.key === resetKey ? { ...s, shown: s.shown + STEP } : s)), 16);
    return () => clearTimeout(timer);
  }, [shown, total, resetKey]);
  return Math.min(shown, total);
}

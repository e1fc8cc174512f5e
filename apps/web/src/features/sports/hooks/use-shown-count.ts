import { useCallback, useEffect, useRef, useState } from 'react';

/** Cards a phone's first screen holds, rendered at once. */
const FIRST = 6;
/** Cards added each time the member scrolls near the end of those shown. */
const STEP = 8;
/** How far below the screen the next cards are made, so a scrolling finger never meets an empty list. */
const AHEAD_PX = 800;

/**
 * How many of a long list to render: the first screenful, then more as the member scrolls toward
 * the end (a marker `more` is put after the last card). A board of fifty matches keeps only what is
 * near the screen in the page, so opening it and the live prices flowing into it stay light (issue
 * 13: rendering every card made the sports board's main thread busy for seconds on a phone).
 * Starts over when `resetKey` changes (another board).
 */
export function useShownCount(total: number, resetKey: string): { shown: number; more: (el: HTMLElement | null) => void } {
  const [state, setState] = useState({ key: resetKey, shown: FIRST });
  const shown = state.key === resetKey ? state.shown : FIRST;
  if (state.key !== resetKey) setState({ key: resetKey, shown: FIRST });
  const [marker, setMarker] = useState<HTMLElement | null>(null);
  const keyRef = useRef(resetKey);
  keyRef.current = resetKey;

  useEffect(() => {
    if (!marker || shown >= total) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setState((s) => (s.key === keyRef.current ? { ...s, shown: s.shown + STEP } : s));
      },
      { rootMargin: `0px 0px ${AHEAD_PX}px 0px` },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [marker, shown, total]);

  return { shown: Math.min(shown, total), more: useCallback((el: HTMLElement | null) => setMarker(el), []) };
}

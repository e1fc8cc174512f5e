import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Cards rendered at once: more than a phone's first screen holds (below the board's header, three
 * cards reach past an 844 px screen, four past 1,100). A taller screen that sees the end of these
 * gets the next ones at once.
 */
const FIRST = 4;
/** Cards added each time the member scrolls near the end of those shown. */
const STEP = 8;
/** How far below the screen the next cards are made, so a scrolling finger never meets an empty list. */
const AHEAD_PX = 800;

/** Ways a member starts moving through a page (a scroll of the page or of a list inside it). */
const MOVES = ['scroll', 'touchstart', 'wheel', 'keydown'] as const;

/**
 * Whether the member has begun to move through the page since it opened: until then nothing below
 * the screen is needed, so the page's opening does only the screen's work (issue 13: the board made
 * eight cards more below the screen while it opened, 1,094 elements where the screen shows 500).
 */
function useMoving(): boolean {
  const [moving, setMoving] = useState(() => window.scrollY > 0);
  useEffect(() => {
    if (moving) return;
    const move = () => setMoving(true);
    for (const type of MOVES) window.addEventListener(type, move, { capture: true, passive: true, once: true });
    return () => {
      for (const type of MOVES) window.removeEventListener(type, move, { capture: true });
    };
  }, [moving]);
  return moving;
}

/**
 * How many of a long list to render: the first screenful, then more as the end of those shown
 * comes on screen, or, once the member moves through the page, near it (a marker `more` is put
 * after the last card). A board of fifty matches keeps only what is near the screen in the page, so
 * opening it and the live prices flowing into it stay light (issue 13: rendering every card made the
 * sports board's main thread busy for seconds on a phone). Starts over when `resetKey` changes
 * (another board).
 */
export function useShownCount(total: number, resetKey: string): { shown: number; more: (el: HTMLElement | null) => void } {
  const [state, setState] = useState({ key: resetKey, shown: FIRST });
  const shown = state.key === resetKey ? state.shown : FIRST;
  if (state.key !== resetKey) setState({ key: resetKey, shown: FIRST });
  const [marker, setMarker] = useState<HTMLElement | null>(null);
  const keyRef = useRef(resetKey);
  keyRef.current = resetKey;
  const moving = useMoving();

  useEffect(() => {
    if (!marker || shown >= total) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setState((s) => (s.key === keyRef.current ? { ...s, shown: s.shown + STEP } : s));
      },
      { rootMargin: `0px 0px ${moving ? AHEAD_PX : 0}px 0px` },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [marker, shown, total, moving]);

  return { shown: Math.min(shown, total), more: useCallback((el: HTMLElement | null) => setMarker(el), []) };
}

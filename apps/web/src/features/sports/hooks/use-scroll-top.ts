import { useLayoutEffect } from 'react';

/** A screen opened from another starts at its top (the window keeps the last screen's scroll). */
export function useScrollTop(key?: unknown): void {
  useLayoutEffect(() => {
    // Not returned: newer browsers answer scrollTo with a promise, which React would take for a cleanup.
    window.scrollTo(0, 0);
  }, [key]);
}

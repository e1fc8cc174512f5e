import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the screen (once true, it stays): work for what
 * lies below the first screen waits until the member scrolls towards it.
 */
export function useNearView(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}

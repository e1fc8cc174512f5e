import { useEffect, useState } from 'react';

/** Seed 9: searches and inputs that ask the server wait 300 ms after the last keystroke. */
export const DEBOUNCE_MS = 300;

/** A value that follows `value` once it has stood still for `ms`. */
export function useDebounced<T>(value: T, ms = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

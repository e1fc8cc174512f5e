import { useEffect, useState } from 'react';

/** Seed 9: inputs that call the server wait 300 ms after the last keystroke. */
export const DEBOUNCE_MS = 300;

export function useDebounced<T>(value: T, ms = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

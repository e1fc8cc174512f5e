import { useEffect, useRef, useState } from 'react';
import { oddsMove, type OddsMove } from '../model/odds.ts';

const FLASH_MS = 2_400;

/**
 * Which way a price just moved, for a short while after it moved (red when it rose, green when it fell), as a
 * class: `is-up flash-0`. The flash parity alternates with every move, so a second move in the
 * same direction starts its flash over (the element itself stays, a tap on it is never lost).
 */
export function useOddsFlash(odds: number): string {
  const previous = useRef(odds);
  const [flash, setFlash] = useState<{ move: OddsMove; parity: number }>({ move: null, parity: 0 });
  useEffect(() => {
    const move = oddsMove(previous.current, odds);
    previous.current = odds;
    if (!move) return;
    setFlash((f) => ({ move, parity: 1 - f.parity }));
    const timer = setTimeout(() => setFlash((f) => ({ ...f, move: null })), FLASH_MS);
    return () => clearTimeout(timer);
  }, [odds]);
  return flash.move ? `is-${flash.move} flash-${flash.parity}` : '';
}

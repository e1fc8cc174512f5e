import { useEffect, useState } from 'react';
import { serverClock } from '../../../shared/time/server-time.ts';

/** Server time now, renewed every `ms` while `running` (a match clock, a countdown). */
export function useServerNow(running: boolean, ms = 1_000): number {
  const [now, setNow] = useState(() => serverClock.now());
  useEffect(() => {
    if (!running) return;
    setNow(serverClock.now());
    const timer = setInterval(() => setNow(serverClock.now()), ms);
    return () => clearInterval(timer);
  }, [running, ms]);
  return now;
}

export { useDebounced } from '../../../shared/ui/use-debounced.ts';

import { useEffect, useState } from 'react';
import { serverClock } from '../../../shared/time/server-time.ts';

/** The server's time, re-read every `ms` while the screen shows it (countdowns and the deal's steps). */
export function useServerNow(ms = 250): number {
  const [now, setNow] = useState(serverClock.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverClock.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

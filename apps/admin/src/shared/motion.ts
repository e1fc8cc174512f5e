import { useSyncExternalStore } from 'react';

const LESS_MOTION = '(prefers-reduced-motion: reduce)';

const followLessMotion = (onChange: () => void) => {
  const query = matchMedia(LESS_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the system asks for less motion, followed as the setting changes (App turns antd's motion off then, and the charts follow it). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(followLessMotion, () => matchMedia(LESS_MOTION).matches);
}

import { shanghaiParts } from '@bp/contract';

/**
 * Greetings by the hour of the day in Shanghai (seed 9: boundaries at 6, 9, 12, 14, 17, 19, 22).
 * Each entry starts at its hour and lasts until the next boundary.
 */
export const GREETING_BOUNDARIES = [
  { from: 6, key: 'greeting.morning' },
  { from: 9, key: 'greeting.forenoon' },
  { from: 12, key: 'greeting.noon' },
  { from: 14, key: 'greeting.afternoon' },
  { from: 17, key: 'greeting.dusk' },
  { from: 19, key: 'greeting.evening' },
  { from: 22, key: 'greeting.night' },
] as const;

export type GreetingKey = (typeof GREETING_BOUNDARIES)[number]['key'];

/** The greeting's i18n key for an instant; before 6 it is still the night's. */
export function greetingKey(at: number): GreetingKey {
  const { hour } = shanghaiParts(at);
  let key: GreetingKey = 'greeting.night';
  for (const b of GREETING_BOUNDARIES) if (hour >= b.from) key = b.key;
  return key;
}

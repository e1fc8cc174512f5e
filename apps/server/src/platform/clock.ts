/**
 * The server's time. Stored in UTC; Shanghai days are reckoned in the contract (`shanghaiDay`...).
 * `now()` can be shifted in tests, so time-dependent rules are tested without waiting.
 */
let offsetMs = 0;

export const clock = {
  now(): number {
    return Date.now() + offsetMs;
  },
  /** Tests only: move the server's clock by `ms`. */
  shift(ms: number): void {
    offsetMs += ms;
  },
  reset(): void {
    offsetMs = 0;
  },
};

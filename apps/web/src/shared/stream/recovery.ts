/**
 * The player's recovery rules, kept pure so they are tested without a browser: how long to wait
 * before the next try after a fatal error, and when a playing stream counts as stalled.
 */
export const RECOVERY = {
  /** The first retry waits this long, each next one twice as long… */
  firstRetryMs: 1_000,
  /** …up to this. */
  maxRetryMs: 15_000,
  /** Tries after a fatal error before the error state asks the viewer. */
  maxRetries: 5,
  /** No progress in this long while it should play: stalled. */
  stallMs: 4_000,
  /** How often the watchdog looks. */
  checkEveryMs: 1_000,
} as const;

/** The wait before retry number `attempt` (0 for the first): exponential, capped. */
export const backoffMs = (attempt: number): number => Math.min(RECOVERY.maxRetryMs, RECOVERY.firstRetryMs * 2 ** Math.max(0, attempt));

/** What the watchdog asks of the engine: nothing, a soft recovery, or a new engine. */
export type StallAction = 'none' | 'recover' | 'recreate';

/**
 * Watches a playing video's time. Stalled once (no progress for `stallMs` while not paused): a soft
 * recovery (hls.js: recoverMediaError and startLoad again); stalled again without progress in
 * between: the engine is recreated. Progress resets it.
 */
export class StallWatch {
  private lastTime = -1;
  private lastProgressAt: number;
  private recovered = false;

  constructor(
    now: number,
    private readonly stallMs: number = RECOVERY.stallMs,
  ) {
    this.lastProgressAt = now;
  }

  /** One look: the video's current time now, and whether it is meant to be playing. */
  check(now: number, currentTime: number, shouldPlay: boolean): StallAction {
    if (!shouldPlay || currentTime !== this.lastTime) {
      if (currentTime !== this.lastTime) this.recovered = false;
      this.lastTime = currentTime;
      this.lastProgressAt = now;
      return 'none';
    }
    if (now - this.lastProgressAt < this.stallMs) return 'none';
    this.lastProgressAt = now;
    const action = this.recovered ? 'recreate' : 'recover';
    this.recovered = !this.recovered;
    return action;
  }
}

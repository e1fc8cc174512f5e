/**
 * Runs `work` every `ms` on this instance, never two runs at once (a slow run makes the next wait);
 * a failed run goes to `onError` and the next one runs as usual. Returns how to stop and wait for
 * the last run.
 */
export function every(ms: number, work: () => Promise<unknown>, onError: (err: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
      .catch(onError)
      .finally(() => (running = null));
  }, ms);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

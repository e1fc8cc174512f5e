import type { Deps } from '../../platform/deps.ts';
import { announceBalance } from './announce.ts';
import { confirmChainPayments } from './sandbox-gateway.ts';
import { accrueInterest } from './yeb.ts';

/** Runs `work` every `ms` (never two runs at once); returns how to stop and wait for the last run. */
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

/**
 * The wallet's background work: the daily interest accrual (checked each minute; the row per
 * account and Shanghai day keeps it to once a day on any number of instances), and the sandbox
 * chain's confirmations of USDT deposits.
 */
export function startWalletJobs(deps: Deps, log: (err: unknown) => void): () => Promise<void> {
  const stops = [
    every(60_000, () => accrueInterest(deps.db), log),
    every(5_000, () => confirmChainPayments(deps.db, undefined, (owner) => announceBalance(deps, owner, 'deposit')), log),
  ];
  void accrueInterest(deps.db).catch(log);
  return async () => {
    for (const stop of stops) await stop();
  };
}

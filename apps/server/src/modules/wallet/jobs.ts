import type { Deps } from '../../platform/deps.ts';
import { every } from '../../platform/jobs.ts';
import { announceBalance } from './announce.ts';
import { confirmChainPayments } from './sandbox-gateway.ts';
import { accrueInterest } from './yeb.ts';
import { rollUpRecentDays } from './reports.ts';

/**
 * The wallet's background work: the daily interest accrual (checked each minute; the row per
 * account and Shanghai day keeps it to once a day on any number of instances), and the sandbox
 * chain's confirmations of USDT deposits, and the reports' roll-up of each closed day (checked every
 * ten minutes, each day once), so a report seldom waits for one.
 */
export function startWalletJobs(deps: Deps): () => Promise<void> {
  const log = (err: unknown) => deps.log.error({ err }, 'wallet job failed');
  const stops = [
    every(60_000, () => accrueInterest(deps.db), log),
    every(5_000, () => confirmChainPayments(deps.db, undefined, (owner) => announceBalance(deps, owner, 'deposit')), log),
    every(10 * 60_000, () => rollUpRecentDays(deps.db), log),
  ];
  void accrueInterest(deps.db).catch(log);
  return async () => {
    for (const stop of stops) await stop();
  };
}

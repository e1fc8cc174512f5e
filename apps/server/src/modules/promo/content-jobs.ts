import type { Deps } from '../../platform/deps.ts';
import { every } from '../../platform/jobs.ts';
import { listSites } from '../site/index.ts';
import { topUpDemoPicks } from './demo-content.ts';
import { decideMatchPicks, DECIDE_EVERY_MS } from './match-picks.ts';
import { grantTurnoverPrizes, TURNOVER_PRIZES_EVERY_MS } from './turnover-prizes.ts';

/** The demo experts keep picking as the book's matches come and go (a pick is once per expert and match, so two instances agree). */
const TOP_UP_MS = 5 * 60_000;

export async function startContentJobs(deps: Deps): Promise<() => Promise<void>> {
  const stops = [
    every(
      TOP_UP_MS,
      async () => {
        const { byId } = await listSites(deps.db);
        for (const site of byId.values()) await topUpDemoPicks(deps.db, site.siteId, site.currency);
      },
      (err) => deps.log.error({ err }, 'expert picks top-up failed'),
    ),
    every(
      DECIDE_EVERY_MS,
      () => decideMatchPicks(deps.db),
      (err) => deps.log.error({ err }, 'deciding guesses and soccer tickets failed'),
    ),
    every(
      TURNOVER_PRIZES_EVERY_MS,
      () => grantTurnoverPrizes(deps.db),
      (err) => deps.log.error({ err }, 'granting invite rewards and 闯关 stages failed'),
    ),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

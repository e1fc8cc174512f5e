import type { Module } from '../../platform/deps.ts';
import { every } from '../../platform/jobs.ts';
import { HOUSEKEEPING_MS } from '../../platform/retention.ts';
import { tablesRoutes } from './routes.ts';
import { seedTables } from './demo.ts';
import { DEALER_TICK_MS, runTables } from './dealer.ts';
import { historyRetentionDays, pruneTableHistory } from './retention.ts';

/**
 * Live dealer tables built in as the AG venue (AG真人): baccarat, dragon tiger and European
 * roulette, dealt on the server's clock for every viewer at once, bets from the member's AG balance,
 * rounds and results on `table:<tableId>`. The instance running jobs deals and pays; a round left
 * by a crash is paid from its stored outcome, or refunded when it was never dealt.
 */
export { runTables, dealRound, finishRound } from './dealer.ts';
/** The tables and their limits per currency, for the operator's venue desk. */
export { listTables, setTableLimits, type DealerTable } from './catalogue.ts';

export const tablesModule: Module = {
  name: 'tables',
  install(app, deps) {
    historyRetentionDays(deps.config.tableHistoryRetentionDays);
    tablesRoutes(app, deps);
  },
  seed: seedTables,
  async start(deps) {
    const deal = every(
      DEALER_TICK_MS,
      () => runTables(deps),
      (err) => deps.log.error({ err }, 'dealer tables failed'),
    );
    const keep = { recordDays: deps.config.gameRecordRetentionDays, historyDays: deps.config.tableHistoryRetentionDays };
    const prune = every(
      HOUSEKEEPING_MS,
      async () => {
        const gone = await pruneTableHistory(deps.db, keep);
        if (gone.bets || gone.rounds) deps.log.info(gone, 'dealer table history past retention deleted');
      },
      (err) => deps.log.error({ err }, 'dealer table retention failed'),
    );
    return async () => {
      await Promise.all([deal(), prune()]);
    };
  },
};

import type { Module } from '../../platform/deps.ts';
import { every } from '../../platform/jobs.ts';
import { chessRoutes } from './routes.ts';
import { finishIdleHands } from './play.ts';
import { pruneWithRecords } from '../casino/index.ts';
import { pruneHands } from './retention.ts';

/**
 * 棋牌 at 开元棋牌 (KY): 抢庄牛牛 against the house banker, played from the member's KY balance,
 * every round in the casino's game records. A hand left without a bid is settled as 不抢.
 */
export { NIUNIU_VENUE, finishIdleHands } from './play.ts';

// Settled hands go with their game records, by the casino's job and window.
pruneWithRecords('chess', pruneHands);

export const chessModule: Module = {
  name: 'chess',
  install(app, deps) {
    chessRoutes(app, deps);
  },
  async start(deps) {
    const finish = () => finishIdleHands(deps.db);
    const onError = (err: unknown) => deps.log.error({ err }, 'niuniu: settling idle hands failed');
    await finish().catch(onError);
    return every(60_000, finish, onError);
  },
};

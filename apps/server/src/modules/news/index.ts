import type { Module } from '../../platform/deps.ts';
import { newsRoutes } from './routes.ts';

export { toNews } from './matches.ts';

/**
 * Sports news and the game assistant (seed 7, S7-12): reports, previews, fixtures, results and
 * league tables, all read from the sportsbook through its index and written in zh-CN; no table of
 * its own.
 */
export const newsModule: Module = {
  name: 'news',
  install(app, deps) {
    newsRoutes(app, deps);
  },
};

import type { Module } from '../../platform/deps.ts';
import { fishRoutes } from './routes.ts';

/** 捕鱼 at the fish venue (海王捕鱼): a fish shooter whose every shot returns a stated RTP, each batch of shots a round in the game records. */
export { FISH_VENUE } from './play.ts';

export const fishModule: Module = {
  name: 'fish',
  install(app, deps) {
    fishRoutes(app, deps);
  },
};

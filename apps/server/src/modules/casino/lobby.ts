import { GAME_KINDS, type GameKind } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { listVenues, offeredVenues, playableMainWalletVenues } from '../venue/index.ts';

const KIND_NAMES: Record<GameKind, string> = { live: '真人', egame: '电子', chess: '棋牌', fish: '捕鱼', originals: '原创' };

/**
 * The game lobby (`/api/game/lobby`): each category with its venues and their maintenance state
 * (status 0 open, seed 4). Only venues with something to play behind them: those a product offers
 * (the catalogue lists a game there, a built-in table runs there), and those played from the main
 * wallet while playable (the house originals' always, a seamless provider's while enabled and
 * heard from), offered for no transfer. A category with no such venue is left out, so nothing on
 * the lobby leads nowhere.
 */
export async function gameLobby(db: Db) {
  const [venues, offered, fromMain] = await Promise.all([listVenues(db), offeredVenues(db), playableMainWalletVenues(db)]);
  const playable = venues.filter((v) => offered.has(v.api_name) || fromMain.has(v.api_name));
  return {
    categories: GAME_KINDS.map((kind) => ({
      kind,
      name: KIND_NAMES[kind],
      venues: playable.filter((v) => v.category === kind).map(({ api_name, name, status }) => ({ api_name, name, status })),
    })).filter((c) => c.venues.length > 0),
  };
}

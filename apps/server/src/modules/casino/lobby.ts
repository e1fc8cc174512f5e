import { GAME_KINDS, type GameKind } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { listVenues, offeredVenues } from '../venue/index.ts';
import { playableSeamlessVenues } from './seamless.ts';

const KIND_NAMES: Record<GameKind, string> = { live: '真人', egame: '电子', chess: '棋牌', fish: '捕鱼', originals: '原创' };

/**
 * The game lobby (`/api/game/lobby`): each category with its venues and their maintenance state
 * (status 0 open, seed 4). Only venues with something to play behind them: those a product offers
 * (the catalogue lists a game there, a built-in table runs there), and the house originals' venue,
 * whose games are built in and played from the main wallet, so it is offered for no transfer, and
 * a seamless-wallet provider's while it is playable (enabled and heard from). A
 * category with no such venue is left out, so nothing on the lobby leads nowhere.
 */
export async function gameLobby(db: Db) {
  const [venues, offered, seamless] = await Promise.all([listVenues(db), offeredVenues(db), playableSeamlessVenues(db)]);
  const playable = venues.filter((v) => offered.has(v.api_name) || seamless.has(v.api_name) || v.category === 'originals');
  return {
    categories: GAME_KINDS.map((kind) => ({
      kind,
      name: KIND_NAMES[kind],
      venues: playable.filter((v) => v.category === kind).map(({ api_name, name, status }) => ({ api_name, name, status })),
    })).filter((c) => c.venues.length > 0),
  };
}

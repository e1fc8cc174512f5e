import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { catalogueChanged } from './catalogue.ts';

/** The sandbox PG venue's electronic games: [gameId, gameName, hot, new]. Tiles are assets/games/<gameId>.svg. */
const PG_GAMES = [
  ['pg-mahjong-ways', '麻将胡了', true, false],
  ['pg-mahjong-ways2', '麻将胡了2', true, false],
  ['pg-captains-bounty', '赏金船长', true, false],
  ['pg-treasures-aztec', '寻宝黄金城', true, false],
  ['pg-lucky-neko', '招财喵', false, true],
  ['pg-fortune-pig', '金猪报财', false, false],
  ['pg-wild-bandito', '亡灵大盗', false, true],
  ['pg-ice-rush', '冰雪大冲关', false, false],
  ['pg-double-fortune', '双囍临门', true, false],
  ['pg-candy-burst', '糖心风暴', false, true],
  ['pg-book-of-wizard', '巫师之书', false, false],
  ['pg-queen-of-bounty', '赏金女王', false, true],
] as const;

/**
 * The built-in house games of the chess and fish venues (chess and fish modules): listed here, the
 * catalogue offers their venues (money may go in, the lobby and the wallet show them).
 */
const HOUSE_GAMES = [
  ['ky-qznn', 'KY', '抢庄牛牛', '开元棋牌'],
  ['fish-haiwang', 'FISH', '海王捕鱼', '海王捕鱼'],
] as const;

export const GAME_IMAGE_PREFIX = '/assets/games/';

/** The provider simulator's game (venue SIM, a seamless-wallet provider: listed only while it is playable). */
const SIM_GAMES = [['sim-lucky-seven', '幸运七（模拟供应商）']] as const;

export async function seedGames({ db }: Deps): Promise<void> {
  for (const [sort, [gameId, gameName, hot, isNew]] of PG_GAMES.entries()) {
    await db.execute(sql`
      INSERT INTO casino_games (game_id, api_name, game_name, brand, image, hot, is_new, sort)
      VALUES (${gameId}, 'PG', ${gameName}, 'PG Soft', ${`${GAME_IMAGE_PREFIX}${gameId}.svg`}, ${hot}, ${isNew}, ${sort})
      ON CONFLICT DO NOTHING`);
  }
  for (const [sort, [gameId, gameName]] of SIM_GAMES.entries()) {
    await db.execute(sql`
      INSERT INTO casino_games (game_id, api_name, game_name, brand, image, sort)
      VALUES (${gameId}, 'SIM', ${gameName}, 'Provider Sim', ${`${GAME_IMAGE_PREFIX}${gameId}.svg`}, ${sort})
      ON CONFLICT DO NOTHING`);
  }
  for (const [gameId, apiName, gameName, brand] of HOUSE_GAMES) {
    await db.execute(sql`
      INSERT INTO casino_games (game_id, api_name, game_name, brand, image, hot)
      VALUES (${gameId}, ${apiName}, ${gameName}, ${brand}, ${`${GAME_IMAGE_PREFIX}${gameId}.svg`}, true)
      ON CONFLICT DO NOTHING`);
  }
  catalogueChanged();
}

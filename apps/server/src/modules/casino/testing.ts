import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { catalogueChanged } from './catalogue.ts';

/**
 * Tests: a game listed at each venue, so the venue is offered as a product makes it (money may go
 * in, a launch opens it), for tests of transfers that need more venues than the demo offers.
 */
export async function offerVenues(db: Db, ...apiNames: string[]): Promise<void> {
  for (const apiName of apiNames) {
    await db.execute(sql`
      INSERT INTO casino_games (game_id, api_name, game_name, brand, image)
      VALUES (${`test-${apiName.toLowerCase()}`}, ${apiName}, ${`${apiName}测试游戏`}, ${apiName}, ${`/assets/games/test-${apiName.toLowerCase()}.svg`})
      ON CONFLICT DO NOTHING`);
  }
  catalogueChanged();
}

/** Tests: the games offerVenues listed taken off the catalogue again, as when a product stops playing at a venue. */
export async function unlistVenues(db: Db, ...apiNames: string[]): Promise<void> {
  for (const apiName of apiNames) await db.execute(sql`DELETE FROM casino_games WHERE game_id = ${`test-${apiName.toLowerCase()}`}`);
  catalogueChanged();
}

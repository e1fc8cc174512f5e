import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { listGame } from '../casino/index.ts';

/** [min, max] in minor units. */
const yuan = (min: number, max: number) => [min * 100, max * 100];

/**
 * The built-in tables: phases in ms at pace 1 (betting, dealing, result) and limits per currency.
 * USDT limits are about a seventh of CNY's.
 */
const TABLES = [
  {
    tableId: 'bac1',
    game: 'baccarat',
    name: '百家乐 A',
    gameId: 'ag-baccarat',
    phases: [15_000, 9_000, 6_000],
    limits: {
      CNY: { main: yuan(10, 50_000), tie: yuan(10, 5_000), pair: yuan(10, 5_000) },
      USDT: { main: yuan(1, 7_000), tie: yuan(1, 700), pair: yuan(1, 700) },
    },
  },
  {
    tableId: 'dt1',
    game: 'dragon-tiger',
    name: '龙虎',
    gameId: 'ag-dragon-tiger',
    phases: [12_000, 4_000, 4_000],
    limits: { CNY: { main: yuan(10, 50_000), tie: yuan(10, 5_000) }, USDT: { main: yuan(1, 7_000), tie: yuan(1, 700) } },
  },
  {
    tableId: 'rou1',
    game: 'roulette',
    name: '欧洲轮盘',
    gameId: 'ag-roulette',
    phases: [15_000, 9_000, 6_000],
    limits: {
      CNY: { straight: yuan(5, 1_000), split: yuan(5, 2_000), dozen: yuan(10, 20_000), outside: yuan(10, 50_000) },
      USDT: { straight: yuan(1, 150), split: yuan(1, 300), dozen: yuan(1, 3_000), outside: yuan(1, 7_000) },
    },
  },
] as const;

/** The tables, and their games in the catalogue at AG (so AG is offered and a launch opens them). */
export async function seedTables({ db }: Deps): Promise<void> {
  for (const [sort, t] of TABLES.entries()) {
    const [bet, deal, result] = t.phases;
    await db.execute(sql`
      INSERT INTO dealer_tables (table_id, game, name, game_id, sort, bet_ms, deal_ms, result_ms, limits)
      VALUES (${t.tableId}, ${t.game}, ${t.name}, ${t.gameId}, ${sort}, ${bet}, ${deal}, ${result}, ${JSON.stringify(t.limits)}::jsonb)
      ON CONFLICT DO NOTHING`);
    await listGame(db, { gameId: t.gameId, apiName: 'AG', gameName: t.name, brand: 'AG真人', sort });
  }
}

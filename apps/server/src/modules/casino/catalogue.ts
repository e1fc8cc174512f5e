import { sql } from 'drizzle-orm';
import { egameCode, type Egame } from '@bp/contract';
import { rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { MemoryCache, forgetTag } from '../../platform/cache.ts';
import { hiddenMainWalletVenues, listVenues, type VenueRow } from '../venue/index.ts';

interface GameRow {
  game_id: string;
  game_name: string;
  api_name: string;
  brand: string;
  image: string;
  hot: boolean;
  is_new: boolean;
  collected: boolean;
  total: string | number;
}

export const toEgame = (r: GameRow): Egame => ({
  gameId: r.game_id,
  gameName: r.game_name,
  api_name: r.api_name,
  brand: r.brand,
  image: r.image,
  hot: r.hot,
  new: r.is_new,
  collected: r.collected,
});

/** The venues offering electronic games, each with its egame page code (seed 2). */
export async function egameBrands(db: DbOrTx) {
  const counts = await rowsOf<{ api_name: string; n: string | number }>(db, sql`SELECT api_name, count(*) AS n FROM casino_games GROUP BY api_name`);
  const countOf = new Map(counts.map((c) => [c.api_name, Number(c.n)]));
  return (await egameVenues(db)).map((v) => ({
    api_name: v.api_name,
    name: v.name,
    code: egameCode(v.api_name),
    status: v.status,
    gameCount: countOf.get(v.api_name) ?? 0,
  }));
}

/**
 * Where the casino takes transfers: the venues its catalogue holds a game of (a launch opens one
 * of them); the venue module leaves out those played from the main wallet.
 */
export async function cataloguedVenues(db: DbOrTx): Promise<string[]> {
  // Asked by every transfer in (offeredVenues): kept a few seconds, forgotten on every instance when a game is listed.
  const read = async () => (await rowsOf<{ api_name: string }>(db, sql`SELECT DISTINCT api_name FROM casino_games`)).map((r) => r.api_name);
  return catalogued.fromDb(db, 'venues', read, CATALOGUE_TAG);
}

const CATALOGUE_TAG = 'casino-catalogue';
const catalogued = new MemoryCache<string[]>(5_000);
/** What lists or unlists a game calls this, so no instance offers venues as they were. */
export const catalogueChanged = (): void => forgetTag(CATALOGUE_TAG);

/** The egame venues a member may see: a seamless provider's only while it is playable. */
async function egameVenues(db: DbOrTx): Promise<VenueRow[]> {
  const [venues, hidden] = await Promise.all([listVenues(db), hiddenMainWalletVenues(db)]);
  return venues.filter((v) => v.category === 'egame' && !hidden.has(v.api_name));
}

/** The egame venue of a page code or an api_name: GAME_VENUE_UNKNOWN when none. */
export async function egameVenue(db: DbOrTx, by: { code?: string; api_name?: string }): Promise<VenueRow> {
  const venues = await egameVenues(db);
  const venue = by.api_name ? venues.find((v) => v.api_name === by.api_name) : venues.find((v) => egameCode(v.api_name) === by.code!.toLowerCase());
  return venue ?? fail('GAME_VENUE_UNKNOWN');
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListFilter {
  page: number;
  size: number;
  keyword?: string;
  hot?: boolean;
  new?: boolean;
}

/** A page of a venue's games, the member's collected flag on each. */
export async function listEgames(db: DbOrTx, apiName: string, memberId: number | null, f: ListFilter) {
  const keyword = f.keyword ? sql`AND g.game_name ILIKE ${likePattern(f.keyword)}` : sql``;
  const hot = f.hot ? sql`AND g.hot` : sql``;
  const fresh = f.new ? sql`AND g.is_new` : sql``;
  const rows = await rowsOf<GameRow>(
    db,
    sql`
    SELECT g.*, (c.member_id IS NOT NULL) AS collected, count(*) OVER () AS total
    FROM casino_games g LEFT JOIN casino_collections c ON c.game_id = g.game_id AND c.member_id = ${memberId}
    WHERE g.api_name = ${apiName} ${keyword} ${hot} ${fresh}
    ORDER BY g.sort, g.game_id LIMIT ${f.size} OFFSET ${(f.page - 1) * f.size}`,
  );
  return { list: rows.map(toEgame), total: rows.length ? Number(rows[0].total) : await countOf(db, apiName, keyword, hot, fresh) };
}

/** The total when the page is past the end (the window count has no row to ride on). */
async function countOf(db: DbOrTx, apiName: string, ...filters: ReturnType<typeof sql>[]): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM casino_games g WHERE g.api_name = ${apiName} ${sql.join(filters, sql` `)}`,
  );
  return Number(row.n);
}

export interface GameRef {
  game_id: string;
  game_name: string;
  api_name: string;
}

/** One game of a venue, or GAME_NOT_FOUND. */
export async function gameOf(db: DbOrTx, gameId: string, apiName?: string): Promise<GameRef> {
  const [game] = await rowsOf<GameRef>(db, sql`SELECT game_id, game_name, api_name FROM casino_games WHERE game_id = ${gameId}`);
  if (!game || (apiName && game.api_name !== apiName)) fail('GAME_NOT_FOUND');
  return game;
}

/** A game another module plays, listed at its venue (so the venue is offered), kept as given on every start. */
export async function listGame(db: DbOrTx, game: { gameId: string; apiName: string; gameName: string; brand: string; sort: number }): Promise<void> {
  await db.execute(sql`
    INSERT INTO casino_games (game_id, api_name, game_name, brand, image, sort)
    VALUES (${game.gameId}, ${game.apiName}, ${game.gameName}, ${game.brand}, ${`/assets/games/${game.gameId}.svg`}, ${game.sort})
    ON CONFLICT (game_id) DO UPDATE SET game_name = excluded.game_name, api_name = excluded.api_name`);
  catalogueChanged();
}

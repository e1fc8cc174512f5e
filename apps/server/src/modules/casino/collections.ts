import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { gameOf, toEgame } from './catalogue.ts';

/** Adds a game to the member's collection (adding twice keeps one). */
export async function addToCollection(db: Db, memberId: number, gameId: string) {
  await gameOf(db, gameId);
  await db.execute(sql`INSERT INTO casino_collections (member_id, game_id) VALUES (${memberId}, ${gameId}) ON CONFLICT DO NOTHING`);
  return { gameId, collected: true };
}

export async function removeFromCollection(db: Db, memberId: number, gameId: string) {
  await gameOf(db, gameId);
  await db.execute(sql`DELETE FROM casino_collections WHERE member_id = ${memberId} AND game_id = ${gameId}`);
  return { gameId, collected: false };
}

/** The member's collection, latest first. */
export async function listCollection(db: Db, memberId: number, page: number, size: number) {
  const { rows } = await db.execute(sql`
    SELECT g.*, true AS collected, count(*) OVER () AS total
    FROM casino_collections c JOIN casino_games g ON g.game_id = c.game_id
    WHERE c.member_id = ${memberId}
    ORDER BY c.created_at DESC, g.game_id LIMIT ${size} OFFSET ${(page - 1) * size}`);
  const list = (rows as unknown as Parameters<typeof toEgame>[0][]).map(toEgame);
  const total = rows.length
    ? Number((rows[0] as { total: unknown }).total)
    : Number((await db.execute(sql`SELECT count(*) AS n FROM casino_collections WHERE member_id = ${memberId}`)).rows[0].n);
  return { list, total };
}

import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db/index.ts';
import { listSites } from '../site/index.ts';
import { walletOwner } from '../wallet/index.ts';
import { activityOf } from './activities.ts';
import { decidedMatches, decideGuesses } from './guess.ts';
import { settleTickets } from './soccer-lottery.ts';

/** How often the book's results are looked for among open picks. */
export const DECIDE_EVERY_MS = 60_000;

/**
 * The guess and the soccer lottery are decided by the book's results. A member's page decides their
 * own picks at once; this pass decides everyone's, so a prize waits in the welfare centre for a
 * member who never opens the page again, and picks made before an activity ended are still paid.
 * Each pick moves from open once (guess.ts, soccer-lottery.ts), so two instances agree.
 */
export async function decideMatchPicks(db: Db): Promise<void> {
  const { byId } = await listSites(db);
  for (const site of byId.values()) {
    const guess = await activityOf(db, site.siteId, 'guess');
    if (guess) {
      const open = await rowsOf<{ member_id: string; match_ids: string[] }>(
        db,
        sql`SELECT member_id, array_agg(match_id) AS match_ids FROM promo_guesses
            WHERE activity_id = ${guess.activity_id} AND status = 'open' GROUP BY member_id`,
      );
      for (const member of await withDecided(db, site.siteId, open)) await decideGuesses(db, walletOwner(site, member), guess);
    }
    const soccer = await activityOf(db, site.siteId, 'soccer_lottery');
    if (soccer) {
      const open = await rowsOf<{ member_id: string; match_ids: string[] }>(
        db,
        sql`SELECT t.member_id, array_agg(DISTINCT m) AS match_ids FROM promo_soccer_tickets t
            JOIN promo_soccer_rounds r USING (round_id), unnest(r.match_ids) AS m
            WHERE t.activity_id = ${soccer.activity_id} AND t.status = 'open' GROUP BY t.member_id`,
      );
      for (const member of await withDecided(db, site.siteId, open)) await settleTickets(db, walletOwner(site, member), soccer);
    }
  }
}

/** The members with an open pick on a match the book has decided (settleTickets then waits for a ticket's every match). */
async function withDecided(db: Db, siteId: number, open: Array<{ member_id: string; match_ids: string[] }>): Promise<number[]> {
  const decided = await decidedMatches(db, siteId, [...new Set(open.flatMap((r) => r.match_ids.map(Number)))]);
  return open.filter((r) => r.match_ids.some((id) => decided.has(Number(id)))).map((r) => Number(r.member_id));
}

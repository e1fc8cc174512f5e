import { sql } from 'drizzle-orm';
import type { Sport } from '@bp/contract';
import type { DbOrTx } from '../../../platform/db/index.ts';
import type { FeedView, OpenMatch } from './adapter.ts';

/** The book's open matches, as a feed adapter is shown them. */
export async function loadView(db: DbOrTx, now: number, speed: number): Promise<FeedView> {
  const { rows } = await db.execute(sql`
    SELECT x.feed_ref, x.sport, x.league_id, h.feed_ref AS home_ref, v.feed_ref AS visit_ref, x.status,
      (extract(epoch FROM x.start_at) * 1000)::float8 AS start_ms, x.home_score, x.visit_score, x.feed_state
    FROM sports_matches x
    JOIN sports_teams h ON h.team_id = x.home_team_id
    JOIN sports_teams v ON v.team_id = x.visit_team_id
    WHERE x.status IN ('scheduled', 'live')
    ORDER BY x.start_at`);
  const matches: OpenMatch[] = (rows as Array<Record<string, unknown>>).map((r) => ({
    ref: r.feed_ref as string,
    sport: r.sport as Sport,
    leagueId: Number(r.league_id),
    homeRef: r.home_ref as string,
    visitRef: r.visit_ref as string,
    status: r.status as OpenMatch['status'],
    startAt: Number(r.start_ms),
    homeScore: Number(r.home_score),
    visitScore: Number(r.visit_score),
    memory: r.feed_state,
  }));
  return { now, speed, matches };
}

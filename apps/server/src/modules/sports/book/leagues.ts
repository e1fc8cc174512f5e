import { sql } from 'drizzle-orm';
import { BALL_CLASS_IDS, oddsFromX100, type MarketStatus, type Sport, type SportsVenueCode } from '@bp/contract';
import type { DbOrTx } from '../../../platform/db/index.ts';
import { selectionStatus } from './markets.ts';
import { inList } from './sql.ts';
import { venueName } from './venues.ts';

/** Leagues with how many matches each has on the board and in play. */
export async function listLeagues(db: DbOrTx, sport?: Sport) {
  const { rows } = await db.execute(sql`
    SELECT l.league_id, l.sport, l.name, l.region, l.logo, l.match_class, l.venue_code,
      count(x.match_id) FILTER (WHERE x.status IN ('scheduled', 'live'))::int AS match_count,
      count(x.match_id) FILTER (WHERE x.status = 'live')::int AS live_count
    FROM sports_leagues l LEFT JOIN sports_matches x ON x.league_id = l.league_id
    ${sport ? sql`WHERE l.sport = ${sport}` : sql``}
    GROUP BY l.league_id ORDER BY l.sort, l.league_id`);
  return (rows as Array<Record<string, unknown>>).map((r) => ({
    leagueId: Number(r.league_id),
    tid: Number(r.league_id),
    sport: r.sport as Sport,
    ballClassId: BALL_CLASS_IDS[r.sport as Sport],
    name: r.name as string,
    region: r.region as string,
    logo: r.logo as string,
    matchClass: r.match_class as 'league',
    venueCode: r.venue_code as SportsVenueCode,
    venueName: venueName(r.venue_code as string),
    matchCount: Number(r.match_count),
    liveCount: Number(r.live_count),
  }));
}

/** Today's price and state of some selections (a bet slip refreshing itself); unknown ids are left out. */
export async function currentOdds(db: DbOrTx, selectionIds: number[]) {
  const { rows } = await db.execute(sql`
    SELECT s.selection_id, mk.market_id, mk.match_id, s.odds_x100, mk.status AS market_status, s.status AS selection_status
    FROM sports_selections s JOIN sports_markets mk ON mk.market_id = s.market_id
    WHERE s.selection_id IN ${inList(selectionIds)} ORDER BY s.selection_id`);
  return (rows as Array<Record<string, unknown>>).map((r) => ({
    selectionId: Number(r.selection_id),
    marketId: Number(r.market_id),
    matchId: Number(r.match_id),
    odds: oddsFromX100(Number(r.odds_x100)),
    status: selectionStatus(r.market_status as MarketStatus, r.selection_status as 'open' | 'closed'),
  }));
}

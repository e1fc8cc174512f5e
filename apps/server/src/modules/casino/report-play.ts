import { sql } from 'drizzle-orm';
import { arrayParam } from '../../platform/db/index.ts';
import { mainWalletVenues } from '../venue/index.ts';
import type { VenueBookPlay } from '../wallet/index.ts';

/**
 * The reports' share of the game records: rounds played at a venue's own book (the live tables,
 * 棋牌, 捕鱼, the sandbox slot), whose money moves in that book and never in the ledger, per
 * Shanghai day of their settlement, site, venue and agent. Rounds played from the main wallet (the
 * originals, seamless providers) are left out: the ledger counts them. A refunded round staked
 * nothing; an open one counts once settled (the condition on status is the index of closed rounds').
 */
export const venueBookPlay: VenueBookPlay = async (db, { from, to, sites, agents }) => {
  const fromMain = [...(await mainWalletVenues(db))];
  return sql`
    SELECT ((r.settled_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, r.site_id, upper(s.settlement_unit) AS currency, r.api_name AS venue,
      ${agents ? sql`coalesce(ag.member_id, 0)` : sql`0::bigint`} AS agent_id,
      count(*) AS bets, sum(r.stake_minor) AS stakes, 0::bigint AS refunds, sum(r.payout_minor) AS payouts,
      0::bigint AS bonuses, 0::bigint AS rebates, 0::bigint AS deposits, 0::bigint AS withdrawals
    FROM game_rounds r JOIN sites s ON s.site_id = r.site_id
    ${agents ? sql`JOIN members m ON m.member_id = r.member_id LEFT JOIN members ag ON ag.member_id = m.invited_by AND ag.is_agent` : sql``}
    WHERE r.status <> 'open' AND r.status <> 'refunded' AND r.settled_at >= ${from} AND r.settled_at < ${to} AND r.api_name <> ALL(${arrayParam(fromMain, 'text[]')}) ${sites(sql`r.site_id`)}
    GROUP BY 1, 2, 3, 4, 5`;
};

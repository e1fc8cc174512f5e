import { sql, type SQL } from 'drizzle-orm';

/** Results that count as turnover: voids, cash-outs and refused bets stake nothing at risk. */
const COUNTED = sql.raw(`('won', 'lost', 'half_won', 'half_lost')`);

/**
 * A bet is hedged when the member also bet another selection of one of its markets (in a bet not
 * refused): the two sides cover each other, so bonus wagering counts neither.
 */
const HEDGED = sql`EXISTS (
  SELECT 1 FROM sports_bet_legs l
  JOIN sports_bet_legs o ON o.member_id = l.member_id AND o.market_id = l.market_id AND o.bet_id <> l.bet_id AND o.selection_id <> l.selection_id
  JOIN sports_bets ob ON ob.bet_id = o.bet_id AND ob.status <> 'rejected'
  WHERE l.bet_id = b.bet_id)`;

/**
 * Settled bets as rows for valid turnover (the vip module records them): `ref` (the order id),
 * `member_id`, `site_id`, `settled_at`, `stake_minor`, `payout_minor`, `odds_x100` (a parlay's combined) and `hedged`, only of bets settled won or
 * lost (in full or half). Chosen by order ids (after a settlement) or by a settlement window (the
 * day's catch-up), as an SQL subquery the caller selects from.
 */
export function settledBetsForTurnover(filter: { orderIds: string[] } | { from: Date; to: Date }): SQL {
  const chosen =
    'orderIds' in filter
      ? sql`order_id IN (${sql.join(
          filter.orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`settled_at >= ${filter.from} AND settled_at < ${filter.to}`;
  return sql`SELECT order_id AS ref, member_id, site_id, settled_at, stake_minor, payout_minor, odds_x100, ${HEDGED} AS hedged
    FROM sports_bets b WHERE settled_at IS NOT NULL AND status IN ${COUNTED} AND ${chosen}`;
}

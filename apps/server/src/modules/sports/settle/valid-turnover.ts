import { sql, type SQL } from 'drizzle-orm';

/** Results that count as turnover: voids, cash-outs and refused bets stake nothing at risk. */
const COUNTED = sql.raw(`('won', 'lost', 'half_won', 'half_lost')`);

/**
 * Settled bets as rows for valid turnover (the vip module records them): `ref` (the order id),
 * `member_id`, `site_id`, `settled_at`, `stake_minor`, `payout_minor`, only of bets settled won or
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
  return sql`SELECT order_id AS ref, member_id, site_id, settled_at, stake_minor, payout_minor
    FROM sports_bets WHERE settled_at IS NOT NULL AND status IN ${COUNTED} AND ${chosen}`;
}

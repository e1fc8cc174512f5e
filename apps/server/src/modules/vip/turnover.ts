import { sql, type SQL } from 'drizzle-orm';
import { oneOf, rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import { settledBetsForTurnover } from '../sports/index.ts';
import type { RoundPlayed } from '../casino/index.ts';

/**
 * Valid turnover: a settled bet's or round's stake, capped by its result (at most the stake and at
 * most the absolute win or loss). Voids, cash-outs and refused bets are not settled as won or lost
 * and never come here. One row per bet or round (source + ref), on the Asia/Shanghai day of its
 * settlement; the same figure drives levels, rebates and the member's progress.
 */
const VALID = (stake: SQL, payout: SQL) => sql`LEAST(${stake}, abs(${payout} - ${stake}))`;
const SHANGHAI_DAY = (at: SQL) => sql`(${at} AT TIME ZONE 'Asia/Shanghai')::date`;

/**
 * Records the sports bets chosen (by order ids after their settlement, or a settlement window for
 * the day's catch-up), set-based; a bet already recorded keeps its day and takes a corrected
 * result's figure. Answers the members whose turnover changed.
 */
export async function recordSportsTurnover(tx: DbOrTx, filter: Parameters<typeof settledBetsForTurnover>[0]): Promise<number[]> {
  const rows = await rowsOf<{ member_id: string }>(
    tx,
    sql`
    INSERT INTO vip_valid_bets (source, ref, member_id, site_id, day, category, valid_minor)
    SELECT 'sports', b.ref, b.member_id, b.site_id, ${SHANGHAI_DAY(sql`b.settled_at`)}, 'sports', ${VALID(sql`b.stake_minor`, sql`b.payout_minor`)}
    FROM (${settledBetsForTurnover(filter)}) b
    ON CONFLICT (source, ref) DO UPDATE SET valid_minor = EXCLUDED.valid_minor WHERE vip_valid_bets.valid_minor <> EXCLUDED.valid_minor
    RETURNING member_id`,
  );
  return [...new Set(rows.map((r) => Number(r.member_id)))];
}

/** Records a game round inside its own transaction (the casino tells us), on today's Shanghai day. */
export async function recordRound(tx: DbOrTx, round: RoundPlayed, at: Date): Promise<void> {
  const valid = round.stakeMinor < abs(round.payoutMinor - round.stakeMinor) ? round.stakeMinor : abs(round.payoutMinor - round.stakeMinor);
  await tx.execute(sql`
    INSERT INTO vip_valid_bets (source, ref, member_id, site_id, day, category, valid_minor)
    VALUES ('casino', ${round.ref}, ${round.memberId}, ${round.siteId}, ${SHANGHAI_DAY(sql`${at}::timestamptz`)}, ${round.category}, ${valid.toString()})
    ON CONFLICT (source, ref) DO NOTHING`);
}

const abs = (n: bigint): bigint => (n < 0n ? -n : n);

/** A member's valid turnover to date, in minor units. */
export async function turnoverToDate(tx: DbOrTx, memberId: number): Promise<bigint> {
  const row = await oneOf<{ total: string }>(tx, sql`SELECT coalesce(sum(valid_minor), 0) AS total FROM vip_valid_bets WHERE member_id = ${memberId}`);
  return BigInt(row?.total ?? 0);
}

/** A member's valid turnover on Shanghai days from `fromDay` (YYYY-MM-DD) on, in minor units (the promo module's draws). */
export async function validTurnoverSince(tx: DbOrTx, memberId: number, fromDay: string): Promise<bigint> {
  const row = await oneOf<{ total: string }>(
    tx,
    sql`SELECT coalesce(sum(valid_minor), 0) AS total FROM vip_valid_bets WHERE member_id = ${memberId} AND day >= ${fromDay}::date`,
  );
  return BigInt(row?.total ?? 0);
}

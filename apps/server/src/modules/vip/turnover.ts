import { sql, type SQL } from 'drizzle-orm';
import { oneOf, rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { settledBetsForTurnover } from '../sports/index.ts';
import type { RoundPlayed } from '../casino/index.ts';
import { LOW_ODDS_X100, countWager } from './wagering.ts';

/**
 * Valid turnover: a settled bet's or round's stake, capped by its result (at most the stake and at
 * most the absolute win or loss). Voids, cash-outs and refused bets are not settled as won or lost
 * and never come here. One row per bet or round (source + ref), on the Asia/Shanghai day of its
 * settlement; the same figure drives levels, rebates and the member's progress.
 */
const VALID = (stake: SQL, payout: SQL) => sql`LEAST(${stake}, abs(${payout} - ${stake}))`;
const SHANGHAI_DAY = (at: SQL) => sql`(${at} AT TIME ZONE 'Asia/Shanghai')::date`;

/** What a valid bet counts toward bonus wagering: nothing at odds of 1.5 or lower or when hedged. */
const WAGER = (valid: SQL, oddsX100: SQL, hedged: SQL) => sql`CASE WHEN ${oddsX100} <= ${LOW_ODDS_X100} OR ${hedged} THEN 0 ELSE ${valid} END`;

/**
 * Records the sports bets chosen (by order ids after their settlement, or a settlement window for
 * the day's catch-up), set-based; a bet already recorded keeps its day and takes a corrected
 * result's figure. A bet recorded for the first time counts toward the member's bonus wagering
 * (a correction does not count it again). Answers the members whose turnover changed.
 */
export async function recordSportsTurnover(db: Db, filter: Parameters<typeof settledBetsForTurnover>[0]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await rowsOf<{ member_id: string; wager_minor: string; fresh: boolean }>(
      tx,
      sql`
      INSERT INTO vip_valid_bets (source, ref, member_id, site_id, day, category, valid_minor, wager_minor)
      SELECT 'sports', b.ref, b.member_id, b.site_id, ${SHANGHAI_DAY(sql`b.settled_at`)}, 'sports', ${VALID(sql`b.stake_minor`, sql`b.payout_minor`)},
             ${WAGER(VALID(sql`b.stake_minor`, sql`b.payout_minor`), sql`b.odds_x100`, sql`b.hedged`)}
      FROM (${settledBetsForTurnover(filter)}) b
      ON CONFLICT (source, ref) DO UPDATE SET valid_minor = EXCLUDED.valid_minor WHERE vip_valid_bets.valid_minor <> EXCLUDED.valid_minor
      RETURNING member_id, wager_minor, (xmax = 0) AS fresh`,
    );
    const wagered = new Map<number, bigint>();
    for (const r of rows) if (r.fresh) wagered.set(Number(r.member_id), (wagered.get(Number(r.member_id)) ?? 0n) + BigInt(r.wager_minor));
    for (const [memberId, wager] of [...wagered].sort(([a], [b]) => a - b)) await countWager(tx, memberId, wager);
    return [...new Set(rows.map((r) => Number(r.member_id)))];
  });
}

/** Records a game round inside its own transaction (the casino tells us), on today's Shanghai day; it counts toward bonus wagering in full. */
export async function recordRound(tx: DbOrTx, round: RoundPlayed, at: Date): Promise<void> {
  const valid = round.stakeMinor < abs(round.payoutMinor - round.stakeMinor) ? round.stakeMinor : abs(round.payoutMinor - round.stakeMinor);
  const fresh = await rowsOf<{ ref: string }>(
    tx,
    sql`
    INSERT INTO vip_valid_bets (source, ref, member_id, site_id, day, category, valid_minor, wager_minor)
    VALUES ('casino', ${round.ref}, ${round.memberId}, ${round.siteId}, ${SHANGHAI_DAY(sql`${at}::timestamptz`)}, ${round.category}, ${valid.toString()}, ${valid.toString()})
    ON CONFLICT (source, ref) DO NOTHING RETURNING ref`,
  );
  if (fresh.length > 0) await countWager(tx, round.memberId, valid);
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

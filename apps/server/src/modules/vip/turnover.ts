import { sql, type SQL } from 'drizzle-orm';
import { arrayParam, oneOf, rowsOf, type Db, type DbOrTx, type Tx } from '../../platform/db/index.ts';
import { settledBetsForTurnover } from '../sports/index.ts';
import type { RoundPlayed } from '../casino/index.ts';
import { LOW_ODDS_X100, countWager, countWagers } from './wagering.ts';

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
 * result's figure, and one recorded as it stands is passed over before its hedge is looked up (the
 * catch-up reads a whole day). A bet recorded for the first time counts toward the member's bonus
 * wagering (a correction does not count it again): only members with wagering open are visited.
 * `open` starts the transaction (the daily job's lock, rebate.ts openStep). Answers the members whose turnover changed.
 */
export async function recordSportsTurnover(db: Db, filter: Parameters<typeof settledBetsForTurnover>[0], open?: (tx: Tx) => Promise<void>): Promise<number[]> {
  const valid = VALID(sql`b.stake_minor`, sql`b.payout_minor`);
  return db.transaction(async (tx) => {
    await open?.(tx);
    const rows = await rowsOf<{ member_id: string; wager_minor: string; wagering: boolean }>(
      tx,
      sql`
      WITH recorded AS (
        INSERT INTO vip_valid_bets (source, ref, member_id, site_id, day, category, valid_minor, wager_minor)
        SELECT 'sports', b.ref, b.member_id, b.site_id, ${SHANGHAI_DAY(sql`b.settled_at`)}, 'sports', ${valid}, ${WAGER(valid, sql`b.odds_x100`, sql`b.hedged`)}
        FROM (${settledBetsForTurnover(filter)}) b
        LEFT JOIN vip_valid_bets known ON known.source = 'sports' AND known.ref = b.ref
        WHERE known.ref IS NULL OR known.valid_minor <> ${valid}
        ON CONFLICT (source, ref) DO UPDATE SET valid_minor = EXCLUDED.valid_minor WHERE vip_valid_bets.valid_minor <> EXCLUDED.valid_minor
        RETURNING member_id, wager_minor, (xmax = 0) AS fresh
      )
      SELECT r.member_id, coalesce(sum(r.wager_minor) FILTER (WHERE r.fresh), 0) AS wager_minor,
             EXISTS (SELECT 1 FROM vip_bonuses w WHERE w.member_id = r.member_id AND w.wager_state = 'wagering') AS wagering
      FROM recorded r GROUP BY r.member_id ORDER BY r.member_id`,
    );
    for (const r of rows) if (r.wagering) await countWager(tx, Number(r.member_id), BigInt(r.wager_minor));
    return rows.map((r) => Number(r.member_id));
  });
}

/** Records a game round inside its own transaction (the casino tells us), on today's Shanghai day; it counts toward bonus wagering in full. */
export function recordRound(tx: DbOrTx, round: RoundPlayed, at: Date): Promise<void> {
  return recordRounds(tx, [round], at);
}

/** recordRound for a batch of rounds, set-based: one statement for the rows, one for the members' wagering. */
export async function recordRounds(tx: DbOrTx, rounds: RoundPlayed[], at: Date): Promise<void> {
  const valid = rounds.map((r) => (r.stakeMinor < abs(r.payoutMinor - r.stakeMinor) ? r.stakeMinor : abs(r.payoutMinor - r.stakeMinor)));
  const fresh = await rowsOf<{ member_id: unknown; wager_minor: string }>(
    tx,
    sql`
    INSERT INTO vip_valid_bets (source, ref, member_id, site_id, day, category, valid_minor, wager_minor)
    SELECT 'casino', ref, member_id, site_id, ${SHANGHAI_DAY(sql`${at}::timestamptz`)}, category, valid, valid
    FROM unnest(${arrayParam(
      rounds.map((r) => r.ref),
      'text[]',
    )}, ${arrayParam(
      rounds.map((r) => r.memberId),
      'bigint[]',
    )}, ${arrayParam(
      rounds.map((r) => r.siteId),
      'int[]',
    )}, ${arrayParam(
      rounds.map((r) => r.category),
      'text[]',
    )}, ${arrayParam(
      valid.map((v) => v.toString()),
      'bigint[]',
    )}) AS r(ref, member_id, site_id, category, valid)
    ON CONFLICT (source, ref) DO NOTHING RETURNING member_id, wager_minor`,
  );
  const wagered = new Map<number, bigint>();
  for (const r of fresh) wagered.set(Number(r.member_id), (wagered.get(Number(r.member_id)) ?? 0n) + BigInt(r.wager_minor));
  await countWagers(tx, wagered);
}

const abs = (n: bigint): bigint => (n < 0n ? -n : n);

/** A member's valid turnover to date, in minor units. */
export async function turnoverToDate(tx: DbOrTx, memberId: number): Promise<bigint> {
  const row = await oneOf<{ total: string }>(tx, sql`SELECT coalesce(sum(valid_minor), 0) AS total FROM vip_valid_bets WHERE member_id = ${memberId}`);
  return BigInt(row?.total ?? 0);
}

/** A member's valid turnover on Shanghai days from `fromDay` (YYYY-MM-DD) on, through `toDay` when given, in minor units (the promo module's draws). */
export async function validTurnoverSince(tx: DbOrTx, memberId: number, fromDay: string, toDay?: string): Promise<bigint> {
  const row = await oneOf<{ total: string }>(
    tx,
    sql`SELECT coalesce(sum(valid_minor), 0) AS total FROM vip_valid_bets
        WHERE member_id = ${memberId} AND day >= ${fromDay}::date ${toDay ? sql`AND day <= ${toDay}::date` : sql``}`,
  );
  return BigInt(row?.total ?? 0);
}

/**
 * validTurnoverSince of many members at once (the promo module's invite pass), as an SQL subquery
 * of (member_id, turnover_minor) over the (member_id, from_day) pairs `chosen` selects, each from
 * its own day; a member without valid turnover has no row.
 */
export function validTurnoversSince(chosen: SQL): SQL {
  return sql`SELECT c.member_id, sum(v.valid_minor) AS turnover_minor
    FROM (${chosen}) c(member_id, from_day)
    JOIN vip_valid_bets v ON v.member_id = c.member_id AND v.day >= c.from_day
    GROUP BY c.member_id`;
}

/**
 * The site's members' valid turnover per Shanghai day from `fromDay` through `toDay` (the promo
 * module's 闯关 pass), as an SQL subquery of (member_id, day as 'YYYY-MM-DD', turnover_minor): only members who played.
 */
export function dailyValidTurnovers(siteId: number, fromDay: string, toDay: string): SQL {
  return sql`SELECT v.member_id, to_char(v.day, 'YYYY-MM-DD') AS day, sum(v.valid_minor) AS turnover_minor
    FROM vip_valid_bets v WHERE v.site_id = ${siteId} AND v.day BETWEEN ${fromDay}::date AND ${toDay}::date
    GROUP BY v.member_id, v.day`;
}

import { sql, type SQL } from 'drizzle-orm';
import { DAY_MS } from '@bp/contract';
import { oneOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { recordSportsTurnover } from './turnover.ts';
import { expiryOf } from './bonuses.ts';

/** The UTC instant a Shanghai day ('YYYY-MM-DD') starts. */
export const shanghaiDayStart = (day: string): number => Date.parse(`${day}T00:00:00+08:00`);

/**
 * Taken first by each step of a day's job, for its transaction: two instances closing the same day
 * take turns step by step (the later finds the work done) instead of upserting the same rows in
 * two orders at once, which could deadlock. Correctness never rests on it: the grants are keyed.
 */
export const dayLock = (day: string): SQL => sql`SELECT pg_advisory_xact_lock(hashtext(${`vip-close-day:${day}`}))`;

/** A step's transaction opens with the day's lock and room to aggregate a day in memory (not on disk). */
export async function openStep(tx: DbOrTx, day: string): Promise<void> {
  await tx.execute(dayLock(day));
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
}

/** The day's settled sports bets not yet recorded (a settlement whose follow-up was lost to a restart). */
export async function recordDayTurnover(db: Db, day: string): Promise<void> {
  const from = shanghaiDayStart(day);
  await recordSportsTurnover(db, { from: new Date(from), to: new Date(from + DAY_MS) }, (tx) => openStep(tx, day));
}

/**
 * The rebate (返水) of one Asia/Shanghai day: the day's settled bets not yet recorded, then the
 * rebates (grantRebates). Answers how many rebates were granted by this run.
 */
export async function computeRebates(db: Db, day: string): Promise<number> {
  await recordDayTurnover(db, day);
  return grantRebates(db, day);
}

/**
 * For each member and category of the day, floor(valid turnover x the level's rate) (bigint
 * division: the day's turnover is summed first, then joined to the level and rate), granted
 * through the bonus engine as source 'rebate', ref '<day>:<category>', in one statement: once per
 * member, day and category, however often and on however many instances this runs.
 */
export async function grantRebates(db: Db, day: string): Promise<number> {
  return db.transaction(async (tx) => {
    await openStep(tx, day);
    const granted = await oneOf<{ n: string }>(
      tx,
      sql`
    WITH played AS (
      SELECT member_id, site_id, category, sum(valid_minor)::bigint AS turnover_minor FROM vip_valid_bets
      WHERE day = ${day}::date GROUP BY member_id, site_id, category
    ), granted AS (
      INSERT INTO vip_bonuses (member_id, site_id, source, ref, amount_minor, multiple_x100, detail, expires_at)
      SELECT p.member_id, p.site_id, 'rebate', ${day} || ':' || p.category, p.turnover_minor * r.rate_bp / 10000, g.bonus_multiple_x100,
             jsonb_build_object('day', ${day}::text, 'category', p.category, 'turnoverMinor', p.turnover_minor::text, 'rateBp', r.rate_bp),
             ${expiryOf('rebate')}::timestamptz
      FROM played p
      LEFT JOIN vip_members m ON m.member_id = p.member_id
      JOIN vip_rebate_rates r ON r.site_id = p.site_id AND r.vip_level = coalesce(m.vip_level, 0) AND r.category = p.category
      JOIN vip_grades g ON g.site_id = p.site_id AND g.vip_level = coalesce(m.vip_level, 0)
      WHERE p.turnover_minor * r.rate_bp / 10000 > 0
      ON CONFLICT (member_id, source, ref) DO NOTHING
      RETURNING 1
    )
    SELECT count(*) AS n FROM granted`,
    );
    return Number(granted?.n ?? 0);
  });
}

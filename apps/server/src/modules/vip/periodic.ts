import { sql } from 'drizzle-orm';
import { DAY_MS, shanghaiDay } from '@bp/contract';
import { rowsOf, type Db } from '../../platform/db/index.ts';
import { expiryOf } from './bonuses.ts';
import { shanghaiDayStart } from './rebate.ts';

/**
 * The weekly and monthly bonus by level, for a period that ended: every member at level 1 or more
 * whose grade pays it and who played in that period (some valid turnover), once per member and
 * period (ref: the period's first day or month). Answers how many were granted.
 */
export async function grantPeriodBonus(db: Db, kind: 'weekly' | 'monthly', period: { from: string; to: string; ref: string }): Promise<number> {
  const column = sql.raw(kind === 'weekly' ? 'weekly_bonus_minor' : 'monthly_bonus_minor');
  const granted = await rowsOf<{ bonus_id: string }>(
    db,
    sql`
    INSERT INTO vip_bonuses (member_id, site_id, source, ref, amount_minor, multiple_x100, detail, expires_at)
    SELECT m.member_id, m.site_id, ${kind}, ${period.ref}, g.${column}, g.bonus_multiple_x100,
           jsonb_build_object('vipLevel', g.vip_level, 'grade', g.grade, 'period', ${period.ref}::text), ${expiryOf(kind)}::timestamptz
    FROM vip_members m JOIN vip_grades g ON g.site_id = m.site_id AND g.vip_level = m.vip_level
    WHERE m.vip_level > 0 AND g.${column} > 0
      AND EXISTS (SELECT 1 FROM vip_valid_bets v WHERE v.member_id = m.member_id AND v.day >= ${period.from}::date AND v.day < ${period.to}::date)
    ON CONFLICT (member_id, source, ref) DO NOTHING
    RETURNING bonus_id`,
  );
  return granted.length;
}

/** Shanghai day strings `n` days after `day`. */
export const dayAfter = (day: string, n: number): string => shanghaiDay(shanghaiDayStart(day) + n * DAY_MS);

import { sql } from 'drizzle-orm';
import { DAY_MS } from '@bp/contract';
import { rowsOf, type Db } from '../../platform/db/index.ts';
import { recordSportsTurnover } from './turnover.ts';
import { expiryOf } from './bonuses.ts';

/** The UTC instant a Shanghai day ('YYYY-MM-DD') starts. */
export const shanghaiDayStart = (day: string): number => Date.parse(`${day}T00:00:00+08:00`);

/**
 * The rebate (返水) of one Asia/Shanghai day, set-based: first the day's settled bets not yet
 * recorded (a settlement whose follow-up was lost to a restart), then for each member and category
 * floor(valid turnover x the level's rate), granted through the bonus engine as source 'rebate',
 * ref '<day>:<category>': once per member, day and category, however often and on however many
 * instances this runs. Answers how many rebates were granted by this run.
 */
export async function computeRebates(db: Db, day: string): Promise<number> {
  const from = shanghaiDayStart(day);
  await recordSportsTurnover(db, { from: new Date(from), to: new Date(from + DAY_MS) });
  const granted = await rowsOf<{ bonus_id: string }>(
    db,
    sql`
    INSERT INTO vip_bonuses (member_id, site_id, source, ref, amount_minor, multiple_x100, detail, expires_at)
    SELECT v.member_id, v.site_id, 'rebate', ${day} || ':' || v.category, sum(v.valid_minor) * r.rate_bp / 10000, g.bonus_multiple_x100,
           jsonb_build_object('day', ${day}::text, 'category', v.category, 'turnoverMinor', sum(v.valid_minor)::text, 'rateBp', r.rate_bp),
           ${expiryOf('rebate')}::timestamptz
    FROM vip_valid_bets v
    LEFT JOIN vip_members m ON m.member_id = v.member_id
    JOIN vip_rebate_rates r ON r.site_id = v.site_id AND r.vip_level = coalesce(m.vip_level, 0) AND r.category = v.category
    JOIN vip_grades g ON g.site_id = v.site_id AND g.vip_level = coalesce(m.vip_level, 0)
    WHERE v.day = ${day}::date
    GROUP BY v.member_id, v.site_id, v.category, r.rate_bp, g.bonus_multiple_x100
    HAVING sum(v.valid_minor) * r.rate_bp / 10000 > 0
    ON CONFLICT (member_id, source, ref) DO NOTHING
    RETURNING bonus_id`,
  );
  return granted.length;
}

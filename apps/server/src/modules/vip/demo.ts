import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { listSites } from '../site/index.ts';

/**
 * The demo grades, in the site's major units: [deposit, valid turnover, upgrade bonus, weekly,
 * monthly, a month's turnover that keeps the level, most per withdrawal]. Level 0 is 普通会员.
 * A USDT site's figures are a seventh of the yuan ones, rounded; its withdrawal limits a fifth
 * (level 0's is then the wallet's own default, 10,000).
 */
const CNY_GRADES: Array<[number, number, number, number, number, number, number]> = [
  [0, 0, 0, 0, 0, 0, 50_000],
  [1_000, 5_000, 18, 8, 18, 3_000, 100_000],
  [5_000, 30_000, 58, 18, 58, 15_000, 200_000],
  [20_000, 100_000, 128, 38, 128, 50_000, 300_000],
  [50_000, 300_000, 288, 68, 288, 150_000, 500_000],
  [100_000, 800_000, 588, 128, 588, 400_000, 800_000],
  [200_000, 2_000_000, 1_288, 288, 1_288, 1_000_000, 1_000_000],
  [500_000, 5_000_000, 2_888, 588, 2_888, 2_500_000, 1_500_000],
  [1_000_000, 10_000_000, 5_888, 1_288, 5_888, 5_000_000, 2_000_000],
  [3_000_000, 30_000_000, 12_888, 2_888, 12_888, 15_000_000, 3_000_000],
  [5_000_000, 60_000_000, 28_888, 5_888, 28_888, 30_000_000, 5_000_000],
];

/** Rebate in basis points at level 0 per category; each level adds STEP_BP. */
const BASE_BP = { sports: 40, egame: 50, live: 40, chess: 50 } as const;
const STEP_BP = 10;

const gradeName = (level: number) => (level === 0 ? '普通会员' : `VIP${level}`);

/** Grades and rebate rates of every site without grades yet. */
export async function seedGrades(deps: Deps): Promise<void> {
  const { byId } = await listSites(deps.db);
  for (const site of byId.values()) {
    const scale = site.currency === 'USDT' ? 7 : 1;
    const minor = (major: number, by = scale) => String(Math.round(major / by) * 100);
    for (const [level, [deposit, turnover, upgrade, weekly, monthly, keep, withdrawMax]] of CNY_GRADES.entries()) {
      await deps.db.execute(sql`
        INSERT INTO vip_grades (site_id, vip_level, grade, deposit_minor, turnover_minor, upgrade_bonus_minor, weekly_bonus_minor,
          monthly_bonus_minor, keep_turnover_minor, withdraw_max_minor, bonus_multiple_x100)
        VALUES (${site.siteId}, ${level}, ${gradeName(level)}, ${minor(deposit)}, ${minor(turnover)}, ${minor(upgrade)}, ${minor(weekly)},
          ${minor(monthly)}, ${minor(keep)}, ${minor(withdrawMax, site.currency === 'USDT' ? 5 : 1)}, 100)
        ON CONFLICT DO NOTHING`);
      for (const [category, base] of Object.entries(BASE_BP)) {
        await deps.db.execute(sql`
          INSERT INTO vip_rebate_rates (site_id, vip_level, category, rate_bp) VALUES (${site.siteId}, ${level}, ${category}, ${base + STEP_BP * level})
          ON CONFLICT DO NOTHING`);
      }
    }
  }
}

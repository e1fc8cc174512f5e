import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { listSites } from '../site/index.ts';

type GradeFigures = [deposit: number, turnover: number, upgrade: number, weekly: number, monthly: number, keep: number, withdrawMax: number];

/**
 * The demo grades per currency, in major units: deposits and valid turnover that reach each level,
 * its upgrade, weekly and monthly bonus, a month's turnover that keeps it, and the most per
 * withdrawal (a hundredth of which is the most per bet while a bonus is wagering). Level 0 is 普通会员; its withdrawal limit is the wallet's own default.
 */
const GRADES: Record<'CNY' | 'USDT', GradeFigures[]> = {
  CNY: [
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
  ],
  USDT: [
    [0, 0, 0, 0, 0, 0, 10_000],
    [150, 700, 3, 1, 3, 400, 20_000],
    [700, 4_000, 8, 3, 8, 2_000, 40_000],
    [3_000, 15_000, 18, 5, 18, 7_000, 60_000],
    [7_000, 40_000, 40, 10, 40, 20_000, 100_000],
    [15_000, 120_000, 80, 18, 80, 60_000, 160_000],
    [30_000, 300_000, 180, 40, 180, 150_000, 200_000],
    [70_000, 700_000, 400, 80, 400, 350_000, 300_000],
    [150_000, 1_500_000, 800, 180, 800, 700_000, 400_000],
    [400_000, 4_000_000, 1_800, 400, 1_800, 2_000_000, 600_000],
    [700_000, 8_000_000, 4_000, 800, 4_000, 4_000_000, 1_000_000],
  ],
};

/** Rebate in basis points at level 0 per category; each level adds STEP_BP. */
const BASE_BP = { sports: 40, egame: 50, live: 40, chess: 50 } as const;
const STEP_BP = 10;

const gradeName = (level: number) => (level === 0 ? '普通会员' : `VIP${level}`);

/** The points exchange per currency: [kind, name, points, amount in major units (gold: coins), stock]. */
const POINT_ITEMS: Record<'CNY' | 'USDT', Array<[kind: 'money' | 'gold', name: string, cost: number, amount: number, stock: number | null]>> = {
  CNY: [
    ['money', '5元彩金', 100, 5, null],
    ['money', '28元彩金', 500, 28, null],
    ['money', '88元彩金', 1_500, 88, 100],
    ['gold', '50金币', 50, 50, null],
    ['gold', '300金币', 280, 300, null],
  ],
  USDT: [
    ['money', '0.8 USDT 彩金', 100, 0.8, null],
    ['money', '4 USDT 彩金', 500, 4, null],
    ['money', '13 USDT 彩金', 1_500, 13, 100],
    ['gold', '50金币', 50, 50, null],
    ['gold', '300金币', 280, 300, null],
  ],
};

/** The points exchange of every site without one (bonus money asks its amount once in turnover). */
async function seedPointItems(deps: Deps, siteId: number, currency: string): Promise<void> {
  const { rows } = await deps.db.execute(sql`SELECT 1 FROM vip_point_items WHERE site_id = ${siteId} LIMIT 1`);
  if (rows.length > 0) return;
  const items = POINT_ITEMS[currency === 'USDT' ? 'USDT' : 'CNY'].map(
    ([kind, name, cost, amount, stock], i) =>
      sql`(${siteId}, ${kind}, ${name}, ${cost}, ${String(Math.round(amount * 100))}::bigint, 100, ${stock}::int, ${i})`,
  );
  await deps.db.execute(sql`
    INSERT INTO vip_point_items (site_id, kind, name, cost_points, amount_minor, multiple_x100, stock, sort) VALUES ${sql.join(items, sql`, `)}`);
}

/** Grades (the birthday bonus is the upgrade bonus's figure), rebate rates and the points exchange of every site without them. */
export async function seedGrades(deps: Deps): Promise<void> {
  const { byId } = await listSites(deps.db);
  for (const site of byId.values()) {
    await seedPointItems(deps, site.siteId, site.currency);
    const { rows } = await deps.db.execute(sql`SELECT 1 FROM vip_grades WHERE site_id = ${site.siteId} LIMIT 1`);
    if (rows.length > 0) continue;
    const grades = GRADES[site.currency === 'USDT' ? 'USDT' : 'CNY'];
    const minor = (major: number) => sql`${String(major * 100)}::bigint`;
    const gradeRows = grades.map(
      (figures, level) =>
        sql`(${site.siteId}, ${level}, ${gradeName(level)}, ${sql.join(figures.map(minor), sql`, `)}, 100, ${minor(figures[6] / 100)}, ${minor(figures[2])})`,
    );
    await deps.db.execute(sql`
      INSERT INTO vip_grades (site_id, vip_level, grade, deposit_minor, turnover_minor, upgrade_bonus_minor, weekly_bonus_minor,
        monthly_bonus_minor, keep_turnover_minor, withdraw_max_minor, bonus_multiple_x100, wager_max_stake_minor, birthday_bonus_minor)
      VALUES ${sql.join(gradeRows, sql`, `)} ON CONFLICT DO NOTHING`);
    const rateRows = grades.flatMap((_, level) =>
      Object.entries(BASE_BP).map(([category, base]) => sql`(${site.siteId}, ${level}, ${category}, ${base + STEP_BP * level})`),
    );
    await deps.db.execute(sql`
      INSERT INTO vip_rebate_rates (site_id, vip_level, category, rate_bp) VALUES ${sql.join(rateRows, sql`, `)} ON CONFLICT DO NOTHING`);
  }
}

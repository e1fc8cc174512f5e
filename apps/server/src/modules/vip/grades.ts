import { sql } from 'drizzle-orm';
import { VIP_CATEGORIES, fromMinor, type VipCategory } from '@bp/contract';
import { rowsOf, type DbOrTx } from '../../platform/db/index.ts';

export interface Grade {
  vipLevel: number;
  grade: string;
  depositMinor: bigint;
  turnoverMinor: bigint;
  upgradeBonusMinor: bigint;
  weeklyBonusMinor: bigint;
  monthlyBonusMinor: bigint;
  keepTurnoverMinor: bigint;
  withdrawMaxMinor: bigint;
  bonusMultipleX100: number;
  birthdayBonusMinor: bigint;
  /** Basis points of valid turnover per category. */
  rebateBp: Record<VipCategory, number>;
}

interface GradeRow {
  vip_level: number;
  grade: string;
  deposit_minor: string;
  turnover_minor: string;
  upgrade_bonus_minor: string;
  weekly_bonus_minor: string;
  monthly_bonus_minor: string;
  keep_turnover_minor: string;
  withdraw_max_minor: string;
  bonus_multiple_x100: number;
  birthday_bonus_minor: string;
  rates: Record<string, number> | null;
}

/** A site's grades, level 0 first. */
export async function siteGrades(db: DbOrTx, siteId: number): Promise<Grade[]> {
  const rows = await rowsOf<GradeRow>(
    db,
    sql`
    SELECT g.*, (SELECT jsonb_object_agg(r.category, r.rate_bp) FROM vip_rebate_rates r WHERE r.site_id = g.site_id AND r.vip_level = g.vip_level) AS rates
    FROM vip_grades g WHERE g.site_id = ${siteId} ORDER BY g.vip_level`,
  );
  return rows.map((r) => ({
    vipLevel: Number(r.vip_level),
    grade: r.grade,
    depositMinor: BigInt(r.deposit_minor),
    turnoverMinor: BigInt(r.turnover_minor),
    upgradeBonusMinor: BigInt(r.upgrade_bonus_minor),
    weeklyBonusMinor: BigInt(r.weekly_bonus_minor),
    monthlyBonusMinor: BigInt(r.monthly_bonus_minor),
    keepTurnoverMinor: BigInt(r.keep_turnover_minor),
    withdrawMaxMinor: BigInt(r.withdraw_max_minor),
    bonusMultipleX100: Number(r.bonus_multiple_x100),
    birthdayBonusMinor: BigInt(r.birthday_bonus_minor),
    rebateBp: Object.fromEntries(VIP_CATEGORIES.map((c) => [c, Number(r.rates?.[c] ?? 0)])) as Record<VipCategory, number>,
  }));
}

/** The highest level whose deposits and valid turnover are both reached. */
export function levelFor(grades: Grade[], depositMinor: bigint, turnoverMinor: bigint): number {
  let level = 0;
  for (const g of grades) if (g.depositMinor <= depositMinor && g.turnoverMinor <= turnoverMinor) level = Math.max(level, g.vipLevel);
  return level;
}

export const gradeOf = (grades: Grade[], level: number): Grade | undefined => grades.find((g) => g.vipLevel === level);

/** A grade as vip/rules shows it. */
export const ruleView = (g: Grade) => ({
  vipLevel: g.vipLevel,
  grade: g.grade,
  deposit: fromMinor(g.depositMinor),
  turnover: fromMinor(g.turnoverMinor),
  upgradeBonus: fromMinor(g.upgradeBonusMinor),
  weeklyBonus: fromMinor(g.weeklyBonusMinor),
  monthlyBonus: fromMinor(g.monthlyBonusMinor),
  keepTurnover: fromMinor(g.keepTurnoverMinor),
  withdrawMax: fromMinor(g.withdrawMaxMinor),
  bonusMultiple: g.bonusMultipleX100 / 100,
  rebate: Object.fromEntries(VIP_CATEGORIES.map((c) => [c, g.rebateBp[c] / 100])) as Record<VipCategory, number>,
});

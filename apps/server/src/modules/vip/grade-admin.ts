import { sql } from 'drizzle-orm';
import { VIP_CATEGORIES, toMinor, type VipGradeInput } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { siteGrades, ruleView, type Grade } from './grades.ts';

/** The operator's view of a site's grades: the rules members read, and the birthday bonus. */
export async function gradesForOperator(db: Db, siteId: number) {
  return (await siteGrades(db, siteId)).map(operatorView);
}

const operatorView = (g: Grade) => ({ ...ruleView(g), birthdayBonus: Number(g.birthdayBonusMinor) / 100 });

/**
 * A grade's thresholds must grow strictly with the level: a level above asks more deposit and more
 * turnover, one below less (else two levels would be reached at once and the lower never held).
 */
function checkOrder(grades: Grade[], input: VipGradeInput): void {
  const [deposit, turnover] = [toMinor(input.deposit), toMinor(input.turnover)];
  const below = grades.filter((g) => g.vipLevel < input.vipLevel).at(-1);
  const above = grades.find((g) => g.vipLevel > input.vipLevel);
  if (below && (deposit <= below.depositMinor || turnover <= below.turnoverMinor)) {
    fail('VIP_GRADE_ORDER', { msg: `等级门槛须随等级递增：VIP${input.vipLevel} 的门槛须高于 VIP${below.vipLevel}` });
  }
  if (above && (deposit >= above.depositMinor || turnover >= above.turnoverMinor)) {
    fail('VIP_GRADE_ORDER', { msg: `等级门槛须随等级递增：VIP${input.vipLevel} 的门槛须低于 VIP${above.vipLevel}` });
  }
}

/** Writes one grade of a site (an existing level, or the next one), with its rebate rates; answers it as saved. */
export async function saveGrade(db: Db, siteId: number, input: VipGradeInput) {
  const grades = await siteGrades(db, siteId);
  const top = grades.at(-1)?.vipLevel ?? -1;
  if (input.vipLevel > top + 1) fail('VIP_GRADE_GAP', { msg: `只能修改已有等级或新增 VIP${top + 1}` });
  checkOrder(grades, input);
  const m = (amount: number) => toMinor(amount);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO vip_grades (site_id, vip_level, grade, deposit_minor, turnover_minor, upgrade_bonus_minor, weekly_bonus_minor, monthly_bonus_minor,
        keep_turnover_minor, withdraw_max_minor, bonus_multiple_x100, birthday_bonus_minor)
      VALUES (${siteId}, ${input.vipLevel}, ${input.grade}, ${m(input.deposit)}, ${m(input.turnover)}, ${m(input.upgradeBonus)}, ${m(input.weeklyBonus)},
        ${m(input.monthlyBonus)}, ${m(input.keepTurnover)}, ${m(input.withdrawMax)}, ${Math.round(input.bonusMultiple * 100)}, ${m(input.birthdayBonus)})
      ON CONFLICT (site_id, vip_level) DO UPDATE SET grade = EXCLUDED.grade, deposit_minor = EXCLUDED.deposit_minor, turnover_minor = EXCLUDED.turnover_minor,
        upgrade_bonus_minor = EXCLUDED.upgrade_bonus_minor, weekly_bonus_minor = EXCLUDED.weekly_bonus_minor, monthly_bonus_minor = EXCLUDED.monthly_bonus_minor,
        keep_turnover_minor = EXCLUDED.keep_turnover_minor, withdraw_max_minor = EXCLUDED.withdraw_max_minor,
        bonus_multiple_x100 = EXCLUDED.bonus_multiple_x100, birthday_bonus_minor = EXCLUDED.birthday_bonus_minor`);
    for (const category of VIP_CATEGORIES) {
      await tx.execute(sql`
        INSERT INTO vip_rebate_rates (site_id, vip_level, category, rate_bp) VALUES (${siteId}, ${input.vipLevel}, ${category}, ${Math.round(input.rebate[category] * 100)})
        ON CONFLICT (site_id, vip_level, category) DO UPDATE SET rate_bp = EXCLUDED.rate_bp`);
    }
  });
  return (await gradesForOperator(db, siteId)).find((g) => g.vipLevel === input.vipLevel)!;
}

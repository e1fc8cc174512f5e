import { sql } from 'drizzle-orm';
import { fromMinor, shanghaiDay } from '@bp/contract';
import { oneOf, type Db } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { getMember } from '../auth/index.ts';
import type { WalletOwner } from '../wallet/index.ts';
import { grantBonus, statusOf, type BonusRow } from './bonuses.ts';
import { gradeOf } from './grades.ts';
import { refreshStanding } from './standing.ts';

/**
 * The birthday bonus (生日礼金): in the month of the member's birthday (Asia/Shanghai), the
 * member's level pays its figure once that year, a bonus waiting in the welfare centre until the
 * month ends. The birthday is the member's own, set once (the member module's rule).
 */

/** The first instant of the Shanghai month after `day`'s ('YYYY-MM-DD'). */
const monthEnd = (day: string): Date => {
  const [year, month] = day.split('-').map(Number);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return new Date(`${next}-01T00:00:00+08:00`);
};

/** Grants this year's birthday bonus when it is the member's birthday month (once a year); answers the view. */
export async function birthdayBonus(db: Db, owner: WalletOwner) {
  const { grades, vipLevel: level } = await refreshStanding(db, owner);
  const member = await getMember(db, owner.memberId);
  const today = shanghaiDay(clock.now());
  const year = today.slice(0, 4);
  const birthday = member?.birthday ?? null;
  const inMonth = birthday !== null && birthday.slice(5, 7) === today.slice(5, 7);
  const amountMinor = gradeOf(grades, level)?.birthdayBonusMinor ?? 0n;
  if (inMonth && amountMinor > 0n) {
    await db.transaction((tx) =>
      grantBonus(tx, {
        owner,
        ref: year,
        amountMinor,
        multipleX100: gradeOf(grades, level)?.bonusMultipleX100 ?? 100,
        detail: { title: `${year}年生日礼金`, vipLevel: level },
        source: 'birthday',
        expiresAt: monthEnd(today),
      }),
    );
  }
  const bonus = await oneOf<BonusRow>(db, sql`SELECT * FROM vip_bonuses WHERE member_id = ${owner.memberId} AND source = 'birthday' AND ref = ${year}`);
  return {
    birthday,
    inMonth,
    amount: fromMinor(amountMinor),
    welfareId: bonus ? Number(bonus.bonus_id) : null,
    status: bonus ? statusOf(bonus) : null,
    levels: grades.map((g) => ({ vipLevel: g.vipLevel, grade: g.grade, amount: fromMinor(g.birthdayBonusMinor) })),
  };
}

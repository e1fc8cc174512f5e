import { sql } from 'drizzle-orm';
import { DAY_MS, shanghaiDay, type ActivityConfigOf } from '@bp/contract';
import { rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { clock } from '../../platform/clock.ts';
import type { WalletOwner } from '../wallet/index.ts';
import { budgetLeft, head, money, openActivity, spend, type ActivityRow, kindConfig } from './activities.ts';
import { NO_PRIZE, prizeView, writeRecord, type PrizeWon } from './records.ts';

/**
 * Daily sign-in: once per Asia/Shanghai day (the record's ref is the day); a streak of consecutive
 * days; each day of a cycle pays its amount (milestone days more), a money prize from day 1.
 */
const configOf = (a: ActivityRow) => kindConfig(a, 'sign');

const dayBefore = (day: string) => shanghaiDay(Date.parse(`${day}T12:00:00+08:00`) - DAY_MS);

/** The days the member signed in, newest first (at most the last 62). */
const signedDays = async (db: DbOrTx, a: ActivityRow, memberId: number) =>
  (
    await rowsOf<{ ref: string; streak: number }>(
      db,
      sql`SELECT ref, (detail->>'streak')::int AS streak FROM promo_records WHERE activity_id = ${a.activity_id} AND member_id = ${memberId} ORDER BY ref DESC LIMIT 62`,
    )
  ).map((r) => ({ day: r.ref, streak: Number(r.streak) }));

/** The streak standing today: today's, else yesterday's carried on, else none. */
function streakOf(days: Array<{ day: string; streak: number }>, today: string): { signedToday: boolean; streak: number } {
  const last = days[0];
  if (last?.day === today) return { signedToday: true, streak: last.streak };
  return { signedToday: false, streak: last?.day === dayBefore(today) ? last.streak : 0 };
}

const prizeOfDay = (c: ActivityConfigOf<'sign'>, streakDay: number): PrizeWon => {
  const amountMinor = BigInt(c.dayMinor[(streakDay - 1) % c.dayMinor.length]);
  return { kind: 'money', amountMinor, name: `连续签到第${streakDay}天彩金` };
};

export function signRules(a: ActivityRow, currency: string): string[] {
  const c = configOf(a);
  return [
    '每日（北京时间）可签到一次，签到即得彩金，在记录或福利中心领取。',
    `连续签到第1至${c.dayMinor.length}天依次可得：${c.dayMinor.map((m) => money(m, currency)).join('、')}，之后重新计算。`,
    `第${c.milestones.join('、')}天为里程碑，奖励加码；中断一天则从第1天重新开始。`,
    `彩金需完成${c.multipleX100 / 100}倍有效流水方可提款。`,
  ];
}

export async function signConfig(db: DbOrTx, siteId: number, currency: string, memberId: number) {
  const a = await openActivity(db, siteId, 'sign');
  const c = configOf(a);
  const today = shanghaiDay(clock.now());
  const days = await signedDays(db, a, memberId);
  const standing = streakOf(days, today);
  return {
    ...head(a, signRules(a, currency)),
    today,
    ...standing,
    days: c.dayMinor.map((_, i) => ({ day: i + 1, prize: prizeView(prizeOfDay(c, i + 1)), milestone: c.milestones.includes(i + 1) })),
    signedDays: days.filter((d) => d.day.slice(0, 7) === today.slice(0, 7)).map((d) => d.day),
  };
}

/** Today's sign-in, once: of concurrent requests one writes the day's record, the others are refused. */
export function signIn(db: Db, owner: WalletOwner, key: IdempotencyKey) {
  return once(db, owner.memberId, key, {}, async (tx) => {
    const a = await openActivity(tx, owner.siteId, 'sign', true);
    const c = configOf(a);
    const today = shanghaiDay(clock.now());
    const standing = streakOf(await signedDays(tx, a, owner.memberId), today);
    if (standing.signedToday) return fail('SIGNED_TODAY');
    const streak = standing.streak + 1;
    const earned = prizeOfDay(c, streak);
    const left = budgetLeft(a);
    const prize = left === null || left >= earned.amountMinor ? earned : NO_PRIZE;
    const recordId = await writeRecord(tx, a, owner, { ref: today, prize, multipleX100: c.multipleX100, detail: { day: today, streak } });
    if (recordId === null) return fail('SIGNED_TODAY');
    await spend(tx, a, prize.amountMinor);
    return { recordId, prize: prizeView(prize) };
  });
}

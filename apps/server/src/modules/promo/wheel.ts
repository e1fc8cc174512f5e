import { sql } from 'drizzle-orm';
import { shanghaiDay, shanghaiMidnight } from '@bp/contract';
import { oneOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { clock } from '../../platform/clock.ts';
import { depositedTotal, type WalletOwner } from '../wallet/index.ts';
import { validTurnoverSince } from '../vip/index.ts';
import { head, money, openActivity, type ActivityRow, kindConfig } from './activities.ts';
import { drawPrize, prizeList } from './draw.ts';

/**
 * Spin wheel: draws earned per Asia/Shanghai day (free ones, and one per so much deposited or
 * valid turnover that day, up to a daily maximum); each draw is draw.ts's (CSPRNG, recorded, under
 * the activity's lock, within stock and budget).
 */
const configOf = (a: ActivityRow) => kindConfig(a, 'wheel');

export function wheelRules(a: ActivityRow, currency: string): string[] {
  const c = configOf(a);
  return [
    `每日（北京时间）免费抽奖${c.freePerDay}次；当日每存款${money(c.depositPerDrawMinor, currency)}、每有效投注${money(c.turnoverPerDrawMinor, currency)}各加1次，每日最多${c.maxPerDay}次。`,
    '奖品按权重抽取，奖品数量与活动总预算有限，送完即止。',
    `彩金在记录或福利中心领取，需完成${c.multipleX100 / 100}倍有效流水方可提款。`,
  ];
}

/** Today's draws: earned by the day's deposits and turnover, used by its records. */
async function drawsToday(db: DbOrTx, a: ActivityRow, owner: WalletOwner) {
  const c = configOf(a);
  const now = clock.now();
  const today = shanghaiDay(now);
  const deposited = await depositedTotal(db, owner, new Date(shanghaiMidnight(now)));
  const turnover = await validTurnoverSince(db, owner.memberId, today);
  const earned = Math.min(c.maxPerDay, c.freePerDay + Number(deposited / BigInt(c.depositPerDrawMinor)) + Number(turnover / BigInt(c.turnoverPerDrawMinor)));
  const used = await oneOf<{ n: string }>(
    db,
    sql`SELECT count(*) AS n FROM promo_records WHERE activity_id = ${a.activity_id} AND member_id = ${owner.memberId} AND ref LIKE ${`${today}:%`}`,
  );
  const n = Number(used?.n ?? 0);
  return { today, earned, used: n, left: Math.max(0, earned - n) };
}

export async function wheelConfig(db: DbOrTx, owner: WalletOwner, currency: string) {
  const a = await openActivity(db, owner.siteId, 'wheel');
  const { earned, used, left } = await drawsToday(db, a, owner);
  return {
    ...head(a, wheelRules(a, currency)),
    prizes: await prizeList(db, a),
    draws: { earned, used, left },
  };
}

/** One draw, once per key; refused without draws left. */
export function spin(db: Db, owner: WalletOwner, key: IdempotencyKey) {
  return once(db, owner.memberId, key, {}, async (tx) => {
    const a = await openActivity(tx, owner.siteId, 'wheel', true);
    const draws = await drawsToday(tx, a, owner);
    if (draws.left <= 0) return fail('NO_DRAWS_LEFT');
    return drawPrize(tx, a, owner, { ref: `${draws.today}:${draws.used + 1}`, multipleX100: configOf(a).multipleX100 });
  });
}

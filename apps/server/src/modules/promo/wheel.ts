import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { shanghaiDay, shanghaiMidnight } from '@bp/contract';
import { oneOf, rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { clock } from '../../platform/clock.ts';
import { depositedTotal, type WalletOwner } from '../wallet/index.ts';
import { validTurnoverSince } from '../vip/index.ts';
import { budgetLeft, head, money, openActivity, spend, type ActivityRow } from './activities.ts';
import { NO_PRIZE, prizeView, writeRecord, type PrizeWon } from './records.ts';

/**
 * Spin wheel: draws earned per Asia/Shanghai day (free ones, and one per so much deposited or
 * valid turnover that day, up to a daily maximum); each draw picks a prize by weight among those
 * with stock left and within the budget, with crypto.randomInt; the random value, the total
 * weight and the prizes in play are recorded with the draw, so it can be recalled and checked.
 * Draws of an activity hold its row's lock, so stock and budget are never passed.
 */
export interface WheelConfig {
  freePerDay: number;
  depositPerDrawMinor: string;
  turnoverPerDrawMinor: string;
  maxPerDay: number;
  multipleX100: number;
}

interface PrizeRow {
  prize_no: number;
  kind: PrizeWon['kind'];
  amount_minor: string;
  name: string;
  weight: number;
  stock: number | null;
  won: number;
}

const configOf = (a: ActivityRow) => a.config as unknown as WheelConfig;

const prizesOf = (db: DbOrTx, a: ActivityRow) => rowsOf<PrizeRow>(db, sql`SELECT * FROM promo_prizes WHERE activity_id = ${a.activity_id} ORDER BY prize_no`);

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
    prizes: (await prizesOf(db, a)).map((p) => ({
      prizeNo: p.prize_no,
      prize: prizeView({ kind: p.kind, amountMinor: p.amount_minor, name: p.name }),
      left: p.stock === null ? null : p.stock - p.won,
    })),
    draws: { earned, used, left },
  };
}

/** The prize `value` (0 <= value < total weight) falls on, walking the prizes in play in order. */
export function pick<P extends { weight: number }>(inPlay: P[], value: number): P {
  let upTo = 0;
  for (const p of inPlay) {
    upTo += p.weight;
    if (value < upTo) return p;
  }
  throw new Error('value past the total weight');
}

/** One draw, once per key; refused without draws left. */
export function spin(db: Db, owner: WalletOwner, key: IdempotencyKey) {
  return once(db, owner.memberId, key, {}, async (tx) => {
    const a = await openActivity(tx, owner.siteId, 'wheel', true);
    const draws = await drawsToday(tx, a, owner);
    if (draws.left <= 0) return fail('NO_DRAWS_LEFT');
    const left = budgetLeft(a);
    const inPlay = (await prizesOf(tx, a)).filter(
      (p) => p.weight > 0 && (p.stock === null || p.won < p.stock) && (p.kind !== 'money' || left === null || BigInt(p.amount_minor) <= left),
    );
    const total = inPlay.reduce((sum, p) => sum + p.weight, 0);
    const value = total > 0 ? randomInt(total) : 0;
    const chosen = total > 0 ? pick(inPlay, value) : null;
    const prize: PrizeWon = chosen ? { kind: chosen.kind, amountMinor: BigInt(chosen.amount_minor), name: chosen.name } : NO_PRIZE;
    const detail = { random: value, total, prizeNo: chosen?.prize_no ?? 0, inPlay: inPlay.map((p) => `${p.prize_no}:${p.weight}`).join(',') };
    const recordId = await writeRecord(tx, a, owner, { ref: `${draws.today}:${draws.used + 1}`, prize, multipleX100: configOf(a).multipleX100, detail });
    if (recordId === null) return fail('NO_DRAWS_LEFT');
    if (chosen) await tx.execute(sql`UPDATE promo_prizes SET won = won + 1 WHERE activity_id = ${a.activity_id} AND prize_no = ${chosen.prize_no}`);
    if (prize.kind === 'money') await spend(tx, a, prize.amountMinor);
    return { recordId, prize: prizeView(prize) };
  });
}

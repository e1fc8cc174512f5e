import { sql } from 'drizzle-orm';
import { DAY_MS, fromMinor, type ActivityConfigOf, shanghaiDay, type BARRIER_STAGE_STATUSES } from '@bp/contract';
import { arrayParam, rowsOf, type Db, type DbOrTx, type Tx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { clock } from '../../platform/clock.ts';
import { getMember } from '../auth/index.ts';
import { walletOwner, type WalletOwner } from '../wallet/index.ts';
import { bonusStatuses, dailyValidTurnovers, validTurnoverSince } from '../vip/index.ts';
import { activityOf, budgetLeft, head, money, openActivity, spend, statusOf, kindConfig, type ActivityRow } from './activities.ts';
import { shutOut } from './eligibility.ts';
import { payPrize, writeRecord } from './records.ts';

/**
 * 闯关 (barrier): stages of valid turnover over the member's current Asia/Shanghai day (the vip
 * module's figure), each paying its prize once a day. A reached stage's prize is a record with ref
 * '<day>:<stage>' (promo_records_once: once per member, activity, day and stage) and a bonus of the
 * bonus engine, so it waits in the welfare centre until received; it is granted when the member
 * looks at the page or takes it, and by the pass each minute (turnover-prizes.ts) though they never
 * look, always under the activity's lock (its budget).
 */
export type BarrierConfig = ActivityConfigOf<'barrier'>;

const configOf = (a: ActivityRow) => kindConfig(a, 'barrier');

export function barrierRules(a: ActivityRow, currency: string): string[] {
  const c = configOf(a);
  return [
    `每日（北京时间0点至24点）有效投注达到关卡要求即可闯关：${c.stages.map((s, i) => `第${i + 1}关 ${money(s.turnoverMinor, currency)} 得 ${money(s.prizeMinor, currency)}`).join('；')}。`,
    '每关奖励每日可领取一次，次日0点起重新计算当日有效投注。',
    `奖励在本页、记录或福利中心领取，需完成${c.multipleX100 / 100}倍有效流水方可提款；活动总预算有限，发完即止。`,
  ];
}

interface DayRecord {
  record_id: string;
  ref: string;
  bonus_id: string | null;
}

/** A day's turnover (today's unless told) and the stage records written for it. */
async function standing(db: DbOrTx, a: ActivityRow, owner: WalletOwner, day = shanghaiDay(clock.now())) {
  const turnover = await validTurnoverSince(db, owner.memberId, day, day);
  const records = await rowsOf<DayRecord>(
    db,
    sql`SELECT record_id, ref, bonus_id FROM promo_records WHERE activity_id = ${a.activity_id} AND member_id = ${owner.memberId} AND ref LIKE ${`${day}:%`}`,
  );
  const recordOf = new Map(records.map((r) => [Number(r.ref.slice(day.length + 1)), r]));
  return { day, turnover, recordOf };
}

type Standing = Awaited<ReturnType<typeof standing>>;

/** Writes the record of every stage reached on the standing's day without one, within the budget (the caller holds the activity's lock), and reads the standing again. */
async function grantReached(tx: DbOrTx, a: ActivityRow, owner: WalletOwner, s: Standing): Promise<Standing> {
  const c = configOf(a);
  for (const [i, stage] of c.stages.entries()) {
    const no = i + 1;
    if (s.recordOf.has(no) || s.turnover < BigInt(stage.turnoverMinor)) continue;
    const amountMinor = BigInt(stage.prizeMinor);
    const left = budgetLeft(a);
    if (left !== null && left < amountMinor) continue;
    const prize = { kind: 'money' as const, amountMinor, name: `闯关第${no}关奖励` };
    const recordId = await writeRecord(tx, a, owner, { ref: `${s.day}:${no}`, prize, multipleX100: c.multipleX100, detail: { day: s.day, stage: no } });
    if (recordId !== null) await spend(tx, a, amountMinor);
  }
  return standing(tx, a, owner, s.day);
}

/** Grants the member's stages reached on `day` in a transaction of its own, under the activity's lock (its budget). */
function grantDay(db: Db, owner: WalletOwner, day: string) {
  return db.transaction(async (tx) => {
    const a = await openActivity(tx, owner.siteId, 'barrier', true);
    return [a, await grantReached(tx, a, owner, await standing(tx, a, owner, day))] as const;
  });
}

const reachedUngranted = (a: ActivityRow, s: Standing) =>
  configOf(a).stages.some((stage, i) => !s.recordOf.has(i + 1) && s.turnover >= BigInt(stage.turnoverMinor));

/** The stages with today's progress; reached stages' prizes granted first (so the welfare centre lists them). */
export async function barrierConfig(db: Db, owner: WalletOwner, currency: string) {
  let a = await openActivity(db, owner.siteId, 'barrier');
  let s = await standing(db, a, owner);
  if (reachedUngranted(a, s)) [a, s] = await grantDay(db, owner, s.day);
  const c = configOf(a);
  const ids = [...s.recordOf.values()].flatMap((r) => (r.bonus_id === null ? [] : [Number(r.bonus_id)]));
  const statuses = await bonusStatuses(db, owner.memberId, ids);
  return {
    ...head(a, barrierRules(a, currency)),
    today: s.day,
    turnover: fromMinor(s.turnover),
    multiple: c.multipleX100 / 100,
    stages: c.stages.map((stage, i) => {
      const r = s.recordOf.get(i + 1);
      const reached = s.turnover >= BigInt(stage.turnoverMinor);
      const status: (typeof BARRIER_STAGE_STATUSES)[number] = r?.bonus_id ? (statuses.get(Number(r.bonus_id)) ?? 'pending') : reached ? 'reached' : 'locked';
      return { stage: i + 1, turnover: fromMinor(stage.turnoverMinor), prize: fromMinor(stage.prizeMinor), status, recordId: r ? Number(r.record_id) : null };
    }),
  };
}

/** Takes a reached stage's prize into the main wallet, once a day: granted if it was not yet, then paid. */
export function takeStage(db: Db, owner: WalletOwner, key: IdempotencyKey, stage: number) {
  return once(db, owner.memberId, key, { stage }, async (tx: Tx) => {
    const a = await openActivity(tx, owner.siteId, 'barrier', true);
    const target = configOf(a).stages[stage - 1];
    if (!target) return fail('BARRIER_STAGE_UNKNOWN');
    const s = await standing(tx, a, owner);
    if (!s.recordOf.has(stage) && s.turnover < BigInt(target.turnoverMinor)) return fail('BARRIER_NOT_REACHED');
    const bonusId = (await grantReached(tx, a, owner, s)).recordOf.get(stage)?.bonus_id;
    if (!bonusId) return fail('BUDGET_SPENT');
    return payPrize(tx, owner, Number(bonusId));
  });
}

/**
 * The site's members with a stage reached yesterday or today and no record of it, set-based, as
 * (member, day): the pass's candidates (grantReached decides each).
 */
async function stagesDue(db: Db, a: ActivityRow) {
  const targets = configOf(a).stages.map((stage) => BigInt(stage.turnoverMinor));
  const lowest = targets.reduce((min, t) => (t < min ? t : min));
  const rows = await rowsOf<{ member_id: string; day: string }>(
    db,
    sql`
    SELECT t.member_id, t.day FROM (${dailyValidTurnovers(a.site_id, shanghaiDay(clock.now() - DAY_MS), shanghaiDay(clock.now()))}) t
    WHERE t.turnover_minor >= ${lowest} AND EXISTS (
      SELECT 1 FROM unnest(${arrayParam(targets, 'bigint[]')}) WITH ORDINALITY s(target, no)
      WHERE s.target <= t.turnover_minor AND NOT EXISTS (
        SELECT 1 FROM promo_records r WHERE r.activity_id = ${a.activity_id} AND r.member_id = t.member_id AND r.ref = t.day || ':' || s.no))
    ORDER BY t.day, t.member_id`,
  );
  return rows.map((r) => ({ memberId: Number(r.member_id), day: r.day }));
}

/** Whether the budget still pays some stage (else the pass has nothing to grant). */
function affordsAStage(a: ActivityRow): boolean {
  const left = budgetLeft(a);
  return left === null || configOf(a).stages.some((stage) => BigInt(stage.prizeMinor) <= left);
}

/**
 * The pass (turnover-prizes.ts): every member's stages reached today or yesterday (reached in the
 * last minute before midnight, or before a kill) are granted, each member and day in its own
 * transaction, so they wait in the welfare centre though the member never opens this page.
 */
export async function grantStagesDue(db: Db, site: { siteId: number; currency: string }): Promise<void> {
  const a = await activityOf(db, site.siteId, 'barrier');
  if (!a || statusOf(a) !== 'open' || !affordsAStage(a)) return;
  for (const due of await stagesDue(db, a)) {
    const member = await getMember(db, due.memberId);
    if (member && !shutOut(a, member)) await grantDay(db, walletOwner(site, due.memberId), due.day);
  }
}

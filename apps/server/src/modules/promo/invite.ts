import { sql } from 'drizzle-orm';
import { fromMinor, maskName, shanghaiDay, type ActivityConfigOf } from '@bp/contract';
import { oneOf, rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { getMember, invitedMembers, inviteesOf, sharedSession } from '../auth/index.ts';
import { depositedTotal, depositedTotals, walletOwner, type DepositCredited, type WalletOwner } from '../wallet/index.ts';
import { validTurnoverSince, validTurnoversSince } from '../vip/index.ts';
import { activityOf, budgetLeft, head, money, openActivity, spend, statusOf, type ActivityRow, kindConfig } from './activities.ts';
import { NO_PRIZE, writeRecord, type PrizeWon } from './records.ts';
import { shutOut } from './eligibility.ts';

const configOf = (a: ActivityRow) => kindConfig(a, 'invite');
/** A reward's record is once per inviter and friend: its ref names the friend. */
const REF = 'invitee:';
const refOf = (inviteeId: number) => `${REF}${inviteeId}`;

export function inviteRules(a: ActivityRow, currency: string): string[] {
  const c = configOf(a);
  return [
    `好友通过您的邀请码或链接注册，累计存款满${money(c.minDepositMinor, currency)}且有效投注满${money(c.minTurnoverMinor, currency)}，您即可获得${money(c.rewardMinor, currency)}彩金。`,
    '每位好友仅计一次；与您使用同一设备或同一IP的好友不计奖励。',
    `彩金在本页记录或福利中心领取，需完成${c.multipleX100 / 100}倍有效流水方可提款。`,
  ];
}

/** What a friend counts toward the rule since registering. */
async function progressOf(db: DbOrTx, invitee: { memberId: number; createdAt: Date }, inviter: WalletOwner) {
  return {
    depositMinor: await depositedTotal(db, { ...inviter, memberId: invitee.memberId }, invitee.createdAt),
    turnoverMinor: await validTurnoverSince(db, invitee.memberId, shanghaiDay(invitee.createdAt.getTime())),
  };
}

const meets = (c: ActivityConfigOf<'invite'>, p: { depositMinor: bigint; turnoverMinor: bigint }) =>
  p.depositMinor >= BigInt(c.minDepositMinor) && p.turnoverMinor >= BigInt(c.minTurnoverMinor);

/**
 * The inviter's reward for one friend who meets the rule, inside the caller's transaction: once (the
 * record's ref; a repeat or a race writes nothing), nothing past the budget, nothing when they share a device or IP.
 */
async function rewardFor(tx: DbOrTx, inviter: WalletOwner, inviteeId: number): Promise<void> {
  const a = await openActivity(tx, inviter.siteId, 'invite', true);
  const c = configOf(a);
  const shared = await sharedSession(tx, inviter.memberId, inviteeId);
  const left = budgetLeft(a);
  const earned: PrizeWon = { kind: 'money', amountMinor: BigInt(c.rewardMinor), name: '邀请好友奖励' };
  const prize = shared || (left !== null && left < earned.amountMinor) ? NO_PRIZE : earned;
  const recordId = await writeRecord(tx, a, inviter, {
    ref: refOf(inviteeId),
    prize,
    multipleX100: c.multipleX100,
    detail: { inviteeId, ...(shared ? { refused: shared } : {}) },
  });
  if (recordId !== null) await spend(tx, a, prize.amountMinor);
}

/** The friend's inviter's reward if the rule is met now and it was not written yet (the caller's transaction). */
async function rewardIfMet(tx: DbOrTx, friend: WalletOwner): Promise<void> {
  const invitee = await getMember(tx, friend.memberId);
  const inviter = invitee?.invitedBy ? await getMember(tx, invitee.invitedBy) : null;
  if (!invitee || !inviter) return;
  const a = await activityOf(tx, friend.siteId, 'invite');
  if (!a || statusOf(a) !== 'open' || shutOut(a, inviter)) return;
  const owner = { ...friend, memberId: inviter.memberId };
  const done = await oneOf(
    tx,
    sql`SELECT 1 FROM promo_records WHERE activity_id = ${a.activity_id} AND member_id = ${owner.memberId} AND ref = ${refOf(invitee.memberId)}`,
  );
  if (!done && meets(configOf(a), await progressOf(tx, invitee, owner))) await rewardFor(tx, owner, invitee.memberId);
}

/** The wallet's listener: a friend's credited deposit may complete the rule (in the crediting transaction). */
export const rewardOnDeposit = (tx: DbOrTx, d: DepositCredited): Promise<void> => rewardIfMet(tx, d.owner);

/**
 * The site's friends past both thresholds whose inviter has no record for them, set-based (the
 * pass's candidates; rewardIfMet decides each). Deposits to date, not since registering: never
 * fewer, so no friend is missed.
 */
async function friendsDue(db: Db, a: ActivityRow): Promise<number[]> {
  const c = configOf(a);
  const rows = await rowsOf<{ member_id: string }>(
    db,
    sql`
    WITH waiting AS MATERIALIZED (
      SELECT i.member_id, (i.created_at AT TIME ZONE 'Asia/Shanghai')::date AS from_day FROM (${inviteesOf(a.site_id)}) i
      WHERE NOT EXISTS (SELECT 1 FROM promo_records r WHERE r.activity_id = ${a.activity_id} AND r.member_id = i.invited_by AND r.ref = ${REF}::text || i.member_id)
    )
    SELECT w.member_id FROM waiting w
    LEFT JOIN (${depositedTotals(sql`SELECT member_id FROM waiting`)}) d ON d.member_id = w.member_id
    LEFT JOIN (${validTurnoversSince(sql`SELECT member_id, from_day FROM waiting`)}) t ON t.member_id = w.member_id
    WHERE coalesce(d.deposit_minor, 0) >= ${BigInt(c.minDepositMinor)} AND coalesce(t.turnover_minor, 0) >= ${BigInt(c.minTurnoverMinor)}
    ORDER BY w.member_id`,
  );
  return rows.map((r) => Number(r.member_id));
}

/**
 * The pass (turnover-prizes.ts): every friend who met the rule rewards their inviter, each in its
 * own transaction, so the reward waits in the welfare centre though the inviter never opens this page.
 */
export async function rewardFriendsDue(db: Db, site: { siteId: number; currency: string }): Promise<void> {
  const a = await activityOf(db, site.siteId, 'invite');
  if (!a || statusOf(a) !== 'open') return;
  for (const friendId of await friendsDue(db, a)) await db.transaction((tx) => rewardIfMet(tx, walletOwner(site, friendId)));
}

/** Rewards every friend of the inviter who met the rule since the last look (each in its own transaction). */
async function catchUp(db: Db, inviter: WalletOwner, a: ActivityRow, friends: Array<{ memberId: number; createdAt: Date }>) {
  const done = await rewardedIds(db, a, inviter.memberId);
  for (const f of friends) {
    if (done.has(f.memberId) || !meets(configOf(a), await progressOf(db, f, inviter))) continue;
    await db.transaction((tx) => rewardFor(tx, inviter, f.memberId));
  }
}

const rewardedIds = async (db: DbOrTx, a: ActivityRow, memberId: number) =>
  new Map(
    (
      await rowsOf<{ ref: string; amount_minor: string; prize_kind: string }>(
        db,
        sql`SELECT ref, amount_minor, prize_kind FROM promo_records WHERE activity_id = ${a.activity_id} AND member_id = ${memberId}`,
      )
    ).map((r) => [Number(r.ref.slice(REF.length)), r]),
  );

export async function inviteConfig(db: Db, owner: WalletOwner, currency: string) {
  const a = await openActivity(db, owner.siteId, 'invite');
  const c = configOf(a);
  const member = await getMember(db, owner.memberId);
  const { list, total } = await invitedMembers(db, owner.memberId, 1, 200);
  await catchUp(db, owner, a, list);
  const records = [...(await rewardedIds(db, a, owner.memberId)).values()].filter((r) => r.prize_kind === 'money');
  return {
    ...head(a, inviteRules(a, currency)),
    inviteCode: member?.ownInviteCode ?? '',
    invitePath: `/register?i_code=${member?.ownInviteCode ?? ''}`,
    rule: {
      minDeposit: fromMinor(c.minDepositMinor),
      minTurnover: fromMinor(c.minTurnoverMinor),
      reward: fromMinor(c.rewardMinor),
      multiple: c.multipleX100 / 100,
    },
    invited: total,
    rewarded: records.length,
    earned: fromMinor(records.reduce((sum, r) => sum + BigInt(r.amount_minor), 0n)),
  };
}

/** The inviter's friends, newest first, with their progress and whether they earned the reward. */
export async function inviteFriends(db: Db, owner: WalletOwner, page: number, size: number) {
  const a = await openActivity(db, owner.siteId, 'invite');
  const { list, total } = await invitedMembers(db, owner.memberId, page, size);
  await catchUp(db, owner, a, list);
  const done = await rewardedIds(db, a, owner.memberId);
  const rows = [];
  for (const f of list) {
    const p = await progressOf(db, f, owner);
    const r = done.get(f.memberId);
    rows.push({
      name: maskName(f.name),
      registeredAt: f.createdAt.getTime(),
      deposit: fromMinor(p.depositMinor),
      turnover: fromMinor(p.turnoverMinor),
      status: !r ? ('waiting' as const) : r.prize_kind === 'money' ? ('rewarded' as const) : ('refused' as const),
      reward: fromMinor(r?.amount_minor ?? 0),
    });
  }
  return { list: rows, total };
}

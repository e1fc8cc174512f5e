import { sql } from 'drizzle-orm';
import { MemberTags, fromMinor, type ActivityConfigOf } from '@bp/contract';
import { rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import { getMember, memberDevices, type MemberRow } from '../auth/index.ts';
import type { DepositCredited } from '../wallet/index.ts';
import { activityOf, budgetLeft, head, money, openActivity, spend, statusOf, type ActivityRow, kindConfig } from './activities.ts';
import { writeRecord } from './records.ts';
import { ineligibility } from './eligibility.ts';

const configOf = (a: ActivityRow) => kindConfig(a, a.kind === 'continue_deposit' ? 'continue_deposit' : 'first_deposit');

export function depositRules(a: ActivityRow, currency: string): string[] {
  const c = configOf(a);
  return [
    ...c.tiers.map((t) => `第${t.nth}笔存款（至少${money(c.minDepositMinor, currency)}）赠送${t.percent}%，最高${money(t.capMinor, currency)}。`),
    `存款到账后自动发放，在福利中心领取；每位会员每笔仅可获得一次${c.oncePer?.length ? `，同一${c.oncePer.map((k) => (k === 'phone' ? '手机号' : '设备')).join('、')}仅限一位会员` : ''}。`,
    `彩金需完成${c.multipleX100 / 100}倍有效流水方可提款。`,
  ];
}

export async function depositConfig(db: DbOrTx, siteId: number, currency: string) {
  const a = (await activityOf(db, siteId, 'first_deposit')) ?? (await openActivity(db, siteId, 'first_deposit'));
  const next = await activityOf(db, siteId, 'continue_deposit');
  const tiers = [a, next].flatMap((x) => (x && statusOf(x) === 'open' ? configOf(x).tiers : []));
  const c = configOf(a);
  return {
    ...head(a, depositRules(a, currency).concat(next ? depositRules(next, currency).slice(0, -2) : [])),
    tiers: tiers.map((t) => ({ nth: t.nth, percent: t.percent, cap: fromMinor(t.capMinor) })),
    minDeposit: fromMinor(c.minDepositMinor),
    multiple: c.multipleX100 / 100,
  };
}

/** What this member would claim the activity with, by its config's oncePer. */
async function claimsOf(tx: DbOrTx, c: ActivityConfigOf<'first_deposit'>, member: MemberRow): Promise<Array<[kind: 'phone' | 'device', value: string]>> {
  const claims: Array<[kind: 'phone' | 'device', value: string]> = [];
  if (c.oncePer?.includes('phone') && member.phone) claims.push(['phone', `${member.areaCode ?? ''}${member.phone}`]);
  if (c.oncePer?.includes('device')) for (const device of await memberDevices(tx, member.memberId)) claims.push(['device', device]);
  return claims;
}

/**
 * Claims the activity with each phone or device for this member (the caller holds the activity's
 * lock): false when another member claimed one of them first; nothing is claimed then.
 */
async function claimOnce(tx: DbOrTx, a: ActivityRow, memberId: number, claims: Array<[kind: string, value: string]>): Promise<boolean> {
  if (claims.length === 0) return true;
  const values = claims.map(([kind, value]) => sql`(${kind}, ${value})`);
  const taken = await rowsOf<{ member_id: string }>(
    tx,
    sql`SELECT member_id FROM promo_claims WHERE activity_id = ${a.activity_id} AND (claim_kind, claim_value) IN (${sql.join(values, sql`, `)}) AND member_id <> ${memberId}`,
  );
  if (taken.length > 0) return false;
  const rows = claims.map(([kind, value]) => sql`(${a.activity_id}, ${kind}, ${value}, ${memberId})`);
  await tx.execute(sql`INSERT INTO promo_claims (activity_id, claim_kind, claim_value, member_id) VALUES ${sql.join(rows, sql`, `)} ON CONFLICT DO NOTHING`);
  return true;
}

/** The wallet's listener: a credited deposit's bonus, if an open activity matches its nth. */
export async function grantDepositBonus(tx: DbOrTx, d: DepositCredited): Promise<void> {
  const a = await activityOf(tx, d.owner.siteId, d.nth === 1 ? 'first_deposit' : 'continue_deposit');
  if (!a || statusOf(a) !== 'open') return;
  const c = configOf(a);
  const tier = c.tiers.find((t) => t.nth === d.nth);
  if (!tier || d.amountMinor < BigInt(c.minDepositMinor)) return;
  const member = await getMember(tx, d.owner.memberId);
  if (!member || member.tags.includes(MemberTags.ACTIVITY_BLACKLIST) || ineligibility(a, member)) return;
  const locked = await openActivity(tx, d.owner.siteId, a.kind, true);
  if (!(await claimOnce(tx, locked, d.owner.memberId, await claimsOf(tx, c, member)))) return;
  const matched = (d.amountMinor * BigInt(Math.round(tier.percent * 100))) / 10_000n;
  const cap = BigInt(tier.capMinor);
  let amountMinor = matched < cap ? matched : cap;
  const left = budgetLeft(locked);
  if (left !== null && left < amountMinor) amountMinor = left;
  if (amountMinor <= 0n) return;
  const prize = { kind: 'money' as const, amountMinor, name: `第${d.nth}笔存款赠送${tier.percent}%` };
  const recordId = await writeRecord(tx, locked, d.owner, {
    ref: `deposit:${d.nth}`,
    prize,
    multipleX100: c.multipleX100,
    detail: { orderId: d.orderId, deposit: fromMinor(d.amountMinor), nth: d.nth },
  });
  if (recordId !== null) await spend(tx, locked, amountMinor);
}

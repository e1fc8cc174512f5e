import { sql } from 'drizzle-orm';
import { ACTIVITY_RULES, fromMinor, type ACTIVITY_CATEGORIES, type ActivityConfigOf, type ActivityKind } from '@bp/contract';
import { oneOf, rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { clock } from '../../platform/clock.ts';

/** An activity as stored; `config` is its kind's rules (the contract's ACTIVITY_RULES, read with configOf). */
export interface ActivityRow {
  activity_id: number;
  site_id: number;
  kind: ActivityKind;
  title: string;
  start_at: Date | string;
  end_at: Date | string;
  config: Record<string, unknown>;
  budget_minor: string | null;
  spent_minor: string;
  /** False: the operator switched it off (closed whatever its window). */
  enabled: boolean;
}

export const CATEGORY_OF: Record<ActivityKind, (typeof ACTIVITY_CATEGORIES)[number]> = {
  sign: 'daily',
  wheel: 'daily',
  lottery: 'daily',
  first_deposit: 'deposit',
  continue_deposit: 'deposit',
  invite: 'welfare',
  novice: 'welfare',
  guess: 'daily',
  barrier: 'daily',
  soccer_lottery: 'daily',
  quiz: 'daily',
};

/** The activity's config read with its kind's schema (the one the operator's rules were checked with). */
export const kindConfig = <K extends ActivityKind>(a: ActivityRow, kind: K): ActivityConfigOf<K> =>
  ACTIVITY_RULES[kind].config.parse(a.config) as ActivityConfigOf<K>;

const ms = (d: Date | string) => new Date(d).getTime();

export function statusOf(a: ActivityRow, now = clock.now()): 'upcoming' | 'open' | 'ended' {
  if (!a.enabled) return 'ended';
  if (now < ms(a.start_at)) return 'upcoming';
  return now < ms(a.end_at) ? 'open' : 'ended';
}

/** The site's activities members see (those switched on), in the operator's order; all of them for the operator. */
export const siteActivities = (db: DbOrTx, siteId: number, withSwitchedOff = false) =>
  rowsOf<ActivityRow>(
    db,
    sql`SELECT * FROM promo_activities WHERE site_id = ${siteId} ${withSwitchedOff ? sql`` : sql`AND enabled`} ORDER BY sort, activity_id`,
  );

export const activityOf = (db: DbOrTx, siteId: number, kind: ActivityKind) =>
  oneOf<ActivityRow>(db, sql`SELECT * FROM promo_activities WHERE site_id = ${siteId} AND kind = ${kind}`);

/** The site's activity of `kind`, open now; locked for the caller's transaction (its budget and stock) when `lock`. */
export async function openActivity(db: DbOrTx, siteId: number, kind: ActivityKind, lock = false): Promise<ActivityRow> {
  const a = await oneOf<ActivityRow>(db, sql`SELECT * FROM promo_activities WHERE site_id = ${siteId} AND kind = ${kind} ${lock ? sql`FOR UPDATE` : sql``}`);
  if (!a) return fail('ACTIVITY_NOT_FOUND');
  if (statusOf(a) !== 'open') return fail('ACTIVITY_CLOSED');
  return a;
}

/** What the budget still allows (null: no cap). */
export const budgetLeft = (a: ActivityRow): bigint | null => (a.budget_minor === null ? null : BigInt(a.budget_minor) - BigInt(a.spent_minor));

/** Counts `amountMinor` against the activity's budget (the caller holds its lock and checked budgetLeft). */
export async function spend(tx: DbOrTx, a: ActivityRow, amountMinor: bigint): Promise<void> {
  if (amountMinor === 0n) return;
  await tx.execute(sql`UPDATE promo_activities SET spent_minor = spent_minor + ${amountMinor} WHERE activity_id = ${a.activity_id}`);
  a.spent_minor = String(BigInt(a.spent_minor) + amountMinor);
}

/** An amount as the rules write it, in the site's currency. */
export const money = (minor: bigint | number | string, currency: string) => `${fromMinor(minor)} ${currency === 'CNY' ? '元' : currency}`;

export const head = (a: ActivityRow, rules: string[]) => ({
  activityId: a.activity_id,
  title: a.title,
  rules,
  startAt: ms(a.start_at),
  endAt: ms(a.end_at),
});

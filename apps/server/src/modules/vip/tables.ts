import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, jsonb, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { bigId, minor, timestamptz as at } from '../../platform/db/index.ts';

/**
 * The vip module's tables (migration 0070): grades and rebate rates per site, members' standing,
 * valid turnover per settled bet, and the bonus engine's grants. Money in integer minor units.
 */

/** A site's grade: what reaches it, what it pays, what keeps it, its withdrawal limit. */
export const vipGrades = pgTable(
  'vip_grades',
  {
    siteId: integer('site_id').notNull(),
    vipLevel: integer('vip_level').notNull(),
    grade: text('grade').notNull(),
    depositMinor: minor('deposit_minor').notNull(),
    turnoverMinor: minor('turnover_minor').notNull(),
    upgradeBonusMinor: minor('upgrade_bonus_minor').notNull().default(0n),
    weeklyBonusMinor: minor('weekly_bonus_minor').notNull().default(0n),
    monthlyBonusMinor: minor('monthly_bonus_minor').notNull().default(0n),
    /** The valid turnover of a calendar month that keeps the level at the monthly review. */
    keepTurnoverMinor: minor('keep_turnover_minor').notNull().default(0n),
    withdrawMaxMinor: minor('withdraw_max_minor').notNull(),
    /** Turnover its bonuses ask, x100 (100 = the amount once). */
    bonusMultipleX100: integer('bonus_multiple_x100').notNull().default(100),
    /** The most one bet may stake while a bonus is wagering (0: no limit). */
    wagerMaxStakeMinor: minor('wager_max_stake_minor').notNull().default(0n),
    /** Paid once a year in the member's birthday month. */
    birthdayBonusMinor: minor('birthday_bonus_minor').notNull().default(0n),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.vipLevel] })],
);

/** Rebate per level and category, in basis points of valid turnover. */
export const vipRebateRates = pgTable(
  'vip_rebate_rates',
  {
    siteId: integer('site_id').notNull(),
    vipLevel: integer('vip_level').notNull(),
    /** sports | egame | live | chess */
    category: text('category').notNull(),
    rateBp: integer('rate_bp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.vipLevel, t.category] })],
);

/** A member's level and what progress counts from (moved by a relegation). No row: level 0. */
export const vipMembers = pgTable('vip_members', {
  memberId: bigId('member_id').primaryKey(),
  siteId: integer('site_id').notNull(),
  vipLevel: integer('vip_level').notNull().default(0),
  depositOffsetMinor: minor('deposit_offset_minor').notNull().default(0n),
  turnoverOffsetMinor: minor('turnover_offset_minor').notNull().default(0n),
  /** Cumulative deposits when last counted (the wallet's figure). */
  depositMinor: minor('deposit_minor').notNull().default(0n),
  /** 'YYYY-MM' of the last monthly review. */
  reviewedMonth: text('reviewed_month').notNull().default(''),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Valid turnover of one settled bet or round (once per source + ref), on its Shanghai day. */
export const vipValidBets = pgTable(
  'vip_valid_bets',
  {
    source: text('source').notNull(),
    ref: text('ref').notNull(),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    day: date('day').notNull(),
    category: text('category').notNull(),
    validMinor: minor('valid_minor').notNull(),
    /** What it counts toward bonus wagering (0: odds of 1.5 or lower, or hedged). */
    wagerMinor: minor('wager_minor').notNull().default(0n),
  },
  (t) => [primaryKey({ columns: [t.source, t.ref] }), index('vip_valid_bets_day').on(t.day, t.memberId), index('vip_valid_bets_member').on(t.memberId, t.day)],
);

/** The bonus engine: a bonus granted once per (member, source, ref), paid when received. */
export const vipBonuses = pgTable(
  'vip_bonuses',
  {
    bonusId: bigserial('bonus_id', { mode: 'number' }).primaryKey(),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    /** upgrade | weekly | monthly | rebate (what granted it) */
    source: text('source').notNull(),
    ref: text('ref').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    multipleX100: integer('multiple_x100').notNull(),
    /** pending | received | expired */
    status: text('status').notNull().default('pending'),
    detail: jsonb('detail').notNull().default({}),
    expiresAt: at('expires_at'),
    receivedAt: at('received_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** none | wagering | met | forfeited | lapsed (wagering.ts) */
    wagerState: text('wager_state').notNull().default('none'),
    wagerRequiredMinor: minor('wager_required_minor').notNull().default(0n),
    wageredMinor: minor('wagered_minor').notNull().default(0n),
    wagerUntil: at('wager_until'),
    forfeitedMinor: minor('forfeited_minor').notNull().default(0n),
    maxStakeMinor: minor('max_stake_minor').notNull().default(0n),
  },
  (t) => [
    unique('vip_bonuses_once').on(t.memberId, t.source, t.ref),
    index('vip_bonuses_pending')
      .on(t.memberId)
      .where(sql`status = 'pending'`),
    index('vip_bonuses_received')
      .on(t.memberId, t.receivedAt)
      .where(sql`status = 'received'`),
    index('vip_bonuses_wagering')
      .on(t.memberId, t.receivedAt)
      .where(sql`wager_state = 'wagering'`),
  ],
);

/** Periodic runs done (job, period), so a finished run is not repeated. */
export const vipJobRuns = pgTable(
  'vip_job_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    doneAt: at('done_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/** A member's points (the row is the member's lock for accruing and spending them). */
export const vipPoints = pgTable('vip_points', {
  memberId: bigId('member_id').primaryKey(),
  siteId: integer('site_id').notNull(),
  points: bigint('points', { mode: 'bigint' }).notNull().default(0n),
});

/** Every change of a member's points, once per (member, source, ref). */
export const vipPointMoves = pgTable(
  'vip_point_moves',
  {
    moveId: bigserial('move_id', { mode: 'number' }).primaryKey(),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    /** turnover | deposit | exchange */
    source: text('source').notNull(),
    ref: text('ref').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique('vip_point_moves_once').on(t.memberId, t.source, t.ref), index('vip_point_moves_member').on(t.memberId, t.moveId)],
);

/** What a site's points exchange offers. */
export const vipPointItems = pgTable(
  'vip_point_items',
  {
    itemId: serial('item_id').primaryKey(),
    siteId: integer('site_id').notNull(),
    /** money | gold */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    costPoints: integer('cost_points').notNull(),
    /** Minor units of money, or hundredths of a gold coin. */
    amountMinor: minor('amount_minor').notNull(),
    multipleX100: integer('multiple_x100').notNull().default(100),
    stock: integer('stock'),
    taken: integer('taken').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('vip_point_items_site').on(t.siteId, t.sort)],
);

import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { bigId, minor, timestamptz as at } from '../../platform/db/index.ts';

/** The promo module's tables (migration 0075): activities per site, their prizes, members' records. */

export const promoActivities = pgTable(
  'promo_activities',
  {
    activityId: serial('activity_id').primaryKey(),
    siteId: integer('site_id').notNull(),
    /** sign | wheel | first_deposit | continue_deposit */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    config: jsonb('config').notNull().default({}),
    /** What its prizes may pay in all (null: no cap). */
    budgetMinor: minor('budget_minor'),
    spentMinor: minor('spent_minor').notNull().default(0n),
    sort: integer('sort').notNull().default(0),
    /** Switched off by the operator (migration 0108): not listed, closed. */
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [unique('promo_activities_kind').on(t.siteId, t.kind)],
);

export const promoPrizes = pgTable(
  'promo_prizes',
  {
    activityId: integer('activity_id').notNull(),
    prizeNo: integer('prize_no').notNull(),
    /** money | points | gold | none */
    kind: text('kind').notNull(),
    amountMinor: minor('amount_minor').notNull().default(0n),
    name: text('name').notNull(),
    weight: integer('weight').notNull(),
    stock: integer('stock'),
    won: integer('won').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.prizeNo] })],
);

export const promoRecords = pgTable(
  'promo_records',
  {
    recordId: bigserial('record_id', { mode: 'number' }).primaryKey(),
    activityId: integer('activity_id').notNull(),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    ref: text('ref').notNull(),
    prizeKind: text('prize_kind').notNull(),
    prizeName: text('prize_name').notNull(),
    amountMinor: minor('amount_minor').notNull().default(0n),
    bonusId: bigId('bonus_id'),
    detail: jsonb('detail').notNull().default({}),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique('promo_records_once').on(t.activityId, t.memberId, t.ref), index('promo_records_member').on(t.memberId, t.activityId, t.recordId)],
);

/** What an activity once per phone or device was claimed with, and by which member. */
export const promoClaims = pgTable(
  'promo_claims',
  {
    activityId: integer('activity_id').notNull(),
    /** phone | device */
    claimKind: text('claim_kind').notNull(),
    claimValue: text('claim_value').notNull(),
    memberId: bigId('member_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.claimKind, t.claimValue] })],
);

/** A member's free pick of a football match's outcome (竞猜, migration 0111), decided once the book has the result. */
export const promoGuesses = pgTable(
  'promo_guesses',
  {
    guessId: bigserial('guess_id', { mode: 'number' }).primaryKey(),
    activityId: integer('activity_id').notNull(),
    memberId: bigId('member_id').notNull(),
    matchId: bigId('match_id').notNull(),
    /** home | draw | visit */
    pick: text('pick').notNull(),
    /** open | won | lost | void */
    status: text('status').notNull().default('open'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    unique('promo_guesses_once').on(t.activityId, t.memberId, t.matchId),
    index('promo_guesses_open')
      .on(t.memberId)
      .where(sql`status = 'open'`),
  ],
);

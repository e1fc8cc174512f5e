import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
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
    // Migration 0161: the pass deciding every member's open picks (match-picks.ts).
    index('promo_guesses_open_by_activity')
      .on(t.activityId)
      .where(sql`status = 'open'`),
  ],
);

/** A round of 足彩 (migration 0130): coming football matches of the book, picked before `closesAt` (the first kickoff). */
export const promoSoccerRounds = pgTable(
  'promo_soccer_rounds',
  {
    roundId: bigserial('round_id', { mode: 'number' }).primaryKey(),
    activityId: integer('activity_id').notNull(),
    matchIds: bigint('match_ids', { mode: 'number' }).array().notNull(),
    closesAt: at('closes_at').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('promo_soccer_rounds_activity').on(t.activityId, t.roundId)],
);

/** A member's 足彩 ticket, one per round: a pick per match in the round's order, settled once with its right picks and prize. */
export const promoSoccerTickets = pgTable(
  'promo_soccer_tickets',
  {
    ticketId: bigserial('ticket_id', { mode: 'number' }).primaryKey(),
    roundId: bigId('round_id').notNull(),
    activityId: integer('activity_id').notNull(),
    memberId: bigId('member_id').notNull(),
    /** home | draw | visit, per match of the round. */
    picks: text('picks').array().notNull(),
    /** open | settled */
    status: text('status').notNull().default('open'),
    correct: integer('correct'),
    prizeMinor: minor('prize_minor').notNull().default(0n),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    unique('promo_soccer_tickets_once').on(t.roundId, t.memberId),
    index('promo_soccer_tickets_member').on(t.memberId, t.activityId, t.ticketId),
    index('promo_soccer_tickets_open')
      .on(t.activityId)
      .where(sql`status = 'open'`),
  ],
);

/** A member's quiz questions of a Shanghai day (答题, migration 0135): the seed they were drawn with. */
export const promoQuizDays = pgTable(
  'promo_quiz_days',
  {
    activityId: integer('activity_id').notNull(),
    memberId: bigId('member_id').notNull(),
    day: text('day').notNull(),
    seed: text('seed').notNull(),
    questionNos: jsonb('question_nos').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.memberId, t.day] })],
);

/** Each drawn question of the day, as it was drawn; answered once (chosen null until then). */
export const promoQuizAnswers = pgTable(
  'promo_quiz_answers',
  {
    activityId: integer('activity_id').notNull(),
    memberId: bigId('member_id').notNull(),
    day: text('day').notNull(),
    slot: smallint('slot').notNull(),
    questionNo: integer('question_no').notNull(),
    chosen: smallint('chosen'),
    correct: boolean('correct'),
    answeredAt: at('answered_at'),
    /** The question as drawn (migration 0163): text, options, right option, explanation; the bank may change after. */
    question: jsonb('question'),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.memberId, t.day, t.slot] })],
);

/** The site's sponsorship partners (赞助, migration 0136), the operator's content. */
export const promoSponsors = pgTable(
  'promo_sponsors',
  {
    sponsorId: serial('sponsor_id').primaryKey(),
    siteId: integer('site_id').notNull(),
    name: text('name').notNull(),
    /** club | league | brand */
    kind: text('kind').notNull(),
    badgeText: text('badge_text').notNull(),
    badgeColor: text('badge_color').notNull(),
    fromYear: integer('from_year').notNull(),
    toYear: integer('to_year'),
    summary: text('summary').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('promo_sponsors_site').on(t.siteId, t.sort)],
);

/** Tipsters (专家推荐, migration 0136); their record is read from the book, not stored. */
export const promoExperts = pgTable(
  'promo_experts',
  {
    expertId: serial('expert_id').primaryKey(),
    siteId: integer('site_id').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    bio: text('bio').notNull(),
    badgeColor: text('badge_color').notNull(),
    /** The demo experts' rule of picking; null: the operator's picks. */
    strategy: text('strategy'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [unique('promo_experts_name').on(t.siteId, t.name)],
);

/** An expert's pick: one selection of our book per match. */
export const promoExpertPicks = pgTable(
  'promo_expert_picks',
  {
    pickId: bigserial('pick_id', { mode: 'number' }).primaryKey(),
    expertId: integer('expert_id').notNull(),
    matchId: bigId('match_id').notNull(),
    selectionId: bigId('selection_id').notNull(),
    oddsX100: integer('odds_x100').notNull(),
    analysis: text('analysis').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique('promo_expert_picks_once').on(t.expertId, t.matchId)],
);

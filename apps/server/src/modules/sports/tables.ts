import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { bigId, minor, timestamptz as at } from '../../platform/db/index.ts';

/**
 * The sportsbook: the book (leagues, teams, matches, markets, selections) as the odds feed keeps
 * it, the bets members place on it, and the lease that lets one instance drive the built-in feed.
 * Odds in hundredths (1.85 is 185). src/test/schema.test.ts holds these to the migrated database.
 */

/** A sports venue per site is open only at status 0 (seed 4); no row means open. */
export const sportsVenueStatus = pgTable(
  'sports_venue_status',
  {
    siteId: integer('site_id').notNull(),
    /** OBTY | IMTY */
    venueCode: text('venue_code').notNull(),
    status: smallint('status').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.venueCode] })],
);

/** Leagues keep the feed's own id (the tid). */
export const sportsLeagues = pgTable('sports_leagues', {
  leagueId: integer('league_id').primaryKey(),
  /** football | basketball | esports */
  sport: text('sport').notNull(),
  name: text('name').notNull(),
  region: text('region').notNull().default(''),
  logo: text('logo').notNull().default(''),
  /** league | cup | international | esports */
  matchClass: text('match_class').notNull().default('league'),
  /** OBTY | IMTY */
  venueCode: text('venue_code').notNull().default('OBTY'),
  /** weight of the league in the popular list */
  hot: integer('hot').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});

export const sportsTeams = pgTable('sports_teams', {
  teamId: serial('team_id').primaryKey(),
  feedRef: text('feed_ref').notNull().unique('sports_teams_feed_ref_key'),
  sport: text('sport').notNull(),
  name: text('name').notNull(),
  logo: text('logo').notNull().default(''),
});

/**
 * A match, its clock and score, and its result as the feed reported it: result_version counts the
 * results (a correction adds one); settled_version is the one whose bets have all been settled.
 */
export const sportsMatches = pgTable(
  'sports_matches',
  {
    matchId: bigserial('match_id', { mode: 'number' }).primaryKey(),
    feedRef: text('feed_ref').notNull().unique('sports_matches_feed_ref_key'),
    /** football | basketball | esports */
    sport: text('sport').notNull(),
    leagueId: integer('league_id').notNull(),
    homeTeamId: integer('home_team_id').notNull(),
    visitTeamId: integer('visit_team_id').notNull(),
    startAt: at('start_at').notNull(),
    /** scheduled | live | finished | cancelled */
    status: text('status').notNull().default('scheduled'),
    period: text('period').notNull().default(''),
    clockSec: integer('clock_sec').notNull().default(0),
    clockAt: at('clock_at').notNull().defaultNow(),
    homeScore: integer('home_score').notNull().default(0),
    visitScore: integer('visit_score').notNull().default(0),
    /** match entry media (seed 3) */
    anchorStatus: smallint('anchor_status'),
    animationUrl: text('animation_url'),
    anchorFlvUrl: text('anchor_flv_url'),
    result: jsonb('result'),
    resultVersion: integer('result_version').notNull().default(0),
    settledVersion: integer('settled_version').notNull().default(0),
    /** the feed adapter's own memory of the match, so any instance can take over driving it */
    feedState: jsonb('feed_state').notNull().default({}),
    /** an operator suspended the whole match: every market takes no bets until reopened */
    held: boolean('held').notNull().default(false),
    /** an operator entered the result: the feed's results no longer apply */
    resultByOperator: boolean('result_by_operator').notNull().default(false),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('sports_matches_board').on(t.status, t.startAt),
    index('sports_matches_league').on(t.leagueId, t.startAt),
    index('sports_matches_to_settle')
      .on(t.matchId)
      .where(sql`settled_version < result_version`),
  ],
);

/** One market per spec and match: kind plus line or map, e.g. 'ah:-0.25', 'map_winner:2'. */
export const sportsMarkets = pgTable(
  'sports_markets',
  {
    marketId: bigserial('market_id', { mode: 'number' }).primaryKey(),
    matchId: bigId('match_id').notNull(),
    spec: text('spec').notNull(),
    kind: text('kind').notNull(),
    line: numeric('line', { precision: 7, scale: 2 }),
    mapNo: smallint('map_no'),
    /** open | suspended | closed */
    status: text('status').notNull().default('open'),
    sort: integer('sort').notNull().default(0),
    /** an operator suspended it: the feed cannot reopen it */
    held: boolean('held').notNull().default(false),
    /** set while an operator has voided it: every leg on it is void */
    voidReason: text('void_reason'),
    /** the operator's voids and resettlements; settled_rev the one fully settled */
    settleRev: integer('settle_rev').notNull().default(0),
    settledRev: integer('settled_rev').notNull().default(0),
  },
  (t) => [
    unique('sports_markets_match_id_spec_key').on(t.matchId, t.spec),
    index('sports_markets_to_settle')
      .on(t.marketId)
      .where(sql`settled_rev < settle_rev`),
  ],
);

export const sportsSelections = pgTable(
  'sports_selections',
  {
    selectionId: bigserial('selection_id', { mode: 'number' }).primaryKey(),
    marketId: bigId('market_id').notNull(),
    code: text('code').notNull(),
    oddsX100: integer('odds_x100').notNull(),
    /** open | closed */
    status: text('status').notNull().default('open'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [unique('sports_selections_market_id_code_key').on(t.marketId, t.code)],
);

/** Operators scale a member's maximum stakes (a sharp bettor gets less). */
export const sportsMemberLimits = pgTable('sports_member_limits', {
  memberId: bigId('member_id').primaryKey(),
  stakeFactor: numeric('stake_factor', { precision: 6, scale: 3 }).notNull(),
});

/**
 * A single or a parlay. odds_x100 is the price taken (a parlay's the product of its legs, rounded
 * down); settlement_no counts its settlements (a corrected result settles again) and settled_key
 * names the results; recovery_due_minor is what a resettlement could not take back.
 */
export const sportsBets = pgTable(
  'sports_bets',
  {
    betId: bigserial('bet_id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id').notNull().unique('sports_bets_order_id_key'),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    currency: text('currency').notNull(),
    /** single | parlay */
    betType: text('bet_type').notNull(),
    stakeMinor: minor('stake_minor').notNull(),
    oddsX100: bigId('odds_x100').notNull(),
    potentialReturnMinor: minor('potential_return_minor').notNull(),
    /** pending_delay | pending | won | lost | void | half_won | half_lost | cashed_out | rejected */
    status: text('status').notNull(),
    acceptOddsChange: boolean('accept_odds_change').notNull().default(false),
    payoutMinor: minor('payout_minor').notNull().default(0n),
    settlementNo: integer('settlement_no').notNull().default(0),
    settledKey: text('settled_key'),
    recoveryDueMinor: minor('recovery_due_minor').notNull().default(0n),
    confirmAt: at('confirm_at'),
    rejectReason: text('reject_reason'),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    index('sports_bets_member').on(t.memberId, t.betId.desc()),
    index('sports_bets_delayed')
      .on(t.confirmAt)
      .where(sql`status = 'pending_delay'`),
    index('sports_bets_settled')
      .on(t.settledAt)
      .where(sql`settled_at IS NOT NULL`),
  ],
);

/** A bet's legs, never two of one match; each carries its bet's member for the stake limit's read. */
export const sportsBetLegs = pgTable(
  'sports_bet_legs',
  {
    betId: bigId('bet_id').notNull(),
    legNo: smallint('leg_no').notNull(),
    selectionId: bigId('selection_id').notNull(),
    marketId: bigId('market_id').notNull(),
    matchId: bigId('match_id').notNull(),
    oddsX100: integer('odds_x100').notNull(),
    /** won | lost | void | half_won | half_lost */
    outcome: text('outcome'),
    memberId: bigId('member_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.betId, t.legNo] }),
    unique('sports_bet_legs_bet_id_match_id_key').on(t.betId, t.matchId),
    index('sports_bet_legs_match').on(t.matchId),
    index('sports_bet_legs_member_market').on(t.memberId, t.marketId),
  ],
);

/** A member's stakes open in singles on a market (pending_delay or pending): a single's stake limit reads it (bets/limits.ts). */
export const sportsOpenSingles = pgTable(
  'sports_open_singles',
  {
    memberId: bigId('member_id').notNull(),
    marketId: bigId('market_id').notNull(),
    stakedMinor: minor('staked_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.marketId] })],
);

/** Who drives the built-in feed: the instance holding an unexpired lease. */
export const sportsFeedLease = pgTable('sports_feed_lease', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: at('expires_at').notNull(),
});

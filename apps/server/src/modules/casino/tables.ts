import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, minor, timestamptz as at } from '../../platform/db/index.ts';

/** Electronic games, members' collections, launch tickets. src/test/schema.test.ts holds these to the migrated database. */

export const casinoGames = pgTable(
  'casino_games',
  {
    gameId: text('game_id').primaryKey(),
    apiName: text('api_name').notNull(),
    gameName: text('game_name').notNull(),
    brand: text('brand').notNull(),
    image: text('image').notNull(),
    hot: boolean('hot').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('casino_games_venue').on(t.apiName, t.sort)],
);

export const casinoCollections = pgTable(
  'casino_collections',
  {
    memberId: bigId('member_id').notNull(),
    gameId: text('game_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.gameId] })],
);

/**
 * A launch of the sandbox game: who plays (no member for a demo, which plays with demo_balance,
 * never the member's money), where, until when, and the session that launched it (the ticket
 * dies with it). A repeated launch (same member, same Idempotency-Key) answers the same ticket.
 */
export const casinoTickets = pgTable(
  'casino_tickets',
  {
    ticket: text('ticket').primaryKey(),
    memberId: bigId('member_id'),
    launchKey: text('launch_key'),
    apiName: text('api_name').notNull(),
    gameId: text('game_id'),
    rollbackAddress: text('rollback_address').notNull(),
    demoBalance: minor('demo_balance'),
    /** what auto-transfer moved in for this launch */
    transferredMinor: minor('transferred_minor').notNull().default(0n),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    sessionId: bigId('session_id'),
  },
  (t) => [uniqueIndex('casino_tickets_launch').on(t.memberId, t.launchKey), index('casino_tickets_recent').on(t.memberId, t.apiName, t.createdAt.desc())],
);

/**
 * Every round of every game venue, as the member and the operator recall it: stake, outcome
 * (`detail`, the game's own words), payout, the balance played from before and after. 'open' while a
 * round waits for its result (a table bet, mines between reveals).
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    roundId: text('round_id').primaryKey(),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    apiName: text('api_name').notNull(),
    kind: text('kind').notNull(),
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull(),
    stakeMinor: minor('stake_minor').notNull(),
    payoutMinor: minor('payout_minor').notNull().default(0n),
    balanceBefore: minor('balance_before').notNull(),
    balanceAfter: minor('balance_after'),
    status: text('status').notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    index('game_rounds_member').on(t.memberId, t.createdAt.desc()),
    index('game_rounds_venue').on(t.apiName, t.createdAt.desc()),
    index('game_rounds_open')
      .on(t.apiName, t.createdAt)
      .where(sql`status = 'open'`),
    index('game_rounds_settled')
      .on(t.settledAt, t.roundId)
      .where(sql`status <> 'open'`),
  ],
);

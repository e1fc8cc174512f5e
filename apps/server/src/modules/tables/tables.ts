import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigId, minor, timestamptz as at } from '../../platform/db/index.ts';

/** Live dealer tables (AG真人). src/test/schema.test.ts holds these to the migrated database. */

export const dealerTables = pgTable('dealer_tables', {
  tableId: text('table_id').primaryKey(),
  /** baccarat | dragon-tiger | roulette */
  game: text('game').notNull(),
  name: text('name').notNull(),
  /** The catalogue's game at AG that entering the table launches. */
  gameId: text('game_id').notNull(),
  sort: integer('sort').notNull().default(0),
  betMs: integer('bet_ms').notNull(),
  dealMs: integer('deal_ms').notNull(),
  resultMs: integer('result_ms').notNull(),
  /** {currency: {limit kind: [min, max]}} in minor units */
  limits: jsonb('limits').notNull(),
});

export const dealerShoes = pgTable(
  'dealer_shoes',
  {
    tableId: text('table_id').notNull(),
    shoeNo: integer('shoe_no').notNull(),
    /** 'As Td ...' in dealing order */
    cards: text('cards').notNull(),
    cutAt: integer('cut_at').notNull(),
    burned: integer('burned').notNull(),
    position: integer('position').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.shoeNo] })],
);

export const dealerRounds = pgTable(
  'dealer_rounds',
  {
    tableId: text('table_id').notNull(),
    roundNo: bigint('round_no', { mode: 'number' }).notNull(),
    /** betting | dealt | settled | voiding | void */
    status: text('status').notNull().default('betting'),
    startsAt: at('starts_at').notNull(),
    closesAt: at('closes_at').notNull(),
    revealAt: at('reveal_at').notNull(),
    endsAt: at('ends_at').notNull(),
    shoeNo: integer('shoe_no').notNull().default(0),
    outcome: jsonb('outcome'),
    dealtAt: at('dealt_at'),
    settledAt: at('settled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tableId, t.roundNo] }),
    index('dealer_rounds_pending')
      .on(t.closesAt)
      .where(sql`status IN ('betting', 'dealt', 'voiding')`),
    index('dealer_rounds_history')
      .on(t.tableId, t.roundNo.desc())
      .where(sql`status = 'settled'`),
  ],
);

export const dealerBets = pgTable(
  'dealer_bets',
  {
    betId: bigserial('bet_id', { mode: 'number' }).primaryKey(),
    tableId: text('table_id').notNull(),
    roundNo: bigint('round_no', { mode: 'number' }).notNull(),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    /** [{spot, amountMinor}] */
    spots: jsonb('spots').notNull(),
    stakeMinor: minor('stake_minor').notNull(),
    payoutMinor: minor('payout_minor').notNull().default(0n),
    /** open | settled | refunded */
    status: text('status').notNull().default('open'),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    index('dealer_bets_open')
      .on(t.tableId, t.roundNo)
      .where(sql`status = 'open'`),
    index('dealer_bets_member').on(t.memberId, t.tableId, t.roundNo),
    index('dealer_bets_round').on(t.tableId, t.roundNo),
    index('dealer_bets_settled')
      .on(t.settledAt)
      .where(sql`status <> 'open'`),
  ],
);

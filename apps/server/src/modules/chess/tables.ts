import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, minor, timestamptz as at } from '../../platform/db/index.ts';

/**
 * 抢庄牛牛's dealt hands: both hands and the house's bid, fixed at the deal and secret until the
 * round is settled (the round's record, game_rounds, is readable while open). src/test/schema.test.ts
 * holds this to the migrated database.
 */
export const chessNiuniuHands = pgTable(
  'chess_niuniu_hands',
  {
    roundId: text('round_id').primaryKey(),
    memberId: bigId('member_id').notNull(),
    baseMinor: minor('base_minor').notNull(),
    heldMinor: minor('held_minor').notNull(),
    memberCards: jsonb('member_cards').notNull(),
    houseCards: jsonb('house_cards').notNull(),
    houseBid: integer('house_bid').notNull(),
    /** who takes the bank on equal bids: 0 the member, 1 the house */
    coin: integer('coin').notNull(),
    memberBid: integer('member_bid'),
    /** open | settled */
    status: text('status').notNull().default('open'),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('chess_niuniu_open')
      .on(t.memberId)
      .where(sql`status = 'open'`),
    index('chess_niuniu_idle')
      .on(t.createdAt)
      .where(sql`status = 'open'`),
    index('chess_niuniu_settled')
      .on(t.settledAt)
      .where(sql`status = 'settled'`),
  ],
);

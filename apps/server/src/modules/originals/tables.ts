import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, minor, timestamptz as at } from '../../platform/db/index.ts';

/** House originals' seed pairs and open mines rounds. src/test/schema.test.ts holds these to the migrated database. */

/** A member's seed pairs; the active one has no revealed_at and plays the next round at `nonce`. */
export const originalsSeeds = pgTable(
  'originals_seeds',
  {
    seedId: bigserial('seed_id', { mode: 'number' }).primaryKey(),
    memberId: bigId('member_id').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    revealedAt: at('revealed_at'),
  },
  (t) => [
    uniqueIndex('originals_seeds_active')
      .on(t.memberId)
      .where(sql`revealed_at IS NULL`),
    index('originals_seeds_member').on(t.memberId, t.seedId.desc()),
    index('originals_seeds_revealed')
      .on(t.revealedAt)
      .where(sql`revealed_at IS NOT NULL`),
  ],
);

/** A mines round between its steps: tiles turned so far; the board follows from its seeds. */
export const originalsMines = pgTable(
  'originals_mines',
  {
    roundId: text('round_id').primaryKey(),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    currency: text('currency').notNull(),
    seedId: bigId('seed_id').notNull(),
    nonce: integer('nonce').notNull(),
    mines: integer('mines').notNull(),
    stakeMinor: minor('stake_minor').notNull(),
    revealed: jsonb('revealed')
      .notNull()
      .default(sql`'[]'`),
    status: text('status').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('originals_mines_open')
      .on(t.memberId)
      .where(sql`status = 'open'`),
    index('originals_mines_settled')
      .on(t.settledAt)
      .where(sql`status <> 'open'`),
    index('originals_mines_seed').on(t.seedId),
  ],
);

import { sql } from 'drizzle-orm';
import { bigserial, boolean, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, minor, timestamptz as at } from '../../platform/db/index.ts';

/**
 * Venues (game providers), the two-phase transfers between the main wallet and a venue, and the
 * built-in sandbox venues' own books. The phases are SQL functions in sql/. src/test/schema.test.ts
 * holds these to the migrated database.
 */

export const venues = pgTable('venues', {
  apiName: text('api_name').primaryKey(),
  name: text('name').notNull(),
  /** live | egame | sports | chess */
  category: text('category').notNull(),
  /** 0 open (seed 4), anything else under maintenance */
  status: integer('status').notNull().default(0),
  sort: integer('sort').notNull().default(0),
  /** what members read while it is under maintenance ('' : the catalogue's words) */
  maintenanceMessage: text('maintenance_message').notNull().default(''),
  /** the most one transfer moves into it, per currency in minor units; a currency left out: no limit of its own */
  maxTransferIn: jsonb('max_transfer_in').notNull().default({}),
});

/**
 * A two-phase movement between the main wallet and a venue, or a 'follow' (amount 0: the slot held
 * while the venue's figure is read). ref is 'VT' || transfer_id, what the venue knows it by. The
 * accounts are fixed when it begins; result_account is the house slice that takes the member's
 * result at the venue.
 */
export const venueTransfers = pgTable(
  'venue_transfers',
  {
    transferId: bigserial('transfer_id', { mode: 'number' }).primaryKey(),
    ref: text('ref').notNull(),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    currency: text('currency').notNull(),
    apiName: text('api_name').notNull(),
    /** in (main -> venue) | out | follow */
    direction: text('direction').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    /** pending | success | failed */
    status: text('status').notNull().default('pending'),
    idempotencyKey: text('idempotency_key'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
    mainAccount: bigId('main_account').notNull(),
    venueAccount: bigId('venue_account').notNull(),
    transitAccount: bigId('transit_account').notNull(),
    resultAccount: bigId('result_account').notNull(),
  },
  // The slot: one transfer in flight per member and venue, so the venue's balance is never counted twice.
  (t) => [
    uniqueIndex('venue_transfers_one_pending')
      .on(t.memberId, t.apiName)
      .where(sql`status = 'pending'`),
  ],
);

/** Whether a launch moves the member's money to the venue by itself. */
export const venueSettings = pgTable('venue_settings', {
  memberId: bigId('member_id').primaryKey(),
  autoTransfer: boolean('auto_transfer').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A sandbox venue's player balances, kept apart from our ledger as a real provider's would be. */
export const venueSandboxWallets = pgTable(
  'venue_sandbox_wallets',
  {
    apiName: text('api_name').notNull(),
    playerId: bigId('player_id').notNull(),
    balance: minor('balance').notNull().default(0n),
  },
  (t) => [primaryKey({ columns: [t.apiName, t.playerId] })],
);

/** A sandbox venue's transfers: a ref applies once; one asked about before it arrived is fenced (direction 'fence'). */
export const venueSandboxTransfers = pgTable(
  'venue_sandbox_transfers',
  {
    apiName: text('api_name').notNull(),
    ref: text('ref').notNull(),
    playerId: bigId('player_id').notNull(),
    /** deposit | withdraw | fence */
    direction: text('direction').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    /** success | failed */
    status: text('status').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apiName, t.ref] })],
);

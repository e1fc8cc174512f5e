import { boolean, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigId, minor, timestamptz as at } from '../../platform/db/index.ts';

/** Seamless-wallet providers and their transactions. src/test/schema.test.ts holds these to the migrated database. */

/** A provider the operator configured: its venue, its callback secret (encrypted), its launch address. */
export const gameProviders = pgTable('game_providers', {
  apiName: text('api_name').primaryKey(),
  secretCipher: text('secret_cipher').notNull(),
  launchUrl: text('launch_url').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  /** The provider's last signed heartbeat: it is offered only while this is recent. */
  seenAt: at('seen_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * A provider's transaction id, as first applied: its answer (a repeat answers it), and for a debit
 * whether it was rolled back ('tombstone': a rollback came first, so the debit is refused).
 */
export const providerTransactions = pgTable(
  'provider_transactions',
  {
    apiName: text('api_name').notNull(),
    txId: text('tx_id').notNull(),
    kind: text('kind').notNull(),
    memberId: bigId('member_id').notNull(),
    roundId: text('round_id').notNull(),
    amountMinor: minor('amount_minor'),
    status: text('status').notNull(),
    answer: jsonb('answer'),
    rollbackAnswer: jsonb('rollback_answer'),
    createdAt: at('created_at').notNull().defaultNow(),
    rolledBackAt: at('rolled_back_at'),
  },
  (t) => [
    primaryKey({ columns: [t.apiName, t.txId] }),
    index('provider_transactions_round').on(t.apiName, t.roundId),
    index('provider_transactions_age').on(t.createdAt),
  ],
);

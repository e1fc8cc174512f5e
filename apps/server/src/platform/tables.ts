import { bigint, index, jsonb, pgTable, primaryKey, text, integer } from 'drizzle-orm/pg-core';
import { timestamptz } from './db/index.ts';

/** The platform's own tables. src/test/schema.test.ts holds these to the migrated database. */

/** A money-moving call's Idempotency-Key per member: claimed pending, then done with its answer (idempotency.ts). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** pending | done */
    state: text('state').notNull(),
    response: jsonb('response'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
);

/** Nonces of signed requests, kept for the replay window (security/nonces.ts). */
export const requestNonces = pgTable(
  'request_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('request_nonces_expiry').on(t.expiresAt)],
);

/** Client app keys per site: requests signed with `x-app-key` are verified with its secret (security/app-keys.ts). */
export const siteAppKeys = pgTable(
  'site_app_keys',
  {
    siteId: integer('site_id').notNull(),
    appKey: text('app_key').notNull(),
    secret: text('secret').notNull(),
    /** h5, ios, android, pc */
    clientType: text('client_type').notNull(),
    status: text('status').notNull().default('1'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.appKey] })],
);

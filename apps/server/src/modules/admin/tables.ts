import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz as at } from '../../platform/db/index.ts';

/** Operators, their sessions and the audit log. src/test/schema.test.ts holds these to the migrated database. */

export const operators = pgTable('admin_operators', {
  operatorId: serial('operator_id').primaryKey(),
  name: text('name').notNull().unique('admin_operators_name_key'),
  /** argon2id */
  passwordHash: text('password_hash').notNull(),
  /** base32 */
  totpSecret: text('totp_secret').notNull(),
  roles: text('roles').array().notNull(),
  /** null: every site */
  siteIds: integer('site_ids').array(),
  /** active | disabled */
  status: text('status').notNull().default('active'),
  failures: integer('failures').notNull().default(0),
  lockedUntil: at('locked_until'),
  /** the last TOTP time step accepted: a code is good once */
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }).notNull().default(0),
  lastLoginAt: at('last_login_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});
export type OperatorRow = typeof operators.$inferSelect;

export const operatorSessions = pgTable(
  'admin_sessions',
  {
    sessionId: bigserial('session_id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id').notNull(),
    /** sha256 of the token */
    tokenHash: text('token_hash').notNull().unique('admin_sessions_token_hash_key'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
    /** logout | idle | disabled | roles_changed */
    endReason: text('end_reason'),
  },
  (t) => [
    index('admin_sessions_operator')
      .on(t.operatorId)
      .where(sql`ended_at IS NULL`),
  ],
);

export const auditLog = pgTable(
  'admin_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    /** null: a command run on the server */
    operatorId: integer('operator_id'),
    action: text('action').notNull(),
    target: text('target').notNull(),
    /** the exact JSON text hashed */
    before: text('before').notNull(),
    after: text('after').notNull(),
    ip: text('ip'),
    at: at('at').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [index('admin_audit_operator').on(t.operatorId, t.id), index('admin_audit_action').on(t.action, t.id)],
);

/** The chain's head, locked by every append. */
export const auditHead = pgTable('admin_audit_head', {
  one: boolean('one').primaryKey().default(true),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});

/** Operators' notes on members. */
export const memberNotes = pgTable(
  'admin_member_notes',
  {
    noteId: bigserial('note_id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    operatorId: integer('operator_id').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('admin_member_notes_member').on(t.memberId, t.noteId)],
);

/** Manual balance adjustments and their two-person approval (migration 0102). */
export const adjustments = pgTable(
  'admin_adjustments',
  {
    adjustmentId: bigserial('adjustment_id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** credit | debit */
    direction: text('direction').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    needsApproval: boolean('needs_approval').notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull(),
    requestedBy: integer('requested_by').notNull(),
    decidedBy: integer('decided_by'),
    rejectReason: text('reject_reason'),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [index('admin_adjustments_status').on(t.status, t.adjustmentId), index('admin_adjustments_member').on(t.memberId, t.adjustmentId)],
);

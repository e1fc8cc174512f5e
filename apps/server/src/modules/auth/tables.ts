import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, timestamptz as at } from '../../platform/db/index.ts';

/** Members, their sessions and what guards their accounts. src/test/schema.test.ts holds these to the migrated database. */

export const members = pgTable(
  'members',
  {
    memberId: bigserial('member_id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    /** lower-cased */
    name: text('name').notNull(),
    /** argon2id of the client digest */
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    phone: text('phone'),
    areaCode: text('area_code'),
    /** lower-cased */
    email: text('email'),
    realName: text('real_name'),
    birthday: date('birthday'),
    address: text('address'),
    vipLevel: integer('vip_level').notNull().default(0),
    /** the i_code the member came with */
    inviteCode: text('invite_code'),
    /** the r_code the member came with */
    recommendCode: text('recommend_code'),
    ownInviteCode: text('own_invite_code').notNull(),
    /** an agent's code, upper-cased */
    agentCode: text('agent_code'),
    invitedBy: bigId('invited_by'),
    /** an approved agent (member/agents.ts) */
    isAgent: boolean('is_agent').notNull().default(false),
    /** '0' | '1' | '2' */
    status: text('status').notNull().default('1'),
    tags: text('tags').array().notNull().default([]),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** 0, 15, 30, 60 or 120 */
    idleLogoutMinutes: integer('idle_logout_minutes').notNull().default(0),
    passwordChangedAt: at('password_changed_at'),
    lastLoginAt: at('last_login_at'),
    lastLoginIp: text('last_login_ip'),
    /** a dormant member woke up */
    reactivatedAt: at('reactivated_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('members_site_id_name_key').on(t.siteId, t.name),
    uniqueIndex('members_own_invite_code').on(t.ownInviteCode),
    uniqueIndex('members_agent_code')
      .on(t.siteId, t.agentCode)
      .where(sql`agent_code IS NOT NULL`),
    uniqueIndex('members_phone')
      .on(t.siteId, t.areaCode, t.phone)
      .where(sql`phone IS NOT NULL`),
    uniqueIndex('members_email')
      .on(t.siteId, t.email)
      .where(sql`email IS NOT NULL`),
    // The operator's search over every site (migration 0103).
    index('members_search_name').on(t.name.op('text_pattern_ops')),
    index('members_search_phone')
      .on(t.phone)
      .where(sql`phone IS NOT NULL`),
    index('members_search_email')
      .on(t.email)
      .where(sql`email IS NOT NULL`),
    index('members_search_real_name')
      .on(t.realName)
      .where(sql`real_name IS NOT NULL`),
    // Migration 0162: the promo module's invite pass reads a site's invited members.
    index('members_invitees')
      .on(t.siteId)
      .where(sql`invited_by IS NOT NULL`),
  ],
);

export type MemberRow = typeof members.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    sessionId: bigserial('session_id', { mode: 'number' }).primaryKey(),
    memberId: bigId('member_id').notNull(),
    /** sha256 of the token; the token itself is never stored */
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_key'),
    device: text('device'),
    ip: text('ip'),
    /** the client's login fields (flag, version, timewd) */
    client: jsonb('client'),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at'),
    expiresAt: at('expires_at').notNull(),
    endedAt: at('ended_at'),
    /** logout | login_elsewhere | password_changed | blocked | idle */
    endedReason: text('ended_reason'),
  },
  (t) => [
    index('sessions_member_live')
      .on(t.memberId)
      .where(sql`ended_at IS NULL`),
  ],
);

/** Failed logins per name (existing or not), for the captcha trigger. */
export const loginFailures = pgTable(
  'login_failures',
  {
    siteId: integer('site_id').notNull(),
    name: text('name').notNull(),
    failures: integer('failures').notNull(),
    lastFailedAt: at('last_failed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.name] })],
);

/** SMS and email codes: only a hash is kept; a code serves once, and dies after a few wrong tries. */
export const verifyCodes = pgTable(
  'verify_codes',
  {
    codeId: bigserial('code_id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    /** sms | email */
    channel: text('channel').notNull(),
    /** '86 13800138000' or a lower-cased email */
    destination: text('destination').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (t) => [
    index('verify_codes_destination').on(t.siteId, t.channel, t.destination, t.scene, t.createdAt.desc()),
    index('verify_codes_ip').on(t.siteId, t.ip, t.createdAt.desc()),
  ],
);

/** Short-lived single-use secrets when no Redis is configured; keys are hashes of what clients hold. */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('auth_challenges_expiry').on(t.expiresAt)],
);

export const blockedIps = pgTable(
  'blocked_ips',
  {
    siteId: integer('site_id').notNull(),
    ip: text('ip').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.ip] })],
);

export const blockedDevices = pgTable(
  'blocked_devices',
  {
    siteId: integer('site_id').notNull(),
    device: text('device').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.device] })],
);

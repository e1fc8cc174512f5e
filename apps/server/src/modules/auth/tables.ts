import { bigint, bigserial, boolean, date, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const members = pgTable('members', {
  memberId: bigserial('member_id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  nickname: text('nickname').notNull(),
  avatar: text('avatar').notNull(),
  phone: text('phone'),
  areaCode: text('area_code'),
  email: text('email'),
  realName: text('real_name'),
  birthday: date('birthday'),
  address: text('address'),
  vipLevel: integer('vip_level').notNull(),
  inviteCode: text('invite_code'),
  recommendCode: text('recommend_code'),
  ownInviteCode: text('own_invite_code').notNull(),
  agentCode: text('agent_code'),
  invitedBy: bigint('invited_by', { mode: 'number' }),
  status: text('status').notNull(),
  tags: text('tags').array().notNull(),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  idleLogoutMinutes: integer('idle_logout_minutes').notNull().default(0),
  passwordChangedAt: at('password_changed_at'),
  lastLoginAt: at('last_login_at'),
  lastLoginIp: text('last_login_ip'),
  reactivatedAt: at('reactivated_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export type MemberRow = typeof members.$inferSelect;

export const sessions = pgTable('sessions', {
  sessionId: bigserial('session_id', { mode: 'number' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  tokenHash: text('token_hash').notNull(),
  device: text('device'),
  ip: text('ip'),
  client: jsonb('client'),
  createdAt: at('created_at').notNull().defaultNow(),
  lastSeenAt: at('last_seen_at'),
  expiresAt: at('expires_at').notNull(),
  endedAt: at('ended_at'),
  endedReason: text('ended_reason'),
});

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

export const verifyCodes = pgTable('verify_codes', {
  codeId: bigserial('code_id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull(),
  channel: text('channel').notNull(),
  destination: text('destination').notNull(),
  scene: text('scene').notNull(),
  codeHash: text('code_hash').notNull(),
  ip: text('ip'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
});

export const authChallenges = pgTable('auth_challenges', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  expiresAt: at('expires_at').notNull(),
});

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

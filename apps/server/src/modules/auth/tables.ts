import { bigint, bigserial, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  status: text('status').notNull(),
  tags: text('tags').array().notNull(),
  loginFailures: integer('login_failures').notNull(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  lastLoginIp: text('last_login_ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MemberRow = typeof members.$inferSelect;

export const sessions = pgTable('sessions', {
  sessionId: bigserial('session_id', { mode: 'number' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  tokenHash: text('token_hash').notNull(),
  device: text('device'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endedReason: text('ended_reason'),
});

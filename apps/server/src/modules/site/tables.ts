import { bigint, bigserial, boolean, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const sites = pgTable('sites', {
  siteId: integer('site_id').primaryKey(),
  name: text('name').notNull(),
  series: text('series').notNull(),
  settlementUnit: text('settlement_unit').notNull(),
  deploySiteId: integer('deploy_site_id').notNull(),
  isDefault: boolean('is_default').notNull(),
  logo: text('logo').notNull().default(''),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const siteConfig = pgTable(
  'site_config',
  {
    siteId: integer('site_id').notNull(),
    keyCode: text('key_code').notNull(),
    value: text('value'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.keyCode] })],
);

export const siteContents = pgTable('site_contents', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull(),
  kind: text('kind').notNull(),
  status: text('status').notNull(),
  sort: integer('sort').notNull(),
  startAt: at('start_at'),
  endAt: at('end_at'),
  body: jsonb('body').notNull().$type<Record<string, unknown>>(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const shortUrls = pgTable('short_urls', {
  code: text('code').primaryKey(),
  siteId: integer('site_id').notNull(),
  path: text('path').notNull(),
  hits: bigint('hits', { mode: 'number' }).notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const siteMaintenance = pgTable('site_maintenance', {
  siteId: integer('site_id').primaryKey(),
  status: smallint('status').notNull(),
  startAt: at('start_at'),
  endAt: at('end_at'),
  message: text('message').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const siteAccessRules = pgTable('site_access_rules', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull(),
  kind: text('kind').notNull(),
  action: text('action').notNull(),
  value: text('value').notNull(),
  reason: text('reason').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  dialCode: text('dial_code').notNull(),
  sort: integer('sort').notNull(),
  enabled: boolean('enabled').notNull(),
});

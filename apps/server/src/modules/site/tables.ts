import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz as at } from '../../platform/db/index.ts';

/** Sites, their config and content, access rules, countries. src/test/schema.test.ts holds these to the migrated database. */

/** Several sites from the start, each with its series (theme), settlement unit and config. */
export const sites = pgTable(
  'sites',
  {
    siteId: integer('site_id').primaryKey(),
    name: text('name').notNull(),
    series: text('series').notNull().default('classy'),
    /** cny | usdt */
    settlementUnit: text('settlement_unit').notNull().default('cny'),
    deploySiteId: integer('deploy_site_id').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    logo: text('logo').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sites_one_default')
      .on(t.isDefault)
      .where(sql`is_default`),
  ],
);

export const siteConfig = pgTable(
  'site_config',
  {
    siteId: integer('site_id').notNull(),
    keyCode: text('key_code').notNull(),
    value: text('value'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.keyCode] })],
);

/** Banners, notices, navigation entries, floating icons and service channels; each kind's own fields in body. */
export const siteContents = pgTable(
  'site_contents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    /** banner | notice | navigation | float_icon | cs_channel */
    kind: text('kind').notNull(),
    status: text('status').notNull().default('1'),
    sort: integer('sort').notNull().default(0),
    startAt: at('start_at'),
    endAt: at('end_at'),
    body: jsonb('body').notNull().$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('site_contents_by_kind').on(t.siteId, t.kind, t.sort, t.id)],
);

/** Short links to a path of the site; the same path keeps its code. */
export const shortUrls = pgTable(
  'short_urls',
  {
    code: text('code').primaryKey(),
    siteId: integer('site_id').notNull(),
    path: text('path').notNull(),
    hits: bigint('hits', { mode: 'number' }).notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('short_urls_site_id_path_key').on(t.siteId, t.path)],
);

/** Status 0: under maintenance while now is inside [start_at, end_at) (a null end is open); 1 open. */
export const siteMaintenance = pgTable('site_maintenance', {
  siteId: integer('site_id').primaryKey(),
  status: smallint('status').notNull(),
  startAt: at('start_at'),
  endAt: at('end_at'),
  message: text('message').notNull().default(''),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** IP ranges (CIDR) and ISO country codes, each allowed, denied or cautioned. */
export const siteAccessRules = pgTable(
  'site_access_rules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    /** ip | country */
    kind: text('kind').notNull(),
    /** allow | deny | caveat */
    action: text('action').notNull(),
    value: text('value').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('site_access_rules_by_site').on(t.siteId)],
);

/** Countries and regions for the phone field's dialling code (reference data, every site's). */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  dialCode: text('dial_code').notNull(),
  sort: integer('sort').notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

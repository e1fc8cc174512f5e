import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const sites = pgTable('sites', {
  siteId: integer('site_id').primaryKey(),
  name: text('name').notNull(),
  series: text('series').notNull(),
  settlementUnit: text('settlement_unit').notNull(),
  deploySiteId: integer('deploy_site_id').notNull(),
  isDefault: boolean('is_default').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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

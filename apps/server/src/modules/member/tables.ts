import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, timestamptz as at } from '../../platform/db/index.ts';

/** Messages, the help centre, agent applications. src/test/schema.test.ts holds these to the migrated database. */

/** The site's message to one member, or to every member of the site (no member_id). */
export const memberMessages = pgTable(
  'member_messages',
  {
    messageId: bigserial('message_id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    memberId: bigId('member_id'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('member_messages_site')
      .on(t.siteId, t.createdAt.desc())
      .where(sql`member_id IS NULL`),
    index('member_messages_member')
      .on(t.memberId, t.createdAt.desc())
      .where(sql`member_id IS NOT NULL`),
  ],
);

/** A member's reading of a message, made when they first read, pin or delete it. */
export const memberMessageStates = pgTable(
  'member_message_states',
  {
    memberId: bigId('member_id').notNull(),
    messageId: bigId('message_id').notNull(),
    readAt: at('read_at'),
    sticky: boolean('sticky').notNull().default(false),
    deletedAt: at('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.messageId] })],
);

/** Help categories of one site, or of every site (no site_id), each in the operator's order. */
export const helpCategories = pgTable(
  'help_categories',
  {
    categoryId: serial('category_id').primaryKey(),
    siteId: integer('site_id'),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('help_categories_name').on(sql`coalesce(site_id, 0)`, t.name)],
);

export const helpArticles = pgTable(
  'help_articles',
  {
    articleId: serial('article_id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('help_articles_category').on(t.categoryId, t.sort)],
);

/** A member's application to become an agent; one open (pending) per member. */
export const agentApplications = pgTable(
  'agent_applications',
  {
    applicationId: bigserial('application_id', { mode: 'number' }).primaryKey(),
    memberId: bigId('member_id').notNull(),
    contact: text('contact').notNull(),
    note: text('note'),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('agent_applications_open')
      .on(t.memberId)
      .where(sql`status = 'pending'`),
    index('agent_applications_member').on(t.memberId, t.createdAt.desc()),
  ],
);

/** An agent's commission rate in basis points of their members' monthly NGR; set by an operator. */
export const agentCommissionRates = pgTable('agent_commission_rates', {
  memberId: bigId('member_id').primaryKey(),
  rateBp: integer('rate_bp').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

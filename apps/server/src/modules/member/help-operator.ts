import { sql } from 'drizzle-orm';
import { HELP_TERMS_CATEGORY, type AdminHelpArticle, type AdminHelpCategory, type HelpArticleInput, type HelpCategoryInput } from '@bp/contract';
import { oneOf, takeTurns, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { articleRow, siteHelp } from './help.ts';

/**
 * The operator's help centre (issue 17): a site's categories, its own and every site's, and their
 * articles, written for that site. Members read the tables directly (nothing cached), so a change
 * shows at once. Who may change a category of every site is the caller's decision.
 */

/** The site's help as the operator edits it: in the members' order, shared categories marked. */
export async function helpForOperator(db: DbOrTx, siteId: number) {
  return { list: await siteHelp(db, siteId) };
}

/** A category the site shows (its own or every site's), locked as asked; else HELP_CATEGORY_NOT_FOUND. */
async function categoryOf(db: DbOrTx, siteId: number, categoryId: number, lock: 'FOR UPDATE' | 'FOR KEY SHARE' | '' = ''): Promise<AdminHelpCategory> {
  const row = await oneOf<{ category_id: number; name: string; sort: number; site_id: number | null }>(
    db,
    sql`SELECT category_id, name, sort, site_id FROM help_categories
        WHERE category_id = ${categoryId} AND (site_id IS NULL OR site_id = ${siteId}) ${sql.raw(lock)}`,
  );
  if (!row) return fail('HELP_CATEGORY_NOT_FOUND');
  return { categoryId: Number(row.category_id), name: row.name, sort: row.sort, shared: row.site_id === null };
}

export const helpCategoryForOperator = (db: DbOrTx, siteId: number, categoryId: number) => categoryOf(db, siteId, categoryId);

/** Whether the name is another category's that members would see beside this one (a shared category is beside every site's). */
async function nameTaken(db: DbOrTx, siteId: number, categoryId: number | undefined, { name, shared }: HelpCategoryInput) {
  const beside = shared ? sql`TRUE` : sql`(site_id IS NULL OR site_id = ${siteId})`;
  return (await oneOf(db, sql`SELECT 1 AS taken FROM help_categories WHERE name = ${name} AND category_id <> ${categoryId ?? 0} AND ${beside}`)) !== null;
}

/**
 * Adds a category (no `categoryId`) or changes one: its name, order and whether every site shows it.
 * Registration reads the terms by their category's name, so that category keeps it.
 */
export async function saveHelpCategory(db: DbOrTx, siteId: number, categoryId: number | undefined, input: HelpCategoryInput): Promise<AdminHelpCategory> {
  await takeTurns(db, 'help:category-names'); // one name check at a time: the unique index would answer a race with a 500
  if (categoryId !== undefined) {
    const before = await categoryOf(db, siteId, categoryId, 'FOR UPDATE');
    if (before.name === HELP_TERMS_CATEGORY && input.name !== HELP_TERMS_CATEGORY) fail('HELP_TERMS_RENAME');
  }
  if (await nameTaken(db, siteId, categoryId, input)) fail('HELP_CATEGORY_NAME_TAKEN');
  const ownSite = input.shared ? null : siteId;
  const saved =
    categoryId === undefined
      ? await oneOf<{ category_id: number }>(
          db,
          sql`INSERT INTO help_categories (site_id, name, sort) VALUES (${ownSite}, ${input.name}, ${input.sort}) RETURNING category_id`,
        )
      : await oneOf<{ category_id: number }>(
          db,
          sql`UPDATE help_categories SET site_id = ${ownSite}, name = ${input.name}, sort = ${input.sort} WHERE category_id = ${categoryId} RETURNING category_id`,
        );
  return categoryOf(db, siteId, Number(saved!.category_id));
}

/** Removes an empty category; one still holding articles is refused (they would be lost with it). */
export async function removeHelpCategory(db: DbOrTx, siteId: number, categoryId: number): Promise<null> {
  await categoryOf(db, siteId, categoryId, 'FOR UPDATE'); // an article saved meanwhile waits, then finds no category
  if (await oneOf(db, sql`SELECT 1 AS held FROM help_articles WHERE category_id = ${categoryId} LIMIT 1`)) fail('HELP_CATEGORY_NOT_EMPTY');
  await db.execute(sql`DELETE FROM help_categories WHERE category_id = ${categoryId}`);
  return null;
}

/** An article of the site's help as the operator edits it; else HELP_NOT_FOUND. */
export async function helpArticleForOperator(db: DbOrTx, siteId: number, articleId: number): Promise<AdminHelpArticle> {
  const row = (await articleRow(db, siteId, articleId)) ?? fail('HELP_NOT_FOUND');
  return {
    articleId: Number(row.article_id),
    categoryId: Number(row.category_id),
    title: row.title,
    content: row.content,
    sort: row.sort,
    shared: row.site_id === null,
  };
}

/** Adds an article (no `articleId`) or changes one, in a category the site shows (moving it there). */
export async function saveHelpArticle(db: DbOrTx, siteId: number, articleId: number | undefined, input: HelpArticleInput): Promise<AdminHelpArticle> {
  await categoryOf(db, siteId, input.categoryId, 'FOR KEY SHARE'); // kept until the article is in
  const { categoryId, title, content, sort } = input;
  const saved =
    articleId === undefined
      ? await oneOf<{ article_id: number }>(
          db,
          sql`INSERT INTO help_articles (category_id, title, content, sort) VALUES (${categoryId}, ${title}, ${content}, ${sort}) RETURNING article_id`,
        )
      : await oneOf<{ article_id: number }>(
          db,
          sql`UPDATE help_articles a SET category_id = ${categoryId}, title = ${title}, content = ${content}, sort = ${sort}
              FROM help_categories c
              WHERE a.article_id = ${articleId} AND c.category_id = a.category_id AND (c.site_id IS NULL OR c.site_id = ${siteId})
              RETURNING a.article_id`,
        );
  return helpArticleForOperator(db, siteId, saved ? Number(saved.article_id) : fail('HELP_NOT_FOUND'));
}

/** Removes an article of the site's help. */
export async function removeHelpArticle(db: DbOrTx, siteId: number, articleId: number): Promise<null> {
  const gone = await oneOf(
    db,
    sql`DELETE FROM help_articles a USING help_categories c
        WHERE a.article_id = ${articleId} AND c.category_id = a.category_id AND (c.site_id IS NULL OR c.site_id = ${siteId})
        RETURNING a.article_id`,
  );
  return gone ? null : fail('HELP_NOT_FOUND');
}

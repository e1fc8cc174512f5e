import { z } from 'zod';

/**
 * The back office's help centre (issue 17): a site's help categories, its own and those shared by
 * every site, each with its articles in order. Members read what the operator saves at once
 * (/api/member/help/...). A shared category, and its articles, may be changed only by an operator
 * of every site.
 */

const Id = z.number().int().positive().max(2_147_483_647);
const SiteId = Id;
const Done = z.null();
const Text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}最多${max}字`);
/** Smaller first; equal sorts keep the order they were added in. */
const Sort = z.number({ error: '请填写排序' }).int('排序须为整数').min(-1_000_000, '排序不能小于 -1000000').max(1_000_000, '排序不能大于 1000000');

/** A category as the operator writes it; `shared`: shown on every site (only an operator of every site may set it). */
export const HelpCategoryInput = z.object({
  name: Text('分类名称', 20),
  sort: Sort,
  shared: z.boolean({ error: '请选择是否所有站点共用' }).default(false),
});
export type HelpCategoryInput = z.output<typeof HelpCategoryInput>;
/** An article as the operator writes it, in one of the site's categories. */
export const HelpArticleInput = z.object({
  categoryId: z.number({ error: '请选择分类' }).int().positive('请选择分类').max(2_147_483_647),
  title: Text('标题', 100),
  content: Text('内容', 10000),
  sort: Sort,
});
export type HelpArticleInput = z.output<typeof HelpArticleInput>;

export const AdminHelpCategory = z.object({
  categoryId: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  /** Shown on every site (no site of its own). */
  shared: z.boolean(),
});
export type AdminHelpCategory = z.output<typeof AdminHelpCategory>;
export const AdminHelpArticle = z.object({
  articleId: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  content: z.string(),
  sort: z.number().int(),
  /** In a shared category. */
  shared: z.boolean(),
});
export type AdminHelpArticle = z.output<typeof AdminHelpArticle>;
/** The site's categories as members see them, in order, each with its articles' titles in order. */
export const AdminHelpListData = z.object({
  list: z.array(AdminHelpCategory.extend({ articles: z.array(z.object({ articleId: z.number().int(), title: z.string(), sort: z.number().int() })) })),
});
export type AdminHelpListData = z.output<typeof AdminHelpListData>;

export const AdminHelpSiteBody = z.object({ siteId: SiteId });
/** Adds a category (no `categoryId`) or changes one. */
export const AdminHelpCategorySaveBody = z.object({ siteId: SiteId, categoryId: Id.optional(), category: HelpCategoryInput });
/** Removes a category; refused while it holds articles. */
export const AdminHelpCategoryRemoveBody = z.object({ siteId: SiteId, categoryId: Id });
export const AdminHelpArticleBody = z.object({ siteId: SiteId, articleId: Id });
/** Adds an article (no `articleId`) or changes one, which may move it to another category. */
export const AdminHelpArticleSaveBody = z.object({ siteId: SiteId, articleId: Id.optional(), article: HelpArticleInput });

/** The help centre screen's calls (spread into the route table). */
export const ADMIN_HELP_ROUTES = {
  '/api/admin/site/help/category/list': { body: AdminHelpSiteBody, data: AdminHelpListData },
  '/api/admin/site/help/category/save': { body: AdminHelpCategorySaveBody, data: AdminHelpCategory },
  '/api/admin/site/help/category/remove': { body: AdminHelpCategoryRemoveBody, data: Done },
  '/api/admin/site/help/article/get': { body: AdminHelpArticleBody, data: AdminHelpArticle },
  '/api/admin/site/help/article/save': { body: AdminHelpArticleSaveBody, data: AdminHelpArticle },
  '/api/admin/site/help/article/remove': { body: AdminHelpArticleBody, data: Done },
} as const;

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  helpArticleForOperator,
  helpCategoryForOperator,
  helpForOperator,
  removeHelpArticle,
  removeHelpCategory,
  saveHelpArticle,
  saveHelpCategory,
} from '../member/index.ts';
import { AppError, defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';
import { operatorOf } from './sessions.ts';
import { operatorSite } from './site-scope.ts';

/**
 * A site's help centre (issue 17): categories and their articles, each change an audited action
 * with the state before and after; members read it at once. A category shown on every site, and
 * what it holds, is changed only by an operator of every site: an operator of some sites would
 * change the others' help.
 */
export function helpRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const manage = operatorRoute('site.manage');
  /** Refuses an operator of some sites when any of the categories touched is shared. */
  const mayTouch = (req: FastifyRequest, ...shared: boolean[]) => {
    if (shared.some(Boolean) && operatorOf(req).siteIds !== null) throw new AppError('HELP_SHARED_SCOPE', { httpStatus: 403 });
  };
  const categoryTarget = (siteId: number, categoryId: number) => `site:${siteId}:help:category:${categoryId}`;
  const articleTarget = (siteId: number, articleId: number) => `site:${siteId}:help:article:${articleId}`;

  defineRoute(
    app,
    { url: '/api/admin/site/help/category/list', summary: 'The site’s help categories (its own and shared ones) with their articles, in order', ...manage },
    async (req) => helpForOperator(db, await operatorSite(db, req, req.body.siteId)),
  );
  defineRoute(
    app,
    { url: '/api/admin/site/help/category/save', summary: 'Adds a help category (no `categoryId`) or renames, reorders or shares one', ...manage },
    async (req) => {
      const { categoryId, category } = req.body;
      const siteId = await operatorSite(db, req, req.body.siteId);
      const before = categoryId === undefined ? null : await helpCategoryForOperator(db, siteId, categoryId);
      mayTouch(req, before?.shared ?? false, category.shared);
      return audited(deps, req, { action: 'site.help.category.save', target: (c) => categoryTarget(siteId, c.categoryId), before }, (t) =>
        saveHelpCategory(t.db, siteId, categoryId, category),
      );
    },
  );
  defineRoute(
    app,
    { url: '/api/admin/site/help/category/remove', summary: 'Removes a help category; refused while it holds articles', ...manage },
    async (req) => {
      const siteId = await operatorSite(db, req, req.body.siteId);
      const before = await helpCategoryForOperator(db, siteId, req.body.categoryId);
      mayTouch(req, before.shared);
      return audited(deps, req, { action: 'site.help.category.remove', target: categoryTarget(siteId, before.categoryId), before, after: () => null }, (t) =>
        removeHelpCategory(t.db, siteId, before.categoryId),
      );
    },
  );

  defineRoute(app, { url: '/api/admin/site/help/article/get', summary: 'One help article in full, as the operator edits it', ...manage }, async (req) =>
    helpArticleForOperator(db, await operatorSite(db, req, req.body.siteId), req.body.articleId),
  );
  defineRoute(
    app,
    { url: '/api/admin/site/help/article/save', summary: 'Adds a help article (no `articleId`) or changes one: title, content, category, order', ...manage },
    async (req) => {
      const { articleId, article } = req.body;
      const siteId = await operatorSite(db, req, req.body.siteId);
      const before = articleId === undefined ? null : await helpArticleForOperator(db, siteId, articleId);
      const into = await helpCategoryForOperator(db, siteId, article.categoryId);
      mayTouch(req, before?.shared ?? false, into.shared);
      return audited(deps, req, { action: 'site.help.article.save', target: (a) => articleTarget(siteId, a.articleId), before }, (t) =>
        saveHelpArticle(t.db, siteId, articleId, article),
      );
    },
  );
  defineRoute(app, { url: '/api/admin/site/help/article/remove', summary: 'Removes a help article', ...manage }, async (req) => {
    const siteId = await operatorSite(db, req, req.body.siteId);
    const before = await helpArticleForOperator(db, siteId, req.body.articleId);
    mayTouch(req, before.shared);
    return audited(deps, req, { action: 'site.help.article.remove', target: articleTarget(siteId, before.articleId), before, after: () => null }, (t) =>
      removeHelpArticle(t.db, siteId, before.articleId),
    );
  });
}

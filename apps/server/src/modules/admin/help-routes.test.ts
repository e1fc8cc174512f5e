import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type HelpCategory } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { refusedOperators, signInOperator, superAdmin, unrefused, type SignedIn } from './testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const as = (op: SignedIn) => (url: string, body: object) => s.call(url, body, { headers: op.headers });
/** The help centre as a visitor of the site reads it. */
const memberHelp = async (siteId = 1) => (await s.call('/api/member/help/categories', {}, { headers: { 'x-site-id': String(siteId) } })).data as HelpCategory[];
const memberArticle = (id: number, siteId = 1) => s.call('/api/member/help/article', { id }, { headers: { 'x-site-id': String(siteId) } });

/** What the help calls could change: compared before and after a refused call. */
async function helpState() {
  const q = (text: string) => s.deps.database.query(text);
  return {
    categories: await q('SELECT * FROM help_categories ORDER BY category_id'),
    articles: await q('SELECT * FROM help_articles ORDER BY article_id'),
    // Signing in is audited too: a refused operator signs in first.
    audit: await q(`SELECT count(*)::int AS n FROM admin_audit WHERE action <> 'auth.login'`),
  };
}

/** A category of the site's own, with one article in it. */
async function siteCategoryWithArticle(op: SignedIn, name: string, siteId = 1) {
  const category = await as(op)('/api/admin/site/help/category/save', { siteId, category: { name, sort: 50 } });
  expect(category.code, category.msg).toBe(0);
  const article = await as(op)('/api/admin/site/help/article/save', {
    siteId,
    article: { categoryId: category.data.categoryId, title: `${name}说明`, content: `关于${name}的说明。`, sort: 0 },
  });
  expect(article.code, article.msg).toBe(0);
  return { categoryId: category.data.categoryId as number, articleId: article.data.articleId as number };
}

describe('the console’s help centre', () => {
  it('[admin] a content operator’s new category and article are on the member site at once; edited, moved and removed too; each audited with before and after', async () => {
    const content = await signInOperator(s, ['content'], [1]);
    const call = as(content);
    const shownBefore = await memberHelp();

    const category = await call('/api/admin/site/help/category/save', { siteId: 1, category: { name: '  USDT帮助 ', sort: 2 } });
    expect(category.data).toEqual({ categoryId: expect.any(Number), name: 'USDT帮助', sort: 2, shared: false });
    const { categoryId } = category.data;
    const article = { categoryId, title: '如何获取USDT地址？', content: '在交易所的充值页面复制TRC20地址。\n\n转账前请核对网络。', sort: 0 };
    const saved = await call('/api/admin/site/help/article/save', { siteId: 1, article });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data).toEqual({ ...article, articleId: expect.any(Number), shared: false });
    const { articleId } = saved.data;

    // Sort 2 puts it after the shared 投注规则 (sort 2 too, added first) and before 账户安全 (sort 3).
    const shown = await memberHelp();
    expect(shown.map((c) => c.name)).toEqual(['存款帮助', '提款帮助', '投注规则', 'USDT帮助', '账户安全', '服务条款']);
    expect(shown.find((c) => c.id === categoryId)!.articles).toEqual([{ id: articleId, title: '如何获取USDT地址？' }]);
    expect((await memberArticle(articleId)).data).toEqual({
      id: articleId,
      title: article.title,
      content: article.content,
      categoryId,
      categoryName: 'USDT帮助',
    });
    expect((await memberHelp(2)).map((c) => c.id)).toEqual(shownBefore.map((c) => c.id));
    expect((await memberArticle(articleId, 2)).code).toBe(Errors.HELP_NOT_FOUND.code);

    // Renamed and first; the article edited and put before a second one.
    expect((await call('/api/admin/site/help/category/save', { siteId: 1, categoryId, category: { name: 'USDT存提', sort: -1 } })).code).toBe(0);
    const second = await call('/api/admin/site/help/article/save', { siteId: 1, article: { ...article, title: 'USDT多久到账？', sort: 1 } });
    const edited = await call('/api/admin/site/help/article/save', { siteId: 1, articleId, article: { ...article, title: 'USDT地址在哪里？', sort: 5 } });
    expect(edited.data).toMatchObject({ articleId, title: 'USDT地址在哪里？', sort: 5 });
    const [first] = await memberHelp();
    expect(first).toEqual({
      id: categoryId,
      name: 'USDT存提',
      articles: [
        { id: second.data.articleId, title: 'USDT多久到账？' },
        { id: articleId, title: 'USDT地址在哪里？' },
      ],
    });
    expect((await call('/api/admin/site/help/article/get', { siteId: 1, articleId })).data).toMatchObject({
      title: 'USDT地址在哪里？',
      content: article.content,
    });
    const listed = (await call('/api/admin/site/help/category/list', { siteId: 1 })).data.list;
    expect(listed[0]).toEqual({
      categoryId,
      name: 'USDT存提',
      sort: -1,
      shared: false,
      articles: [
        { articleId: second.data.articleId, title: 'USDT多久到账？', sort: 1 },
        { articleId, title: 'USDT地址在哪里？', sort: 5 },
      ],
    });
    expect(listed.slice(1).every((c: { shared: boolean }) => c.shared)).toBe(true);

    // Moved to another of the site's categories, then removed.
    const other = await call('/api/admin/site/help/category/save', { siteId: 1, category: { name: '常见问题', sort: 99 } });
    await call('/api/admin/site/help/article/save', { siteId: 1, articleId, article: { ...article, categoryId: other.data.categoryId } });
    expect((await memberArticle(articleId)).data.categoryName).toBe('常见问题');
    expect((await call('/api/admin/site/help/article/remove', { siteId: 1, articleId })).code).toBe(0);
    expect((await memberArticle(articleId)).code).toBe(Errors.HELP_NOT_FOUND.code);
    expect((await call('/api/admin/site/help/article/remove', { siteId: 1, articleId })).code).toBe(Errors.HELP_NOT_FOUND.code);
    expect((await call('/api/admin/site/help/category/remove', { siteId: 1, categoryId: other.data.categoryId })).code).toBe(0);
    expect((await memberHelp()).map((c) => c.name)).not.toContain('常见问题');

    const audit = (await as(await superAdmin(s))('/api/admin/audit/list', { operatorId: content.operatorId })).data.list
      .reverse()
      .filter((e: { action: string }) => e.action !== 'auth.login');
    expect(audit.map((e: { action: string }) => e.action)).toEqual([
      'site.help.category.save',
      'site.help.article.save',
      'site.help.category.save',
      'site.help.article.save',
      'site.help.article.save',
      'site.help.category.save',
      'site.help.article.save',
      'site.help.article.remove',
      'site.help.category.remove',
    ]);
    expect(audit[0]).toMatchObject({ target: `site:1:help:category:${categoryId}`, before: null, after: { name: 'USDT帮助', sort: 2, shared: false } });
    expect(audit[2]).toMatchObject({ before: { name: 'USDT帮助', sort: 2 }, after: { name: 'USDT存提', sort: -1 } });
    expect(audit[4]).toMatchObject({
      target: `site:1:help:article:${articleId}`,
      before: { title: '如何获取USDT地址？', sort: 0 },
      after: { title: 'USDT地址在哪里？', sort: 5 },
    });
    expect(audit[7]).toMatchObject({ before: { articleId, categoryId: other.data.categoryId }, after: null });
    expect(audit[8]).toMatchObject({ before: { name: '常见问题' }, after: null });
  });

  it('[admin] a category still holding articles cannot be removed; emptied, it can', async () => {
    const admin = await superAdmin(s);
    const { categoryId, articleId } = await siteCategoryWithArticle(admin, '代理帮助');
    const before = await helpState();
    const refused = await as(admin)('/api/admin/site/help/category/remove', { siteId: 1, categoryId });
    expect([refused.code, refused.msg]).toEqual([Errors.HELP_CATEGORY_NOT_EMPTY.code, Errors.HELP_CATEGORY_NOT_EMPTY.msg]);
    expect(await helpState()).toEqual(before);
    expect((await memberHelp()).find((c) => c.id === categoryId)?.articles).toHaveLength(1);

    expect((await as(admin)('/api/admin/site/help/article/remove', { siteId: 1, articleId })).code).toBe(0);
    expect((await as(admin)('/api/admin/site/help/category/remove', { siteId: 1, categoryId })).code).toBe(0);
    expect((await memberHelp()).map((c) => c.id)).not.toContain(categoryId);
  });

  it('[admin] bad input, another site’s help, a taken name or renaming the terms is refused with its code and changes nothing', async () => {
    const admin = await superAdmin(s);
    const call = as(admin);
    const ours = await siteCategoryWithArticle(admin, '站点一帮助');
    const theirs = await siteCategoryWithArticle(admin, '站点二帮助', 2);
    const terms = (await memberHelp()).find((c) => c.name === '服务条款')!;
    const article = { categoryId: ours.categoryId, title: '标题', content: '内容', sort: 0 };
    const before = await helpState();
    const refusals: Array<[string, object, number]> = [
      ['/api/admin/site/help/article/save', { siteId: 1, article: { ...article, title: '   ' } }, Errors.VALIDATION.code],
      ['/api/admin/site/help/article/save', { siteId: 1, article: { ...article, title: '题'.repeat(101) } }, Errors.VALIDATION.code],
      ['/api/admin/site/help/article/save', { siteId: 1, article: { ...article, content: '字'.repeat(10_001) } }, Errors.VALIDATION.code],
      ['/api/admin/site/help/article/save', { siteId: 1, article: { ...article, sort: 1.5 } }, Errors.VALIDATION.code],
      ['/api/admin/site/help/article/save', { siteId: 1, article: { ...article, categoryId: undefined } }, Errors.VALIDATION.code],
      ['/api/admin/site/help/article/save', { siteId: 1, article: { ...article, categoryId: theirs.categoryId } }, Errors.HELP_CATEGORY_NOT_FOUND.code],
      ['/api/admin/site/help/article/save', { siteId: 1, articleId: theirs.articleId, article }, Errors.HELP_NOT_FOUND.code],
      ['/api/admin/site/help/article/save', { siteId: 1, articleId: 999_999, article }, Errors.HELP_NOT_FOUND.code],
      ['/api/admin/site/help/article/get', { siteId: 1, articleId: theirs.articleId }, Errors.HELP_NOT_FOUND.code],
      ['/api/admin/site/help/article/remove', { siteId: 1, articleId: theirs.articleId }, Errors.HELP_NOT_FOUND.code],
      ['/api/admin/site/help/category/save', { siteId: 1, category: { name: '', sort: 0 } }, Errors.VALIDATION.code],
      ['/api/admin/site/help/category/save', { siteId: 1, category: { name: '名'.repeat(21), sort: 0 } }, Errors.VALIDATION.code],
      ['/api/admin/site/help/category/save', { siteId: 1, category: { name: '提款帮助', sort: 0 } }, Errors.HELP_CATEGORY_NAME_TAKEN.code],
      [
        '/api/admin/site/help/category/save',
        { siteId: 1, categoryId: ours.categoryId, category: { name: '存款帮助', sort: 0 } },
        Errors.HELP_CATEGORY_NAME_TAKEN.code,
      ],
      ['/api/admin/site/help/category/save', { siteId: 1, category: { name: '站点二帮助', sort: 0, shared: true } }, Errors.HELP_CATEGORY_NAME_TAKEN.code],
      [
        '/api/admin/site/help/category/save',
        { siteId: 1, categoryId: terms.id, category: { name: '注册协议', sort: 9, shared: true } },
        Errors.HELP_TERMS_RENAME.code,
      ],
      [
        '/api/admin/site/help/category/save',
        { siteId: 1, categoryId: theirs.categoryId, category: { name: '改名', sort: 0 } },
        Errors.HELP_CATEGORY_NOT_FOUND.code,
      ],
      ['/api/admin/site/help/category/remove', { siteId: 1, categoryId: theirs.categoryId }, Errors.HELP_CATEGORY_NOT_FOUND.code],
      ['/api/admin/site/help/category/list', { siteId: 99 }, Errors.SITE_NOT_FOUND.code],
    ];
    const failures: string[] = [];
    for (const [url, body, code] of refusals) {
      const res = await call(url, body);
      if (res.code !== code) failures.push(`${url} ${JSON.stringify(body).slice(0, 80)}: ${res.code} ${res.msg}`);
    }
    expect(failures).toEqual([]);
    expect(await helpState()).toEqual(before);
    // The same name on another site is not taken.
    expect((await call('/api/admin/site/help/category/save', { siteId: 1, category: { name: '站点二帮助', sort: 0 } })).code).toBe(0);
  });

  it('[admin] a shared category and its articles are changed only by an operator of every site', async () => {
    const siteOne = await signInOperator(s, ['content'], [1]);
    const everySite = await signInOperator(s, ['content']);
    const deposit = (await memberHelp()).find((c) => c.name === '存款帮助')!;
    const depositArticle = deposit.articles[0].id;
    const own = await siteCategoryWithArticle(siteOne, '站点专属');
    const article = { categoryId: deposit.id, title: '新文章', content: '内容', sort: 9 };
    const before = await helpState();
    const shared = Errors.HELP_SHARED_SCOPE.code;
    const refused = [
      await as(siteOne)('/api/admin/site/help/category/save', { siteId: 1, categoryId: deposit.id, category: { name: '充值帮助', sort: 0, shared: true } }),
      await as(siteOne)('/api/admin/site/help/category/save', { siteId: 1, categoryId: deposit.id, category: { name: '存款帮助', sort: 0 } }),
      await as(siteOne)('/api/admin/site/help/category/save', { siteId: 1, category: { name: '全站公告', sort: 0, shared: true } }),
      await as(siteOne)('/api/admin/site/help/category/save', { siteId: 1, categoryId: own.categoryId, category: { name: '站点专属', sort: 0, shared: true } }),
      await as(siteOne)('/api/admin/site/help/category/remove', { siteId: 1, categoryId: deposit.id }),
      await as(siteOne)('/api/admin/site/help/article/save', { siteId: 1, article }),
      await as(siteOne)('/api/admin/site/help/article/save', { siteId: 1, articleId: depositArticle, article }),
      await as(siteOne)('/api/admin/site/help/article/save', { siteId: 1, articleId: own.articleId, article }),
      await as(siteOne)('/api/admin/site/help/article/remove', { siteId: 1, articleId: depositArticle }),
    ];
    expect(refused.map((r) => [r.status, r.code])).toEqual(Array(refused.length).fill([403, shared]));
    expect(refused[0].msg).toBe('所有站点共用的帮助分类及其文章，须由可管理全部站点的操作员修改');
    expect(await helpState()).toEqual(before);
    // Reading them is open to the site's operator.
    expect((await as(siteOne)('/api/admin/site/help/article/get', { siteId: 1, articleId: depositArticle })).data.shared).toBe(true);

    // An operator of every site changes them: every site shows the change.
    const added = await as(everySite)('/api/admin/site/help/article/save', { siteId: 1, article });
    expect(added.data).toMatchObject({ shared: true, categoryId: deposit.id });
    for (const siteId of [1, 2]) expect((await memberHelp(siteId)).find((c) => c.id === deposit.id)!.articles.at(-1)!.title).toBe('新文章');
    const sharedNow = await as(everySite)('/api/admin/site/help/category/save', {
      siteId: 1,
      categoryId: own.categoryId,
      category: { name: '站点专属', sort: 0, shared: true },
    });
    expect(sharedNow.data.shared).toBe(true);
    expect((await memberHelp(2)).map((c) => c.name)).toContain('站点专属');
  });

  it('[admin] the roles without site.manage and another site’s operator are refused every help call; nothing changes', async () => {
    const admin = await superAdmin(s);
    const { categoryId, articleId } = await siteCategoryWithArticle(admin, '权限测试');
    const article = { categoryId, title: '标题', content: '内容', sort: 0 };
    const calls: Array<[string, object]> = [
      ['/api/admin/site/help/category/list', { siteId: 1 }],
      ['/api/admin/site/help/category/save', { siteId: 1, category: { name: '新分类', sort: 0 } }],
      ['/api/admin/site/help/category/save', { siteId: 1, categoryId, category: { name: '新名称', sort: 0 } }],
      ['/api/admin/site/help/category/remove', { siteId: 1, categoryId }],
      ['/api/admin/site/help/article/get', { siteId: 1, articleId }],
      ['/api/admin/site/help/article/save', { siteId: 1, article }],
      ['/api/admin/site/help/article/save', { siteId: 1, articleId, article }],
      ['/api/admin/site/help/article/remove', { siteId: 1, articleId }],
    ];
    const before = await helpState();
    const anonymous = await Promise.all(calls.map(([url, body]) => s.call(url, body)));
    expect(anonymous.map((r) => r.status)).toEqual(calls.map(() => 401));
    expect(await unrefused(s, await refusedOperators(s, 'site.manage', 'content'), calls)).toEqual([]);
    expect(await helpState()).toEqual(before);
  });
});

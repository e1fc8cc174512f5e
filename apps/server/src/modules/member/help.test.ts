import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors, type HelpCategory } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const onSite = (siteId: number) => ({ 'x-site-id': String(siteId) });

describe('help centre', () => {
  it('[S7-14] answers visitors and members the help categories in order, each with its articles; an article in full', async () => {
    const visitor = await s.call('/api/member/help/categories', {});
    expect(visitor.code).toBe(0);
    const categories = visitor.data as HelpCategory[];
    expect(categories.map((c) => c.name)).toEqual(['存款帮助', '提款帮助', '投注规则', '账户安全', '服务条款']);
    expect(categories.every((c) => c.articles.length >= 2)).toBe(true);
    const m = await s.member();
    expect((await s.call('/api/member/help/categories', {}, { token: m.token })).data).toEqual(categories);

    const first = categories[1].articles[0];
    const article = await s.call('/api/member/help/article', { id: first.id });
    expect(article.data).toMatchObject({ id: first.id, title: first.title, categoryId: categories[1].id, categoryName: '提款帮助' });
    expect(article.data.content.length).toBeGreaterThan(10);
  });

  it('keeps a site’s own help to that site; refuses bad and unknown ids', async () => {
    const { rows } = await s.deps.db.execute(sql`INSERT INTO help_categories (site_id, name, sort) VALUES (2, 'USDT帮助', 9) RETURNING category_id`);
    const categoryId = (rows[0] as { category_id: number }).category_id;
    const { rows: articles } = await s.deps.db.execute(sql`
      INSERT INTO help_articles (category_id, title, content) VALUES (${categoryId}, '如何获取USDT地址？', '在交易所的充值页面复制TRC20或ERC20地址。') RETURNING article_id`);
    const id = Number((articles[0] as { article_id: number }).article_id);

    const usdt = (await s.call('/api/member/help/categories', {}, { headers: onSite(2) })).data as HelpCategory[];
    expect(usdt.at(-1)).toEqual({ id: categoryId, name: 'USDT帮助', articles: [{ id, title: '如何获取USDT地址？' }] });
    expect(((await s.call('/api/member/help/categories', {}, { headers: onSite(1) })).data as HelpCategory[]).some((c) => c.name === 'USDT帮助')).toBe(false);
    expect((await s.call('/api/member/help/article', { id }, { headers: onSite(2) })).data.title).toBe('如何获取USDT地址？');
    expect((await s.call('/api/member/help/article', { id }, { headers: onSite(1) })).code).toBe(Errors.HELP_NOT_FOUND.code);
    expect((await s.call('/api/member/help/article', { id: 999999 })).code).toBe(Errors.HELP_NOT_FOUND.code);
    for (const bad of [{}, { id: 0 }, { id: '1' }, { id: 1.5 }])
      expect((await s.call('/api/member/help/article', bad)).code, JSON.stringify(bad)).toBe(Errors.VALIDATION.code);
  });
});

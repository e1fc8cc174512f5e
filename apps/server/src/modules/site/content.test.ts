import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { listContent, removeContent, upsertContent } from './index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
afterEach(() => clock.reset());

const list = async (url: string, payload: unknown = {}, siteId = '1') => {
  const res = await s.call(url, payload, { headers: { 'x-site-id': siteId } });
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const HOUR = 3_600_000;

/** Expects an operator write to be refused with `name`. */
async function refused(work: Promise<unknown>, name: keyof typeof Errors) {
  await expect(work).rejects.toMatchObject({ code: Errors[name].code });
}

describe('the demo pictures', () => {
  it('banners, icons and avatars shipped with the server are cached by browsers for good (issue 13)', async () => {
    for (const url of ['/assets/site/banner-1-1.svg', '/assets/site/nav-sports.svg', '/assets/avatars/a01.svg']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('banners', () => {
  it('[S7-09] lists a visitor the banners of its site with image, link and sort, in sort order', async () => {
    const banners = await list('/api/site/banner/list');
    expect(banners.length).toBeGreaterThanOrEqual(3);
    for (const b of banners)
      expect(b).toMatchObject({
        id: expect.any(Number),
        title: expect.any(String),
        image: expect.stringMatching(/^\/assets\/site\/.+\.svg$/),
        link: expect.stringMatching(/^\//),
      });
    expect(banners.map((b: { sort: number }) => b.sort)).toEqual([...banners.map((b: { sort: number }) => b.sort)].sort((a, b) => a - b));
    const usdt = await list('/api/site/banner/list', {}, '2');
    expect(usdt.map((b: { title: string }) => b.title)).not.toEqual(banners.map((b: { title: string }) => b.title));
    expect(usdt.some((b: { title: string }) => b.title.includes('USDT'))).toBe(true);
  });

  it('filters by position', async () => {
    const home = await list('/api/site/banner/list', { position: 'home' });
    expect(home.length).toBeGreaterThan(0);
    expect(home.every((b: { position: string }) => b.position === 'home')).toBe(true);
    const casino = await list('/api/site/banner/list', { position: 'casino' });
    expect(casino.map((b: { position: string }) => b.position)).toEqual(['casino']);
    expect(await list('/api/site/banner/list', { position: 'nowhere' })).toEqual([]);
  });

  it('shows a banner only inside its time window and only while active', async () => {
    const now = clock.now();
    const id = await upsertContent(s.deps.db, 1, 'banner', {
      title: '国庆狂欢',
      image: '/assets/site/banner-1-1.svg',
      link: '/app/promotions',
      position: 'festival',
      startAt: now + HOUR,
      endAt: now + 3 * HOUR,
    });
    const festival = () => list('/api/site/banner/list', { position: 'festival' });
    expect(await festival()).toEqual([]);
    clock.shift(2 * HOUR);
    expect(await festival()).toEqual([expect.objectContaining({ id, title: '国庆狂欢', startAt: now + HOUR, endAt: now + 3 * HOUR })]);
    clock.shift(2 * HOUR);
    expect(await festival()).toEqual([]);
    clock.reset();
    await upsertContent(s.deps.db, 1, 'banner', {
      id,
      title: '国庆狂欢',
      image: '/assets/site/banner-1-1.svg',
      link: '/app/promotions',
      position: 'festival',
      status: '2',
    });
    expect(await festival()).toEqual([]);
    await upsertContent(s.deps.db, 1, 'banner', {
      id,
      title: '国庆狂欢',
      image: '/assets/site/banner-1-1.svg',
      link: '/app/promotions',
      position: 'festival',
      status: '1',
    });
    expect((await festival()).map((b: { id: number }) => b.id)).toEqual([id]);
    expect(await removeContent(s.deps.db, 1, 'banner', id)).toBe(true);
    expect(await festival()).toEqual([]);
    expect(await removeContent(s.deps.db, 1, 'banner', id)).toBe(false);
  });

  it('refuses a banner list body of the wrong type', async () => {
    expect((await s.call('/api/site/banner/list', { position: 5 })).code).toBe(Errors.VALIDATION.code);
  });
});

describe('notices', () => {
  it('[S3-17] carries category, pmdTimerStart and pmdTimerEnd; category 1 is the marquee', async () => {
    const notices = await list('/api/site/notice/list');
    expect(new Set(notices.map((n: { category: number }) => n.category))).toEqual(new Set([1, 2, 3]));
    for (const n of notices)
      expect(n).toMatchObject({
        title: expect.any(String),
        content: expect.any(String),
        pmdTimerStart: expect.toBeOneOf([null, expect.any(Number)]),
        pmdTimerEnd: expect.toBeOneOf([null, expect.any(Number)]),
      });
    const marquee = await list('/api/site/notice/list', { category: 1 });
    expect(marquee.length).toBeGreaterThanOrEqual(1);
    for (const n of marquee) {
      expect(n.category).toBe(1);
      expect(n.pmdTimerStart).toBeLessThanOrEqual(clock.now());
      expect(n.pmdTimerEnd).toBeGreaterThan(clock.now());
    }
  });

  it('[S3-17] lists a marquee notice only within its pmd window', async () => {
    const now = clock.now();
    const id = await upsertContent(s.deps.db, 2, 'notice', {
      category: 1,
      title: '维护预告',
      content: '今晚02:00-04:00系统升级',
      pmdTimerStart: now + HOUR,
      pmdTimerEnd: now + 2 * HOUR,
      sort: -1,
    });
    const ids = async () => (await list('/api/site/notice/list', { category: 1 }, '2')).map((n: { id: number }) => n.id);
    expect(await ids()).not.toContain(id);
    clock.shift(HOUR + 1);
    const inside = await list('/api/site/notice/list', { category: 1 }, '2');
    expect(inside[0]).toEqual({
      id,
      category: 1,
      title: '维护预告',
      content: '今晚02:00-04:00系统升级',
      sort: -1,
      pmdTimerStart: now + HOUR,
      pmdTimerEnd: now + 2 * HOUR,
    });
    clock.shift(HOUR);
    expect(await ids()).not.toContain(id);
    // The other site never sees it.
    clock.reset();
    clock.shift(HOUR + 1);
    expect((await list('/api/site/notice/list', { category: 1 }, '1')).map((n: { id: number }) => n.id)).not.toContain(id);
  });

  it('[S4-19] lists a marquee notice from its start until its end, exclusive: the rule the site shows it by', async () => {
    const start = clock.now() + HOUR;
    const end = start + HOUR;
    const id = await upsertContent(s.deps.db, 2, 'notice', { category: 1, title: '窗口', content: '边界', pmdTimerStart: start, pmdTimerEnd: end });
    const listedAt = async (at: number) => (await listContent(s.deps.db, 2, 'notice', at)).some((n) => n.id === id);
    expect([await listedAt(start - 1), await listedAt(start), await listedAt(end - 1), await listedAt(end)]).toEqual([false, true, true, false]);
    await removeContent(s.deps.db, 2, 'notice', id);
  });

  it('refuses an unknown category', async () => {
    const res = await s.call('/api/site/notice/list', { category: 7 });
    expect(res.code).toBe(Errors.VALIDATION.code);
    expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('navigation, floating icons, customer service, countries', () => {
  it('[S7-09] lists the home entries with icons: sports, live, casino, egames, chess, fish, promotions', async () => {
    const nav = await list('/api/site/navigation/list');
    expect(nav.map((n: { code: string }) => n.code)).toEqual(['sports', 'live', 'casino', 'egames', 'chess', 'fish', 'promotions']);
    for (const n of nav)
      expect(n).toMatchObject({
        name: expect.stringMatching(/[\u4e00-\u9fa5]/),
        icon: expect.stringMatching(/\.svg$/),
        path: expect.stringMatching(/^\/app\//),
      });
  });

  it('[S7-09] lists the floating icons with their side and link', async () => {
    const icons = await list('/api/site/floatIcon/list');
    expect(icons.map((i: { code: string }) => i.code)).toEqual(['cs', 'app', 'sign']);
    expect(icons.find((i: { code: string }) => i.code === 'cs')).toMatchObject({ link: '/cs', position: 'right' });
  });

  it('[S7-09] answers what the /cs page shows: hours, notice and the channels as data', async () => {
    const cs = await list('/api/site/cs/config');
    expect(cs.hours).toContain('7×24');
    expect(cs.notice).toMatch(/[\u4e00-\u9fa5]/);
    expect(cs.channels.map((c: { kind: string }) => c.kind)).toEqual(['online', 'qq', 'telegram', 'email']);
    expect(cs.channels.find((c: { kind: string }) => c.kind === 'telegram').url).toMatch(/^https:\/\/t\.me\//);
    expect(cs.channels.find((c: { kind: string }) => c.kind === 'email').url).toMatch(/^mailto:/);
  });

  it('[S7-09] lists countries with dialling codes, China +86 first', async () => {
    const countries = await list('/api/site/country/list');
    expect(countries[0]).toEqual({ code: 'CN', name: '中国', dialCode: '+86' });
    expect(countries.length).toBeGreaterThan(20);
    for (const c of countries) expect(c.dialCode).toMatch(/^\+\d{1,4}$/);
    expect(new Set(countries.map((c: { code: string }) => c.code)).size).toBe(countries.length);
  });
});

describe('operator content writes', () => {
  it('stores script and SQL text as given and returns it inert', async () => {
    const title = `<script>alert('x')</script>'; DROP TABLE site_contents; --`;
    const content = `<img src=x onerror=alert(1)> " OR 1=1 --`;
    const id = await upsertContent(s.deps.db, 1, 'notice', { category: 3, title, content });
    const found = (await list('/api/site/notice/list', { category: 3 })).find((n: { id: number }) => n.id === id);
    expect(found).toMatchObject({ title, content });
    expect((await list('/api/site/banner/list')).length).toBeGreaterThan(0);
    await removeContent(s.deps.db, 1, 'notice', id);
  });

  it('refuses missing fields, wrong types, backwards windows and script links; nothing changes', async () => {
    const before = await list('/api/site/navigation/list');
    const base = { code: 'lottery', name: '彩票', icon: '/assets/site/nav-sports.svg', path: '/app/lottery' };
    await refused(upsertContent(s.deps.db, 1, 'navigation', { ...base, name: undefined as unknown as string }), 'CONTENT_INVALID');
    await refused(upsertContent(s.deps.db, 1, 'navigation', { ...base, sort: 'first' as unknown as number }), 'CONTENT_INVALID');
    await refused(upsertContent(s.deps.db, 1, 'navigation', { ...base, startAt: 2_000, endAt: 1_000 }), 'CONTENT_INVALID');
    await refused(upsertContent(s.deps.db, 1, 'navigation', { ...base, path: 'javascript:alert(1)' }), 'CONTENT_INVALID');
    await refused(upsertContent(s.deps.db, 1, 'navigation', { ...base, icon: '//evil.example/x.svg' }), 'CONTENT_INVALID');
    await refused(upsertContent(s.deps.db, 1, 'navigation', { ...base, path: '/\\evil.example' }), 'CONTENT_INVALID');
    await refused(upsertContent(s.deps.db, 1, 'navigation', { ...base, id: 987654 }), 'CONTENT_NOT_FOUND');
    await refused(upsertContent(s.deps.db, 42, 'navigation', base), 'SITE_NOT_FOUND');
    await refused(upsertContent(s.deps.db, 1, 'popup' as 'banner', {} as never), 'CONTENT_INVALID');
    expect(await list('/api/site/navigation/list')).toEqual(before);
  });

  it('updates an item in place and never across sites', async () => {
    const [first] = await list('/api/site/navigation/list');
    await refused(upsertContent(s.deps.db, 2, 'navigation', { ...first, name: '别站' }), 'CONTENT_NOT_FOUND');
    await upsertContent(s.deps.db, 1, 'navigation', { ...first, name: '体育赛事', badge: '热' });
    const [after] = await list('/api/site/navigation/list');
    expect(after).toEqual({ ...first, name: '体育赛事', badge: '热' });
    await upsertContent(s.deps.db, 1, 'navigation', first);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Errors, OPERATOR_ROLES, ROLE_PERMISSIONS } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { signInOperator, superAdmin } from './testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => clock.reset());
afterAll(() => s.close());

const as = async (url: string, body: object) => s.call(url, body, { headers: (await superAdmin(s)).headers });
const noticesShown = async (siteId = 1) =>
  (await s.call('/api/site/notice/list', {}, { headers: { 'x-site-id': String(siteId) } })).data as Array<{ id: number; title: string }>;

/** What the site calls could change: compared before and after a refused call. */
async function siteState() {
  const q = (text: string) => s.deps.database.query(text);
  return {
    contents: await q('SELECT id, site_id, kind, status, sort, body FROM site_contents ORDER BY id'),
    config: await q('SELECT site_id, key_code, value FROM site_config ORDER BY 1, 2'),
    maintenance: await q('SELECT site_id, status, message FROM site_maintenance ORDER BY 1'),
    audit: await q('SELECT count(*)::int AS n FROM admin_audit'),
  };
}

const notice = { category: 1, title: '系统公告', content: '周末存款加赠 10%', sort: 0 };
const navEntry = { code: 'esports', name: '电竞', icon: '/assets/site/nav-sports.svg', path: '/app/sports', badge: '新' };
const floatIcon = { code: 'vip', name: 'VIP特权', icon: '/assets/site/float-cs.svg', link: '/app/vip', position: 'left' };
const csChannel = { kind: 'wechat', name: '微信客服', account: 'kefu_wx88', url: '', icon: '/assets/site/cs-online.svg' };

describe('site content, configuration and maintenance', () => {
  it('[admin] only roles holding site.manage may call the site screens; another site’s operator is refused; nothing changes', async () => {
    const [existing] = (await as('/api/admin/site/notice/list', { siteId: 1 })).data.list;
    const bodies: Record<string, object> = {
      '/api/admin/site/notice/list': { siteId: 1 },
      '/api/admin/site/notice/save': { siteId: 1, item: notice },
      '/api/admin/site/notice/remove': { siteId: 1, id: existing.id },
      '/api/admin/site/banner/list': { siteId: 1 },
      '/api/admin/site/banner/save': { siteId: 1, item: { title: 'b', image: '/assets/site/x.png', link: '', position: 'home' } },
      '/api/admin/site/banner/remove': { siteId: 1, id: existing.id },
      '/api/admin/site/navigation/list': { siteId: 1 },
      '/api/admin/site/navigation/save': { siteId: 1, item: navEntry },
      '/api/admin/site/navigation/remove': { siteId: 1, id: existing.id },
      '/api/admin/site/floatIcon/list': { siteId: 1 },
      '/api/admin/site/floatIcon/save': { siteId: 1, item: floatIcon },
      '/api/admin/site/floatIcon/remove': { siteId: 1, id: existing.id },
      '/api/admin/site/csChannel/list': { siteId: 1 },
      '/api/admin/site/csChannel/save': { siteId: 1, item: csChannel },
      '/api/admin/site/csChannel/remove': { siteId: 1, id: existing.id },
      '/api/admin/site/config/list': { siteId: 1 },
      '/api/admin/site/config/set': { siteId: 1, keyCode: 'withdraw_turnover_multiple', value: '3' },
      '/api/admin/site/maintenance/get': { siteId: 1 },
      '/api/admin/site/maintenance/set': { siteId: 1, setting: { status: 0, message: '升级' } },
    };
    const lacking = OPERATOR_ROLES.filter((role) => !ROLE_PERMISSIONS[role].includes('site.manage'));
    expect(lacking).not.toContain('content');
    const refused = [
      ...(await Promise.all(lacking.map((role) => signInOperator(s, [role])))).map((op) => ({ op, status: 403, code: Errors.OPERATOR_FORBIDDEN.code })),
      { op: await signInOperator(s, ['content'], [2]), status: 403, code: Errors.OPERATOR_SITE_FORBIDDEN.code },
    ];
    const before = await siteState();
    const failures: string[] = [];
    for (const [url, body] of Object.entries(bodies)) {
      const anonymous = await s.call(url, body);
      if (anonymous.status !== 401) failures.push(`${url} anonymous: ${anonymous.status}`);
      for (const { op, status, code } of refused) {
        const res = await s.call(url, body, { headers: op.headers });
        if (res.status !== status || res.code !== code) failures.push(`${url}: ${res.status} ${res.code}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await siteState()).toEqual(before);
  });

  it('[admin] a published notice shows on the member site at once; order, edit, unpublish and removal too; each audited with before and after', async () => {
    const content = await signInOperator(s, ['content']);
    const call = (url: string, body: object) => s.call(url, body, { headers: content.headers });
    const shownBefore = await noticesShown(); // warms the site's cache
    const first = await call('/api/admin/site/notice/save', { siteId: 1, item: { ...notice, sort: -10 } });
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ ...notice, sort: -10, status: '1' });
    const shown = await noticesShown();
    expect(shown.map((n) => n.title)).toEqual(['系统公告', ...shownBefore.map((n) => n.title)]);

    const saved = await call('/api/admin/site/notice/save', { siteId: 1, item: { ...notice, id: first.data.id, title: '新版公告', sort: 9999 } });
    expect(saved.data).toMatchObject({ id: first.data.id, title: '新版公告', sort: 9999 });
    expect((await noticesShown()).at(-1)).toMatchObject({ id: first.data.id, title: '新版公告' });
    expect((await noticesShown(2)).map((n) => n.id)).not.toContain(first.data.id);

    await call('/api/admin/site/notice/save', { siteId: 1, item: { ...saved.data, status: '0' } });
    expect((await noticesShown()).map((n) => n.id)).not.toContain(first.data.id);
    const listed = (await call('/api/admin/site/notice/list', { siteId: 1 })).data.list;
    expect(listed.find((n: { id: number }) => n.id === first.data.id)).toMatchObject({ status: '0', title: '新版公告' });

    expect((await call('/api/admin/site/notice/remove', { siteId: 1, id: first.data.id })).code).toBe(0);
    expect((await call('/api/admin/site/notice/remove', { siteId: 1, id: first.data.id })).code).toBe(Errors.CONTENT_NOT_FOUND.code);

    const audit = (await as('/api/admin/audit/list', { operatorId: content.operatorId })).data.list
      .reverse()
      .filter((e: { action: string }) => e.action !== 'auth.login');
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['site.notice.save', 'site.notice.save', 'site.notice.save', 'site.notice.remove']);
    expect(audit[0]).toMatchObject({ before: null, after: { id: first.data.id, title: '系统公告' } });
    expect(audit[1]).toMatchObject({ before: { title: '系统公告' }, after: { title: '新版公告' } });
    expect(audit[3]).toMatchObject({ before: { id: first.data.id, status: '0' }, after: null });
  });

  it('[admin] [S7-09] a navigation entry, a floating icon and a service channel an operator adds show on the member site at once, in their order; a bad link is refused and changes nothing', async () => {
    const content = await signInOperator(s, ['content']);
    const call = (url: string, body: object) => s.call(url, body, { headers: content.headers });
    const shown = async (url: string) => (await s.call(url, {})).data;
    const navBefore = (await shown('/api/site/navigation/list')) as Array<{ code: string }>;
    await shown('/api/site/floatIcon/list'); // warms the site's cache
    const nav = await call('/api/admin/site/navigation/save', { siteId: 1, item: { ...navEntry, sort: -1 } });
    expect(nav.code, nav.msg).toBe(0);
    expect(nav.data).toMatchObject({ ...navEntry, status: '1' });
    expect(((await shown('/api/site/navigation/list')) as Array<{ code: string }>).map((e) => e.code)).toEqual(['esports', ...navBefore.map((e) => e.code)]);
    expect((await call('/api/admin/site/floatIcon/save', { siteId: 1, item: floatIcon })).code).toBe(0);
    expect(await shown('/api/site/floatIcon/list')).toContainEqual(
      expect.objectContaining({ code: 'vip', name: 'VIP特权', position: 'left', link: '/app/vip' }),
    );
    const channel = await call('/api/admin/site/csChannel/save', { siteId: 1, item: csChannel });
    expect(channel.code, channel.msg).toBe(0);
    expect((await shown('/api/site/cs/config')).channels).toContainEqual(expect.objectContaining({ kind: 'wechat', account: 'kefu_wx88' }));

    // Unpublished, it leaves the member site; removed, it leaves the console's list.
    await call('/api/admin/site/navigation/save', { siteId: 1, item: { ...nav.data, status: '0' } });
    expect(((await shown('/api/site/navigation/list')) as Array<{ code: string }>).map((e) => e.code)).not.toContain('esports');
    expect((await call('/api/admin/site/csChannel/remove', { siteId: 1, id: channel.data.id })).code).toBe(0);
    expect((await call('/api/admin/site/csChannel/list', { siteId: 1 })).data.list.map((c: { id: number }) => c.id)).not.toContain(channel.data.id);

    const before = await siteState();
    const refused = [
      await call('/api/admin/site/navigation/save', { siteId: 1, item: { ...navEntry, path: 'javascript:alert(1)' } }),
      await call('/api/admin/site/floatIcon/save', { siteId: 1, item: { ...floatIcon, position: 'top' } }),
      await call('/api/admin/site/csChannel/save', { siteId: 1, item: { ...csChannel, url: '//evil.example.com' } }),
      await call('/api/admin/site/navigation/save', { siteId: 1, item: { ...navEntry, name: '' } }),
    ];
    expect(refused.map((r) => r.code)).toEqual(Array(4).fill(Errors.VALIDATION.code));
    expect(await siteState()).toEqual(before);
    const actions = (await as('/api/admin/audit/list', { operatorId: content.operatorId })).data.list.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['site.navigation.save', 'site.float_icon.save', 'site.cs_channel.save', 'site.cs_channel.remove']));
  });

  it('[admin] a banner with a script link, a notice without a title, or a setting outside its rule is refused with its code and changes nothing', async () => {
    const before = await siteState();
    const banner = { title: '活动', image: '/assets/site/a.png', link: 'javascript:alert(1)', position: 'home' };
    expect((await as('/api/admin/site/banner/save', { siteId: 1, item: banner })).code).toBe(Errors.VALIDATION.code);
    expect((await as('/api/admin/site/notice/save', { siteId: 1, item: { ...notice, title: undefined } })).code).toBe(Errors.VALIDATION.code);
    expect((await as('/api/admin/site/notice/save', { siteId: 1, item: { ...notice, id: 999_999 } })).code).toBe(Errors.CONTENT_NOT_FOUND.code);
    expect((await as('/api/admin/site/notice/save', { siteId: 99, item: notice })).code).toBe(Errors.SITE_NOT_FOUND.code);
    const bad = await as('/api/admin/site/config/set', { siteId: 1, keyCode: 'withdraw_turnover_multiple', value: '-1' });
    expect([bad.code, bad.msg]).toEqual([Errors.SITE_SETTING_INVALID.code, '提款流水倍数：请输入最多两位小数的非负数']);
    expect((await as('/api/admin/site/config/set', { siteId: 1, keyCode: 'withdrawal_password', value: 'yes' })).code).toBe(Errors.SITE_SETTING_INVALID.code);
    expect((await as('/api/admin/site/config/set', { siteId: 1, keyCode: 'sandbox', value: '1' })).code).toBe(Errors.VALIDATION.code);
    const window = { status: 0, startAt: clock.now() + 60_000, endAt: clock.now() };
    expect((await as('/api/admin/site/maintenance/set', { siteId: 1, setting: window })).code).toBe(Errors.VALIDATION.code);
    expect(await siteState()).toEqual(before);
  });

  it('[admin] a setting changes what the wallet asks at once, and back to its default with null', async () => {
    const set = (value: string | null) => as('/api/admin/site/config/set', { siteId: 1, keyCode: 'withdraw_turnover_multiple', value });
    expect((await set('2.5')).data).toEqual({ keyCode: 'withdraw_turnover_multiple', value: '2.5' });
    expect(await s.siteConfig.get(1, ['withdraw_turnover_multiple'])).toEqual({ withdraw_turnover_multiple: '2.5' });
    const listed = (await as('/api/admin/site/config/list', { siteId: 1 })).data.list;
    expect(listed).toContainEqual({ keyCode: 'withdraw_turnover_multiple', value: '2.5' });
    expect(listed.map((e: { keyCode: string }) => e.keyCode)).not.toContain('sandbox');
    expect((await set(null)).data.value).toBeNull();
    const [entry] = (await as('/api/admin/audit/list', { action: 'site.config.set', size: 1 })).data.list;
    expect(entry).toMatchObject({ target: 'site:1:config:withdraw_turnover_multiple', before: { value: '2.5' }, after: { value: null } });
  });

  it('[admin] a maintenance window closes the member site while it holds; an upcoming one is shown as set', async () => {
    const member = await s.member();
    const now = clock.now();
    const ahead = await as('/api/admin/site/maintenance/set', { siteId: 1, setting: { status: 0, startAt: now + 3_600_000, message: '例行维护' } });
    expect(ahead.data).toMatchObject({ setting: { status: 0, startAt: now + 3_600_000, message: '例行维护' }, now: { status: 1 } });
    expect((await s.call('/api/wallet/balance', {}, { token: member.token })).code).toBe(0);

    await as('/api/admin/site/maintenance/set', { siteId: 1, setting: { status: 0, message: '紧急维护' } });
    const closed = await s.call('/api/wallet/balance', {}, { token: member.token });
    expect([closed.code, closed.msg]).toEqual([Errors.ACCESS_CAVEAT.code, '紧急维护']);
    expect((await as('/api/admin/site/maintenance/get', { siteId: 1 })).data.now).toMatchObject({ status: 0, message: '紧急维护' });

    await as('/api/admin/site/maintenance/set', { siteId: 1, setting: { status: 1 } });
    expect((await s.call('/api/wallet/balance', {}, { token: member.token })).code).toBe(0);
  });
});

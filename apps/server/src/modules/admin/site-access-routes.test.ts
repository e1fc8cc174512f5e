import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { setAccessRules, setAppearance } from '../site/index.ts';
import { refusedOperators, signInOperator, superAdmin, unrefused } from './testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(async () => {
  for (const siteId of [1, 2]) await setAccessRules(s.deps.db, siteId, []);
  await setAppearance(s.deps.db, 1, { series: 'classy', festivalSkin: '' });
  await setAppearance(s.deps.db, 2, { series: 'mecha', festivalSkin: '' });
});
afterAll(() => s.close());

const as = async (url: string, body: object) => s.call(url, body, { headers: (await superAdmin(s)).headers });
/** A member's call from an address (this file's server trusts the test client as its proxy). */
const from = (ip: string, siteId = 1) => ({ 'x-forwarded-for': ip, 'x-site-id': String(siteId) });
const perInfo = async (siteId = 1) => (await s.call('/api/site/group/site/perInfo', {}, { headers: { 'x-site-id': String(siteId) } })).data;

/** What the access and appearance calls could change: compared before and after a refused call. */
async function accessState() {
  const q = (text: string) => s.deps.database.query(text);
  return {
    rules: await q('SELECT id, site_id, kind, action, value, reason FROM site_access_rules ORDER BY id'),
    sites: await q('SELECT site_id, series FROM sites ORDER BY site_id'),
    skins: await q(`SELECT site_id, value FROM site_config WHERE key_code = 'site_festival_skin' ORDER BY site_id`),
    audit: await q('SELECT count(*)::int AS n FROM admin_audit'),
  };
}

describe('access rules from the console', () => {
  it('[admin] a risk operator denies an IP range: a member from it is restricted at once, others are not; the rule is audited, and removed it lets them in', async () => {
    const risk = await signInOperator(s, ['risk']);
    const call = (url: string, body: object) => s.call(url, body, { headers: risk.headers });
    const member = await s.member();
    const balance = (ip: string) => s.call('/api/wallet/balance', {}, { token: member.token, headers: from(ip) });
    expect((await balance('203.0.113.77')).code).toBe(0); // warms the site's cached rules

    const added = await call('/api/admin/site/access/add', { siteId: 1, rule: { kind: 'ip', action: 'deny', value: '203.0.113.0/24', reason: '风控网段' } });
    expect(added.code, added.msg).toBe(0);
    expect(added.data).toEqual({ id: expect.any(Number), kind: 'ip', action: 'deny', value: '203.0.113.0/24', reason: '风控网段' });
    const refused = await balance('203.0.113.77');
    expect([refused.code, refused.data]).toEqual([
      Errors.ACCESS_RESTRICTION.code,
      { restrictionCode: `IP_DENIED-${added.data.id}`, ip: '203.0.113.77', country: null },
    ]);
    expect((await balance('203.0.114.1')).code).toBe(0);
    expect((await s.call('/api/site/banner/list', {}, { headers: from('203.0.113.77', 2) })).code).toBe(0); // site 2 has no such rule

    const country = await call('/api/admin/site/access/add', {
      siteId: 1,
      rule: { kind: 'country', action: 'caveat', value: 'sg', reason: '您所在的地区暂不提供服务' },
    });
    expect(country.data).toMatchObject({ kind: 'country', action: 'caveat', value: 'SG' });
    expect((await call('/api/admin/site/access/list', { siteId: 1 })).data.list).toEqual([added.data, country.data]);

    expect((await call('/api/admin/site/access/remove', { siteId: 1, id: added.data.id })).code).toBe(0);
    expect((await balance('203.0.113.77')).code).toBe(0);
    expect((await call('/api/admin/site/access/remove', { siteId: 1, id: added.data.id })).code).toBe(Errors.ACCESS_RULE_NOT_FOUND.code);

    const audit = (await as('/api/admin/audit/list', { operatorId: risk.operatorId })).data.list
      .reverse()
      .filter((e: { action: string }) => e.action !== 'auth.login');
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['site.access.add', 'site.access.add', 'site.access.remove']);
    expect(audit[0]).toMatchObject({ target: `site:1:access:${added.data.id}`, before: null, after: added.data });
    expect(audit[2]).toMatchObject({ target: `site:1:access:${added.data.id}`, before: added.data, after: null });
  });

  it('[admin] a bad range, a bad country code, a second rule for the same range or a 1001st rule is refused and changes nothing', async () => {
    const [kept] = await setAccessRules(s.deps.db, 1, [{ kind: 'ip', action: 'allow', value: '10.1.2.0/24', reason: '运营办公室' }]);
    const add = (rule: object) => as('/api/admin/site/access/add', { siteId: 1, rule });
    await superAdmin(s); // signed in before the state is taken
    const before = await accessState();
    const refusals = [
      await add({ kind: 'ip', action: 'deny', value: '300.1.1.1/24' }),
      await add({ kind: 'ip', action: 'deny', value: '10.0.0.0/33' }),
      await add({ kind: 'country', action: 'deny', value: 'CHN' }),
      await add({ kind: 'country', action: 'deny', value: '中国' }),
    ];
    expect(refusals.map((r) => r.code)).toEqual(Array(4).fill(Errors.ACCESS_RULE_INVALID.code));
    expect(refusals[0].msg).toBe('访问规则无效：300.1.1.1/24 不是IP地址或网段');
    const same = await add({ kind: 'ip', action: 'deny', value: ' 10.1.2.0/24 ' });
    expect(same.code).toBe(Errors.ACCESS_RULE_DUPLICATE.code);
    expect((await add({ kind: 'asn', action: 'deny', value: '4134' })).code).toBe(Errors.VALIDATION.code);
    expect((await add({ kind: 'ip', action: 'deny', value: '' })).code).toBe(Errors.VALIDATION.code);
    expect((await as('/api/admin/site/access/remove', { siteId: 1, id: kept.id + 1000 })).code).toBe(Errors.ACCESS_RULE_NOT_FOUND.code);
    expect((await as('/api/admin/site/access/remove', { siteId: 2, id: kept.id })).code).toBe(Errors.ACCESS_RULE_NOT_FOUND.code);
    expect(await accessState()).toEqual(before);

    const full = Array.from({ length: 1000 }, (_, i) => ({ kind: 'ip' as const, action: 'deny' as const, value: `10.9.${i >> 8}.${i & 255}` }));
    await setAccessRules(s.deps.db, 1, full);
    const atMost = await accessState();
    const over = await add({ kind: 'ip', action: 'deny', value: '192.0.2.1' });
    expect([over.code, over.msg]).toEqual([Errors.ACCESS_RULE_INVALID.code, '访问规则无效：每个站点最多1000条']);
    expect(await accessState()).toEqual(atMost);
  });

  it('[admin] only roles holding site.access (super, risk) may call the access screen; another site’s operator is refused; nothing changes', async () => {
    const [rule] = await setAccessRules(s.deps.db, 1, [{ kind: 'country', action: 'deny', value: 'US' }]);
    const operators = await refusedOperators(s, 'site.access', 'risk');
    const before = await accessState();
    const failures = await unrefused(s, operators, [
      ['/api/admin/site/access/list', { siteId: 1 }],
      ['/api/admin/site/access/add', { siteId: 1, rule: { kind: 'ip', action: 'deny', value: '198.51.100.0/24' } }],
      ['/api/admin/site/access/remove', { siteId: 1, id: rule.id }],
    ]);
    expect(failures).toEqual([]);
    expect(await accessState()).toEqual(before);
    // The risk operator of site 2 manages site 2's rules.
    const siteTwo = operators.at(-1)![0];
    expect((await s.call('/api/admin/site/access/list', { siteId: 2 }, { headers: siteTwo.headers })).data).toEqual({ list: [] });
  });
});

describe('appearance from the console', () => {
  it('[admin] the theme series and festival skin an operator sets show in perInfo at once, and are audited', async () => {
    const content = await signInOperator(s, ['content']);
    const call = (url: string, body: object) => s.call(url, body, { headers: content.headers });
    expect(await perInfo()).toMatchObject({ series: 'classy', festivalSkin: null }); // warms the site's caches
    expect((await call('/api/admin/site/appearance/get', { siteId: 1 })).data).toEqual({ series: 'classy', festivalSkin: '' });

    const set = await call('/api/admin/site/appearance/set', { siteId: 1, series: 'glow', festivalSkin: 'springFestival' });
    expect(set.code, set.msg).toBe(0);
    expect(set.data).toEqual({ series: 'glow', festivalSkin: 'springFestival' });
    const info = await perInfo();
    expect(info).toMatchObject({ series: 'glow', festivalSkin: 'springFestival' });
    expect(info.config.site_festival_skin).toBe('springFestival');
    expect(await perInfo(2)).toMatchObject({ series: 'mecha', festivalSkin: null });
    expect((await call('/api/admin/site/appearance/get', { siteId: 1 })).data).toEqual({ series: 'glow', festivalSkin: 'springFestival' });

    await call('/api/admin/site/appearance/set', { siteId: 1, series: 'fresh', festivalSkin: '' });
    expect(await perInfo()).toMatchObject({ series: 'fresh', festivalSkin: null });
    // The console's site pickers keep their order (site 1 first), however the table stores the changed row.
    expect((await call('/api/admin/site/list', {})).data.list.map((site: { siteId: number }) => site.siteId)).toEqual([1, 2]);

    const [entry] = (await as('/api/admin/audit/list', { action: 'site.appearance.set', operatorId: content.operatorId, size: 1 })).data.list;
    expect(entry).toMatchObject({
      target: 'site:1:appearance',
      before: { series: 'glow', festivalSkin: 'springFestival' },
      after: { series: 'fresh', festivalSkin: '' },
    });
  });

  it('[admin] an unknown series or skin is refused and changes nothing; the skin is no longer a free-text setting; the access screen’s roles may not set it', async () => {
    await superAdmin(s);
    const operators = await refusedOperators(s, 'site.manage', 'content');
    const before = await accessState();
    for (const body of [
      { siteId: 1, series: 'neon', festivalSkin: '' },
      { siteId: 1, series: 'glow', festivalSkin: 'halloween' },
      { siteId: 1, series: 'glow', festivalSkin: null },
      { siteId: 1, series: 'glow' },
    ]) {
      expect((await as('/api/admin/site/appearance/set', body)).code, JSON.stringify(body)).toBe(Errors.VALIDATION.code);
    }
    expect((await as('/api/admin/site/appearance/set', { siteId: 99, series: 'glow', festivalSkin: '' })).code).toBe(Errors.SITE_NOT_FOUND.code);
    const freeText = await as('/api/admin/site/config/set', { siteId: 1, keyCode: 'site_festival_skin', value: 'springFestival' });
    expect([freeText.code, freeText.msg]).toEqual([Errors.VALIDATION.code, 'keyCode: 该配置项不可在后台修改']);
    expect((await as('/api/admin/site/config/list', { siteId: 1 })).data.list.map((e: { keyCode: string }) => e.keyCode)).not.toContain('site_festival_skin');
    const failures = await unrefused(s, operators, [
      ['/api/admin/site/appearance/get', { siteId: 1 }],
      ['/api/admin/site/appearance/set', { siteId: 1, series: 'glow', festivalSkin: 'worldCup' }],
    ]);
    expect(failures).toEqual([]);
    expect(await accessState()).toEqual(before);
    expect(await perInfo()).toMatchObject({ series: 'classy', festivalSkin: null });
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config.ts';
import { setAccessRules, setMaintenance, getAccessRules } from './index.ts';
import { TTL_MS } from './cache.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
afterEach(async () => {
  clock.reset();
  vi.restoreAllMocks();
  for (const siteId of [1, 2]) {
    await setMaintenance(s.deps.db, siteId, { status: 1 });
    await setAccessRules(s.deps.db, siteId, []);
  }
});

const perInfo = (headers: Record<string, string> = {}) => s.call('/api/site/group/site/perInfo', {}, { headers });
const banners = (headers: Record<string, string> = {}) => s.call('/api/site/banner/list', {}, { headers });
const from = (ip: string, country?: string) => ({ 'x-forwarded-for': ip, ...(country ? { 'cf-ipcountry': country } : {}) });
const HOUR = 3_600_000;

/** The calls of the /cs page and the platform's own, which nothing closes. */
async function expectExemptOpen(headers: Record<string, string>) {
  expect((await s.call('/api/site/cs/config', {}, { headers })).code).toBe(0);
  expect((await s.inject({ method: 'GET', url: '/api/site/time', headers })).json().code).toBe(0);
  expect((await s.inject({ method: 'GET', url: '/api/health', headers })).json().code).toBe(0);
  expect((await s.inject({ method: 'GET', url: '/assets/site/cs-online.svg', headers })).statusCode).toBe(200);
  expect((await s.inject({ method: 'GET', url: '/api/docs/json', headers })).statusCode).toBe(200);
}

describe('maintenance', () => {
  it('[S2-07] [S8-12] perInfo answers SYSTEM_MAINTENANCE with the whole site info, maintenance status 0', async () => {
    const now = clock.now();
    await setMaintenance(s.deps.db, 1, { status: 0, startAt: now - HOUR, endAt: now + HOUR, message: '系统升级中，预计1小时后恢复' });
    const res = await perInfo();
    expect(res.status).toBe(200);
    expect(res.code).toBe(Errors.SYSTEM_MAINTENANCE.code);
    expect(res.msg).toBe('系统升级中，预计1小时后恢复');
    expect(res.data).toMatchObject({ siteId: 1, series: 'classy', settlementUnit: 'cny', deploySites: expect.any(Array) });
    expect(res.data.maintenance).toEqual({ status: 0, startAt: now - HOUR, endAt: now + HOUR, message: '系统升级中，预计1小时后恢复' });
  });

  it('[S2-07] [S8-10] every other call answers ACCESS_CAVEAT with maintenance status 0, member or visitor', async () => {
    const m = await s.member();
    await setMaintenance(s.deps.db, 1, { status: 0, message: '例行维护' });
    for (const res of [await banners(), await s.call('/api/member/info', {}, { token: m.token }), await s.call('/api/site/configInfo/get', { keyCode: 'x' })]) {
      expect(res.code).toBe(Errors.ACCESS_CAVEAT.code);
      expect(res.data.maintenance).toEqual({ status: 0, startAt: null, endAt: null, message: '例行维护' });
    }
  });

  it('[S2-10] [S6-04] the /cs calls, time, health and assets stay open under maintenance', async () => {
    await setMaintenance(s.deps.db, 1, { status: 0, message: '例行维护' });
    await expectExemptOpen({});
  });

  it('is on only inside its window: announced before, on within, over after', async () => {
    const now = clock.now();
    await setMaintenance(s.deps.db, 2, { status: 0, startAt: now + HOUR, endAt: now + 3 * HOUR, message: '计划维护' });
    const site2 = { 'x-site-id': '2' };
    const before = await perInfo(site2);
    expect(before.code).toBe(0);
    expect(before.data.maintenance).toEqual({ status: 1, startAt: now + HOUR, endAt: now + 3 * HOUR, message: '计划维护' });
    expect((await banners(site2)).code).toBe(0);
    clock.shift(2 * HOUR);
    expect((await perInfo(site2)).code).toBe(Errors.SYSTEM_MAINTENANCE.code);
    expect((await banners(site2)).code).toBe(Errors.ACCESS_CAVEAT.code);
    expect((await banners()).code).toBe(0); // site 1 is not under maintenance
    clock.shift(2 * HOUR);
    const after = await perInfo(site2);
    expect(after.code).toBe(0);
    expect(after.data.maintenance).toEqual({ status: 1, startAt: null, endAt: null, message: '' });
    expect((await banners(site2)).code).toBe(0);
  });

  it('status 1 opens the site whatever the window says', async () => {
    const now = clock.now();
    await setMaintenance(s.deps.db, 1, { status: 0, startAt: now - HOUR, endAt: now + HOUR });
    expect((await banners()).code).toBe(Errors.ACCESS_CAVEAT.code);
    await setMaintenance(s.deps.db, 1, { status: 1, startAt: now - HOUR, endAt: now + HOUR });
    expect((await banners()).code).toBe(0);
  });

  it('refuses a bad setting and keeps the one in force', async () => {
    const now = clock.now();
    await expect(setMaintenance(s.deps.db, 1, { status: 0, startAt: now + HOUR, endAt: now })).rejects.toMatchObject({ code: Errors.MAINTENANCE_INVALID.code });
    await expect(setMaintenance(s.deps.db, 1, { status: 3 as 0 })).rejects.toMatchObject({ code: Errors.MAINTENANCE_INVALID.code });
    await expect(setMaintenance(s.deps.db, 1, { status: 0, startAt: 'soon' as unknown as number })).rejects.toMatchObject({
      code: Errors.MAINTENANCE_INVALID.code,
    });
    await expect(setMaintenance(s.deps.db, 9, { status: 0 })).rejects.toMatchObject({ code: Errors.SITE_NOT_FOUND.code });
    expect((await perInfo()).data.maintenance.status).toBe(1);
  });
});

describe('access restriction', () => {
  it('[S2-09] [S8-11] refuses a denied IPv4 range with the restriction code, the IP and the country', async () => {
    const [rule] = await setAccessRules(s.deps.db, 1, [{ kind: 'ip', action: 'deny', value: '203.0.113.0/24', reason: '风控网段' }]);
    const res = await banners(from('203.0.113.77', 'PH'));
    expect(res.status).toBe(200);
    expect(res.code).toBe(Errors.ACCESS_RESTRICTION.code);
    expect(res.data).toEqual({ restrictionCode: `IP_DENIED-${rule.id}`, ip: '203.0.113.77', country: 'PH' });
    expect((await perInfo(from('203.0.113.77'))).code).toBe(Errors.ACCESS_RESTRICTION.code);
    expect((await banners(from('203.0.114.1'))).code).toBe(0);
    expect((await banners({ ...from('203.0.113.77'), 'x-site-id': '2' })).code).toBe(0);
  });

  it('refuses denied IPv6 ranges and single addresses, IPv4-mapped addresses included', async () => {
    await setAccessRules(s.deps.db, 1, [
      { kind: 'ip', action: 'deny', value: '2001:db8:abcd::/48' },
      { kind: 'ip', action: 'deny', value: '198.51.100.9' },
    ]);
    expect((await banners(from('2001:db8:abcd:12::1'))).code).toBe(Errors.ACCESS_RESTRICTION.code);
    expect((await banners(from('2001:db8:abce::1'))).code).toBe(0);
    expect((await banners(from('::ffff:198.51.100.9'))).code).toBe(Errors.ACCESS_RESTRICTION.code);
    expect((await banners(from('198.51.100.10'))).code).toBe(0);
  });

  it('refuses a denied country named by cf-ipcountry or x-country, in any case', async () => {
    const [rule] = await setAccessRules(s.deps.db, 1, [{ kind: 'country', action: 'deny', value: 'us' }]);
    expect(rule.value).toBe('US');
    for (const headers of [{ 'cf-ipcountry': 'US' }, { 'x-country': 'us' }] as Array<Record<string, string>>) {
      const res = await banners(headers);
      expect(res.code).toBe(Errors.ACCESS_RESTRICTION.code);
      expect(res.data).toMatchObject({ restrictionCode: `COUNTRY_DENIED-${rule.id}`, country: 'US' });
    }
    expect((await banners({ 'cf-ipcountry': 'CN' })).code).toBe(0);
    expect((await banners()).code).toBe(0);
  });

  it('a country allow list admits only its countries; an unknown country is refused', async () => {
    await setAccessRules(s.deps.db, 1, [
      { kind: 'country', action: 'allow', value: 'CN' },
      { kind: 'country', action: 'allow', value: 'HK' },
    ]);
    expect((await banners({ 'cf-ipcountry': 'CN' })).code).toBe(0);
    expect((await banners({ 'cf-ipcountry': 'HK' })).code).toBe(0);
    const jp = await banners({ 'cf-ipcountry': 'JP' });
    expect(jp.data).toMatchObject({ restrictionCode: 'COUNTRY_NOT_ALLOWED', country: 'JP' });
    expect((await banners({ 'cf-ipcountry': 'XX' })).data).toMatchObject({ restrictionCode: 'COUNTRY_NOT_ALLOWED', country: null });
    expect((await banners()).code).toBe(Errors.ACCESS_RESTRICTION.code);
  });

  it('an allowed IP range wins over every deny; a denied country wins over its own allow entry', async () => {
    await setAccessRules(s.deps.db, 1, [
      { kind: 'country', action: 'deny', value: 'PH' },
      { kind: 'ip', action: 'deny', value: '10.0.0.0/8' },
      { kind: 'ip', action: 'allow', value: '10.1.2.0/24', reason: '运营办公室' },
      { kind: 'country', action: 'allow', value: 'TW' },
      { kind: 'country', action: 'deny', value: 'TW' },
    ]);
    expect((await banners(from('10.1.2.3', 'PH'))).code).toBe(0);
    expect((await banners(from('10.9.9.9', 'CN'))).code).toBe(Errors.ACCESS_RESTRICTION.code);
    expect((await banners(from('192.0.2.1', 'PH'))).code).toBe(Errors.ACCESS_RESTRICTION.code);
    expect((await banners(from('192.0.2.1', 'TW'))).data.restrictionCode).toMatch(/^COUNTRY_DENIED-/);
  });

  it('[S2-08] [S8-10] a caveat answers ACCESS_CAVEAT with maintenance status 1, ip, country and reason', async () => {
    await setAccessRules(s.deps.db, 1, [{ kind: 'country', action: 'caveat', value: 'SG', reason: '您所在的地区暂不提供服务' }]);
    const res = await banners(from('192.0.2.8', 'SG'));
    expect(res.code).toBe(Errors.ACCESS_CAVEAT.code);
    expect(res.msg).toBe('您所在的地区暂不提供服务');
    expect(res.data).toEqual({
      maintenance: { status: 1, startAt: null, endAt: null, message: '' },
      ip: '192.0.2.8',
      country: 'SG',
      reason: '您所在的地区暂不提供服务',
    });
    expect((await banners(from('192.0.2.8', 'MY'))).code).toBe(0);
  });

  it('refusal comes before maintenance; maintenance before a caveat', async () => {
    await setAccessRules(s.deps.db, 1, [
      { kind: 'country', action: 'deny', value: 'US' },
      { kind: 'country', action: 'caveat', value: 'SG', reason: '提示' },
    ]);
    await setMaintenance(s.deps.db, 1, { status: 0, message: '维护' });
    expect((await banners({ 'cf-ipcountry': 'US' })).code).toBe(Errors.ACCESS_RESTRICTION.code);
    const sg = await banners({ 'cf-ipcountry': 'SG' });
    expect(sg.code).toBe(Errors.ACCESS_CAVEAT.code);
    expect(sg.data.maintenance.status).toBe(0);
  });

  it('[S2-10] [S6-04] the /cs calls, time, health and assets stay open to a denied visitor', async () => {
    await setAccessRules(s.deps.db, 1, [
      { kind: 'ip', action: 'deny', value: '0.0.0.0/0' },
      { kind: 'ip', action: 'deny', value: '::/0' },
    ]);
    expect((await banners(from('192.0.2.1'))).code).toBe(Errors.ACCESS_RESTRICTION.code);
    await expectExemptOpen(from('192.0.2.1'));
  });

  it('refuses invalid rules as a whole and keeps the rules in force', async () => {
    const kept = await setAccessRules(s.deps.db, 1, [{ kind: 'country', action: 'deny', value: 'US' }]);
    for (const bad of [
      { kind: 'ip', action: 'deny', value: '300.1.1.1/24' },
      { kind: 'ip', action: 'deny', value: '10.0.0.0/33' },
      { kind: 'ip', action: 'deny', value: "1.2.3.4' OR 1=1" },
      { kind: 'country', action: 'deny', value: 'CHN' },
      { kind: 'country', action: 'block', value: 'CN' },
      { kind: 'asn', action: 'deny', value: '4134' },
      { kind: 'country', action: 'deny' },
    ]) {
      await expect(setAccessRules(s.deps.db, 1, [{ kind: 'country', action: 'deny', value: 'GB' }, bad as never])).rejects.toMatchObject({
        code: Errors.ACCESS_RULE_INVALID.code,
      });
    }
    await expect(setAccessRules(s.deps.db, 77, [])).rejects.toMatchObject({ code: Errors.SITE_NOT_FOUND.code });
    expect(await getAccessRules(s.deps.db, 1)).toEqual(kept);
    expect((await banners({ 'cf-ipcountry': 'GB' })).code).toBe(0);
  });

  it('another instance sees a change within the cache time', async () => {
    expect((await banners({ 'cf-ipcountry': 'FR' })).code).toBe(0);
    // Written behind this instance's back, as another instance would.
    await s.deps.database.query(`INSERT INTO site_access_rules (site_id, kind, action, value) VALUES (1, 'country', 'deny', 'FR')`);
    expect((await banners({ 'cf-ipcountry': 'FR' })).code).toBe(0);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + TTL_MS + 1);
    expect((await banners({ 'cf-ipcountry': 'FR' })).code).toBe(Errors.ACCESS_RESTRICTION.code);
  });
});

describe('the proxy in front of the site', () => {
  it('[hardening] the country headers and x-forwarded-for count only from a proxy named in TRUST_PROXY', async () => {
    const rules = [
      { kind: 'country', action: 'deny', value: 'US' },
      { kind: 'ip', action: 'deny', value: '203.0.113.5' },
    ] as const;
    const direct = await startTestServer({ trustProxy: loadConfig({}).trustProxy });
    try {
      await setAccessRules(direct.deps.db, 1, [...rules]);
      // Claims of a client connecting directly: the headers are its own words.
      for (const headers of [{ 'cf-ipcountry': 'US' }, { 'x-country': 'US' }, { 'x-forwarded-for': '203.0.113.5' }] as Array<Record<string, string>>) {
        expect((await direct.call('/api/site/banner/list', {}, { headers })).code, JSON.stringify(headers)).toBe(0);
      }
    } finally {
      await direct.close();
    }
    // The same headers from the proxy (this file's server trusts the test client) count.
    await setAccessRules(s.deps.db, 1, [...rules]);
    expect((await banners({ 'cf-ipcountry': 'US' })).code).toBe(Errors.ACCESS_RESTRICTION.code);
    expect((await banners(from('203.0.113.5'))).code).toBe(Errors.ACCESS_RESTRICTION.code);
  });
});

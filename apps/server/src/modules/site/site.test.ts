import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, SITE_CONFIG_KEYS } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { setConfig, siteModule } from './index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('site info', () => {
  it('[S3-09] [S1-02] [S1-03] perInfo names the site, its series, settlement unit (CNY or USDT) and the 13 deploy-site pairs', async () => {
    const cny = await s.call('/api/site/group/site/perInfo', {});
    expect(cny.code).toBe(0);
    expect(cny.data).toMatchObject({
      siteId: 1,
      siteName: '皇冠体育',
      series: 'classy',
      settlementUnit: 'cny',
      currency: 'CNY',
      deploySiteId: 1001,
      language: 'zh-CN',
      englishEnabled: false,
    });
    expect(cny.data.maintenance).toEqual({ status: 1, startAt: null, endAt: null, message: '' });
    expect(cny.data.deploySites).toHaveLength(13);
    expect(new Set(cny.data.deploySites.map((p: { siteId: number }) => p.siteId)).size).toBe(13);
    expect(cny.data.deploySites[1]).toEqual({ siteId: 2, deploySiteId: 1002 });
    const usdt = await s.call('/api/site/group/site/perInfo', {}, { headers: { 'x-site-id': '2' } });
    expect(usdt.data).toMatchObject({ siteId: 2, series: 'mecha', settlementUnit: 'usdt', currency: 'USDT', deploySiteId: 1002 });
    expect(usdt.data.logo).not.toBe(cny.data.logo);
  });

  it('[hardening] an unknown x-site-id is refused; absent or empty, the default site answers', async () => {
    for (const id of ['99', 'abc', '1.5', '-1']) {
      const res = await s.call('/api/site/group/site/perInfo', {}, { headers: { 'x-site-id': id } });
      expect(res, id).toMatchObject({ code: Errors.SITE_NOT_FOUND.code, data: null, msg: '站点不存在' });
    }
    // A member call too: refused before it could act on the default site.
    expect((await s.call('/api/wallet/balance', {}, { headers: { 'x-site-id': '99' } })).code).toBe(Errors.SITE_NOT_FOUND.code);
    for (const headers of [{}, { 'x-site-id': '' }] as Array<Record<string, string>>)
      expect((await s.call('/api/site/group/site/perInfo', {}, { headers })).data.siteId).toBe(1);
  });

  it('[S3-08] answers the seed config keys one by one and together, site by site', async () => {
    const one = await s.call('/api/site/configInfo/get', { keyCode: 'login_verify_trigger_times' });
    expect(one.data).toEqual({ keyCode: 'login_verify_trigger_times', value: '3' });
    const all = await s.call('/api/site/configInfo/gets', { keyCodes: [...SITE_CONFIG_KEYS, 'no_such_key'] });
    expect(Object.keys(all.data).sort()).toEqual([...SITE_CONFIG_KEYS, 'no_such_key'].sort());
    expect(all.data).toMatchObject({
      fast_register_verify: '0',
      register_phone_number: '0',
      withdrawal_password: '1',
      site_festival_skin: '',
      no_such_key: null,
    });
    await setConfig(s.deps.db, 2, 'withdrawal_password', '0');
    expect((await s.call('/api/site/configInfo/get', { keyCode: 'withdrawal_password' }, { headers: { 'x-site-id': '2' } })).data.value).toBe('0');
    expect((await s.call('/api/site/configInfo/get', { keyCode: 'withdrawal_password' })).data.value).toBe('1');
  });

  it('[S3-08] site_festival_skin drives perInfo.festivalSkin; empty, or a skin the site does not know, means none', async () => {
    expect((await s.call('/api/site/group/site/perInfo', {})).data.festivalSkin).toBeNull();
    await setConfig(s.deps.db, 1, 'site_festival_skin', 'springFestival');
    const info = await s.call('/api/site/group/site/perInfo', {});
    expect(info.data.festivalSkin).toBe('springFestival');
    expect(info.data.config.site_festival_skin).toBe('springFestival');
    await setConfig(s.deps.db, 1, 'site_festival_skin', 'spring_festival');
    expect((await s.call('/api/site/group/site/perInfo', {})).data.festivalSkin).toBeNull();
    await setConfig(s.deps.db, 1, 'site_festival_skin', '');
  });

  it('refuses config calls with missing or mistyped fields, in zh-CN', async () => {
    for (const [url, body] of [
      ['/api/site/configInfo/get', {}],
      ['/api/site/configInfo/get', { keyCode: 7 }],
      ['/api/site/configInfo/gets', { keyCodes: 'withdrawal_password' }],
      ['/api/site/configInfo/gets', { keyCodes: [] }],
    ] as const) {
      const res = await s.call(url, body);
      expect(res.code).toBe(Errors.VALIDATION.code);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('[S7-09] system time is the server clock in epoch ms', async () => {
    const before = Date.now();
    const res = await s.inject({ method: 'GET', url: '/api/site/time' });
    expect(res.json().data.now).toBeGreaterThanOrEqual(before);
    expect(res.json().data.now).toBeLessThanOrEqual(Date.now());
  });

  it('[S1-04] the language code is zh-CN; English answers only once its switch is on', async () => {
    const off = await s.call('/api/site/language/code', { code: 'en-US' });
    expect(off.data.code).toBe('zh-CN');
    expect(off.data.languages).toEqual([
      { code: 'zh-CN', name: '简体中文', enabled: true },
      { code: 'en-US', name: 'English', enabled: false },
    ]);
    await setConfig(s.deps.db, 2, 'english_switch', '1');
    expect((await s.call('/api/site/language/code', {}, { headers: { 'x-site-id': '2', 'x-lang': 'en' } })).data.code).toBe('en-US');
    expect((await s.call('/api/site/group/site/perInfo', {}, { headers: { 'x-site-id': '2' } })).data.englishEnabled).toBe(true);
    expect((await s.call('/api/site/language/code', { code: 'fr' }, { headers: { 'x-site-id': '2' } })).data.code).toBe('zh-CN');
    await setConfig(s.deps.db, 2, 'english_switch', '0');
  });

  it('documents every site call in the OpenAPI document', async () => {
    const paths = Object.keys((await s.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    for (const call of [
      'health',
      'site/time',
      'site/group/site/perInfo',
      'site/configInfo/get',
      'site/configInfo/gets',
      'site/language/code',
      'site/banner/list',
      'site/notice/list',
      'site/navigation/list',
      'site/floatIcon/list',
      'site/cs/config',
      'site/country/list',
      'site/shortUrl/create',
      'site/shortUrl/get',
    ]) {
      expect(paths).toContain(`/api/${call}`);
    }
  });

  it('health names the database and bus it runs on', async () => {
    const res = await s.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().data).toMatchObject({ status: 'ok', db: s.deps.database.kind, bus: s.deps.bus.kind });
  });
});

describe('demo data', () => {
  it('seeding again on a later start duplicates nothing and keeps what an operator changed', async () => {
    const calls = ['/api/site/banner/list', '/api/site/notice/list', '/api/site/navigation/list', '/api/site/floatIcon/list', '/api/site/cs/config'];
    const before = await Promise.all(calls.map((url) => s.call(url, {})));
    await setConfig(s.deps.db, 1, 'login_verify_trigger_times', '5');
    await siteModule.seed!(s.deps);
    const after = await Promise.all(calls.map((url) => s.call(url, {})));
    expect(after.map((r) => r.data)).toEqual(before.map((r) => r.data));
    expect((await s.call('/api/site/configInfo/get', { keyCode: 'login_verify_trigger_times' })).data.value).toBe('5');
    await setConfig(s.deps.db, 1, 'login_verify_trigger_times', '3');
  });
});

describe('site assets', () => {
  it('serves the bundled SVG images under /assets/site/', async () => {
    const res = await s.inject({ method: 'GET', url: '/assets/site/logo-1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.body).toContain('<svg');
  });

  it('serves nothing outside its folder', async () => {
    for (const url of ['/assets/site/../../package.json', '/assets/site/%2e%2e/%2e%2e/package.json', '/assets/site/nope.svg']) {
      const res = await s.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('"dependencies"');
    }
  });

  it('every image the seeded pages point at exists', async () => {
    const calls = ['/api/site/banner/list', '/api/site/navigation/list', '/api/site/floatIcon/list'];
    const images: string[] = [(await s.call('/api/site/group/site/perInfo', {})).data.logo];
    for (const siteId of ['1', '2']) {
      for (const url of calls) {
        for (const item of (await s.call(url, {}, { headers: { 'x-site-id': siteId } })).data) images.push(item.image ?? item.icon);
      }
      for (const channel of (await s.call('/api/site/cs/config', {}, { headers: { 'x-site-id': siteId } })).data.channels) images.push(channel.icon);
    }
    expect(images.length).toBeGreaterThan(30);
    for (const url of new Set(images)) expect((await s.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });
});

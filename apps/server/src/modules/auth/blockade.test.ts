import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKADE_CODES, Errors, LOGIN_PATH } from '@bp/contract';
import { bearer, startTestServer, type TestServer } from '../../test/harness.ts';
import { blockDevice, blockIp, unblockDevice, unblockIp } from './index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const call = (url: string, headers: Record<string, string>, method: 'GET' | 'POST' = 'POST') =>
  s.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) }).then((r) => ({ status: r.statusCode, body: r.json() }));

describe('IP and device blockades', () => {
  it('[S8-09] a blocked IP gets the IP blockade code (HTTP 200) on every API call but the exempt ones (the page and assets still load), until unblocked', async () => {
    const m = await s.member();
    const from = (ip: string) => bearer(m.token, { 'x-forwarded-for': ip });
    await blockIp(s.deps.db, 1, '203.0.113.7', 'fraud ring');
    const blocked = await call('/api/member/info', from('203.0.113.7'));
    expect(blocked).toEqual({ status: 200, body: { code: Errors.IP_BLOCKED.code, data: null, msg: Errors.IP_BLOCKED.msg } });
    expect(BLOCKADE_CODES).toContain(blocked.body.code);
    expect(
      (
        await s.inject({ method: 'POST', url: LOGIN_PATH, payload: { name: m.name, password: m.password }, headers: { 'x-forwarded-for': '203.0.113.7' } })
      ).json().code,
    ).toBe(Errors.IP_BLOCKED.code);
    expect((await call('/api/member/info', from('::ffff:203.0.113.7'))).body.code).toBe(Errors.IP_BLOCKED.code);
    expect((await call('/api/member/info', from('203.0.113.8'))).body.code).toBe(0);
    expect((await call('/api/health', { 'x-forwarded-for': '203.0.113.7' }, 'GET')).body.code).toBe(0);
    const avatar = await s.inject({ method: 'GET', url: '/assets/avatars/a01.svg', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(avatar.statusCode).toBe(200);
    expect((await call('/api/member/info', { ...from('203.0.113.7'), 'x-site-id': '2' })).body.code).not.toBe(Errors.IP_BLOCKED.code);
    await unblockIp(s.deps.db, 1, '203.0.113.7');
    expect((await call('/api/member/info', from('203.0.113.7'))).body.code).toBe(0);
  });

  it('[S8-09] a blocked device uuid gets the device blockade code', async () => {
    const m = await s.member();
    await blockDevice(s.deps.db, 1, 'device-bad-0001');
    const blocked = await call('/api/member/info', bearer(m.token, { 'x-uuid': 'device-bad-0001' }));
    expect(blocked).toEqual({ status: 200, body: { code: Errors.DEVICE_BLOCKED.code, data: null, msg: Errors.DEVICE_BLOCKED.msg } });
    expect((await call('/api/member/info', bearer(m.token, { 'x-uuid': 'device-good-0001' }))).body.code).toBe(0);
    expect((await call('/api/member/info', bearer(m.token))).body.code).toBe(0);
    await unblockDevice(s.deps.db, 1, 'device-bad-0001');
    expect((await call('/api/member/info', bearer(m.token, { 'x-uuid': 'device-bad-0001' }))).body.code).toBe(0);
  });

  it('refuses to block what is not an address or a device id', async () => {
    await expect(blockIp(s.deps.db, 1, "1.2.3.4'; DROP TABLE blocked_ips;--")).rejects.toMatchObject({ code: Errors.VALIDATION.code });
    await expect(blockDevice(s.deps.db, 1, '  ')).rejects.toMatchObject({ code: Errors.VALIDATION.code });
  });
});

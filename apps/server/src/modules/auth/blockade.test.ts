import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKADE_CODES, Errors, LOGIN_PATH } from '@bp/contract';
import { bearer, startTestServer, type TestServer } from '../../test/harness.ts';
import { blockDevice, blockIp, unblockDevice, unblockIp } from './index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('IP and device blockades', () => {
  it('[S8-09] a blocked IP gets the IP blockade code (HTTP 200) on every API call but the exempt ones (the page and assets still load), until unblocked', async () => {
    const m = await s.member();
    const from = (ip: string) => bearer(m.token, { 'x-forwarded-for': ip });
    await blockIp(s.deps.db, 1, '203.0.113.7', 'fraud ring');
    const blocked = await s.call('/api/member/info', {}, { headers: from('203.0.113.7') });
    expect(blocked).toMatchObject({ status: 200, code: Errors.IP_BLOCKED.code, data: null, msg: Errors.IP_BLOCKED.msg });
    expect(BLOCKADE_CODES).toContain(blocked.code);
    expect(
      (
        await s.inject({ method: 'POST', url: LOGIN_PATH, payload: { name: m.name, password: m.password }, headers: { 'x-forwarded-for': '203.0.113.7' } })
      ).json().code,
    ).toBe(Errors.IP_BLOCKED.code);
    expect((await s.call('/api/member/info', {}, { headers: from('::ffff:203.0.113.7') })).code).toBe(Errors.IP_BLOCKED.code);
    expect((await s.call('/api/member/info', {}, { headers: from('203.0.113.8') })).code).toBe(0);
    expect((await s.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.7' } })).json().code).toBe(0);
    const avatar = await s.inject({ method: 'GET', url: '/assets/avatars/a01.svg', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(avatar.statusCode).toBe(200);
    expect((await s.call('/api/member/info', {}, { headers: { ...from('203.0.113.7'), 'x-site-id': '2' } })).code).not.toBe(Errors.IP_BLOCKED.code);
    await unblockIp(s.deps.db, 1, '203.0.113.7');
    expect((await s.call('/api/member/info', {}, { headers: from('203.0.113.7') })).code).toBe(0);
  });

  it('[S8-09] a blocked device uuid gets the device blockade code', async () => {
    const m = await s.member();
    await blockDevice(s.deps.db, 1, 'device-bad-0001');
    const blocked = await s.call('/api/member/info', {}, { token: m.token, headers: { 'x-uuid': 'device-bad-0001' } });
    expect(blocked).toMatchObject({ status: 200, code: Errors.DEVICE_BLOCKED.code, data: null, msg: Errors.DEVICE_BLOCKED.msg });
    expect((await s.call('/api/member/info', {}, { token: m.token, headers: { 'x-uuid': 'device-good-0001' } })).code).toBe(0);
    expect((await s.call('/api/member/info', {}, { token: m.token })).code).toBe(0);
    await unblockDevice(s.deps.db, 1, 'device-bad-0001');
    expect((await s.call('/api/member/info', {}, { token: m.token, headers: { 'x-uuid': 'device-bad-0001' } })).code).toBe(0);
  });

  it('refuses to block what is not an address or a device id', async () => {
    await expect(blockIp(s.deps.db, 1, "1.2.3.4'; DROP TABLE blocked_ips;--")).rejects.toMatchObject({ code: Errors.VALIDATION.code });
    await expect(blockDevice(s.deps.db, 1, '  ')).rejects.toMatchObject({ code: Errors.VALIDATION.code });
  });
});

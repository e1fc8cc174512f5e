import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inflateRawSync } from 'node:zlib';
import { DEV_CLIENT, Errors, Headers, SEALED_ZIP, decryptBytes, decryptPayload, encryptPayload } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../clock.ts';
import { openAnswer, sealBody, signedHeaders } from './testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const CONFIG_URL = '/api/site/configInfo/get';

const send = (url: string, raw: string, headers: Record<string, string> = {}) =>
  s.inject({ method: 'POST', url, payload: raw, headers: { 'content-type': 'application/json', ...headers } });

/** Headers of an encrypted but unsigned call: the app key and timestamp name the key. */
const keyHeaders = (timestamp: string) => ({ [Headers.appKey]: DEV_CLIENT.appKey, [Headers.timestamp]: timestamp });

describe('xx payload encryption', () => {
  it('[S7-03] an encrypted login is opened, and its answer sealed under the same key', async () => {
    const m = await s.member();
    const ts = String(clock.now());
    const res = await send('/api/member/login/v3', sealBody({ name: m.name, password: m.password }, ts), keyHeaders(ts));
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['xx']);
    const answer = openAnswer(res.body, ts) as { code: number; data: { token: string; memberId: number } };
    expect(answer.code).toBe(0);
    expect(answer.data.memberId).toBe(m.memberId);
    // Only the request's timestamp opens it.
    expect(() => openAnswer(res.body, String(Number(ts) + 1))).toThrow();
  });

  it('[S7-03] a signed and encrypted call is signed over the ciphertext envelope as sent', async () => {
    const ts = String(clock.now());
    const raw = sealBody({ keyCode: 'withdrawal_password' }, ts);
    const res = await send(CONFIG_URL, raw, signedHeaders('POST', CONFIG_URL, raw, { timestamp: ts }));
    expect(openAnswer(res.body, ts)).toMatchObject({ code: 0, data: { keyCode: 'withdrawal_password', value: '1' } });
    // Signing the plain body instead does not match what was sent.
    const plainSigned = signedHeaders('POST', CONFIG_URL, JSON.stringify({ keyCode: 'withdrawal_password' }), { timestamp: ts });
    expect((await send(CONFIG_URL, sealBody({ keyCode: 'withdrawal_password' }, ts), plainSigned)).json().code).toBe(Errors.BAD_SIGNATURE.code);
  });

  it('[S7-03] an answer kept encoded in memory (perInfo) is sealed for a sealed call, and stays plain for a plain one', async () => {
    const url = '/api/site/group/site/perInfo';
    const plain = (await send(url, '{}', {})).json();
    const ts = String(clock.now());
    const sealed = await send(url, sealBody({}, ts), keyHeaders(ts));
    expect(sealed.json()).toEqual({ xx: expect.any(String) });
    expect(openAnswer(sealed.body, ts)).toEqual(plain);
    expect((await send(url, '{}', {})).json()).toEqual(plain);
  });

  it('[S7-03] a client that opens zipped seals gets a big answer compressed inside the seal, the same envelope; a small one as before', async () => {
    const url = '/api/sports/list';
    const body = { page: 1, size: 50 };
    const plain = (await send(url, JSON.stringify(body))).json();
    const ts = String(clock.now());
    const zipped = await send(url, sealBody(body, ts), { ...keyHeaders(ts), [Headers.sealZip]: SEALED_ZIP });
    expect(Object.keys(zipped.json())).toEqual(['xx', 'zip']);
    expect(zipped.json().zip).toBe('deflate-raw');
    const inside = inflateRawSync(decryptBytes(zipped.json().xx, DEV_CLIENT.secret, ts)).toString();
    expect(JSON.parse(inside)).toMatchObject({ code: 0, data: { total: plain.data.total } });
    // The seal of the same answer without the header holds the JSON itself, several times larger.
    const full = await send(url, sealBody(body, ts), keyHeaders(ts));
    expect(Object.keys(full.json())).toEqual(['xx']);
    expect(JSON.parse(decryptPayload(full.json().xx, DEV_CLIENT.secret, ts))).toMatchObject({ code: 0, data: { total: plain.data.total } });
    expect(zipped.body.length * 4).toBeLessThan(full.body.length);
    // A small answer is not worth it: sealed as before, even when the client opens zips.
    const small = await send(CONFIG_URL, sealBody({ keyCode: 'withdrawal_password' }, ts), { ...keyHeaders(ts), [Headers.sealZip]: SEALED_ZIP });
    expect(Object.keys(small.json())).toEqual(['xx']);
    expect(openAnswer(small.body, ts)).toMatchObject({ code: 0, data: { keyCode: 'withdrawal_password' } });
  });

  it('[S7-03] the sealed answer keeps the HTTP status of failures', async () => {
    const ts = String(clock.now());
    const res = await send('/api/member/info', sealBody({}, ts), keyHeaders(ts));
    expect(res.statusCode).toBe(401);
    expect(openAnswer(res.body, ts)).toMatchObject({ code: Errors.AUTH_INVALID.code, data: null });
    const invalid = await send(CONFIG_URL, sealBody({ keyCode: 5 }, ts), keyHeaders(ts));
    expect(invalid.statusCode).toBe(200);
    expect(openAnswer(invalid.body, ts).code).toBe(Errors.VALIDATION.code);
  });

  it('[S7-03] a bad ciphertext answers BAD_CIPHER and changes nothing', async () => {
    const ts = String(clock.now());
    const name = 'ciphertest1';
    const register = (raw: string, headers: Record<string, string>) => send('/api/member/register/v4', raw, headers).then((r) => r.json());
    const cases: Array<[string, string, Record<string, string>]> = [
      ['not base64 at all', JSON.stringify({ xx: '%%%' }), keyHeaders(ts)],
      ['too short', JSON.stringify({ xx: 'AAAA' }), keyHeaders(ts)],
      ['sealed under another timestamp', sealBody({ name, password: 'abc12345' }, String(Number(ts) - 1)), keyHeaders(ts)],
      ['sealed under another secret', sealBody({ name, password: 'abc12345' }, ts, 'some-other-secret-123'), keyHeaders(ts)],
      ['not JSON inside', JSON.stringify({ xx: encryptPayload('name=x', DEV_CLIENT.secret, ts) }), keyHeaders(ts)],
      ['a field beside xx', JSON.stringify({ xx: JSON.parse(sealBody({}, ts)).xx, name }), keyHeaders(ts)],
      ['xx not a string', JSON.stringify({ xx: 12 }), keyHeaders(ts)],
      ['no app key', sealBody({ name, password: 'abc12345' }, ts), { [Headers.timestamp]: ts }],
      ['an unknown app key', sealBody({ name, password: 'abc12345' }, ts), { ...keyHeaders(ts), [Headers.appKey]: 'nobody' }],
    ];
    for (const [why, raw, headers] of cases) {
      expect(await register(raw, headers), why).toEqual({ code: Errors.BAD_CIPHER.code, data: null, msg: Errors.BAD_CIPHER.msg });
    }
    expect(await s.deps.database.query('SELECT 1 FROM members WHERE name = $1', [name])).toHaveLength(0);
  });

  it('[hardening] a sealed body is checked like a plain one: NUL inside answers VALIDATION, sealed, never a 500', async () => {
    const ts = String(clock.now());
    for (const name of ['a\u0000b', 'a\ud800b']) {
      const res = await send('/api/member/login/v3', sealBody({ name, password: 'abc12345' }, ts), keyHeaders(ts));
      expect(res.statusCode).toBe(200);
      expect(openAnswer(res.body, ts)).toEqual({ code: Errors.VALIDATION.code, data: { field: 'name' }, msg: 'name: 包含非法字符' });
    }
  });

  it('[S7-03] an encrypted call with a stale timestamp is a replay', async () => {
    const ts = String(clock.now() - 10 * 60_000);
    const res = await send(CONFIG_URL, sealBody({ keyCode: 'withdrawal_password' }, ts), keyHeaders(ts));
    expect(res.json().code).toBe(Errors.REPLAYED.code);
  });
});

describe('require_encryption', () => {
  const requireEncryption = async (on: boolean) => {
    await s.siteConfig.set(1, 'require_encryption', on ? '1' : '0');
    s.app.forgetSecurityPolicies();
  };

  it('[S7-03] plain JSON is accepted until the site requires encryption', async () => {
    const plain = () => send(CONFIG_URL, JSON.stringify({ keyCode: 'withdrawal_password' })).then((r) => r.json());
    expect((await plain()).code).toBe(0);
    await requireEncryption(true);
    try {
      expect(await plain()).toMatchObject({ code: Errors.BAD_CIPHER.code });
      const ts = String(clock.now());
      const sealed = await send(CONFIG_URL, sealBody({ keyCode: 'withdrawal_password' }, ts), keyHeaders(ts));
      expect(openAnswer(sealed.body, ts).code).toBe(0);
      // Calls without a body and exempt calls are untouched.
      expect((await s.inject({ method: 'GET', url: '/api/site/time' })).json().code).toBe(0);
      expect((await send(CONFIG_URL, JSON.stringify({ keyCode: 'withdrawal_password' }), { 'x-site-id': '2' })).json().code).toBe(0);
    } finally {
      await requireEncryption(false);
    }
    expect((await plain()).code).toBe(0);
  });
});

describe('client keys', () => {
  it('every site has the sandbox web client key h5', async () => {
    const rows = await s.deps.database.query<{ site_id: number; secret: string; status: string }>(
      `SELECT site_id, secret, status FROM site_app_keys WHERE app_key = 'h5' ORDER BY site_id`,
    );
    const sites = await s.deps.database.query<{ site_id: number }>('SELECT site_id FROM sites ORDER BY site_id');
    expect(rows.map((r) => r.site_id)).toEqual(sites.map((r) => r.site_id));
    expect(rows.every((r) => r.secret === DEV_CLIENT.secret && r.status === '1')).toBe(true);
  });

  it('H5_APP_SECRET replaces the sandbox secret of h5 on every site', async () => {
    const secret = 'operator-chosen-secret-0123';
    const own = await startTestServer({ h5AppSecret: secret });
    try {
      const raw = JSON.stringify({ keyCode: 'withdrawal_password' });
      const sign = (key: string) => signedHeaders('POST', CONFIG_URL, raw, { secret: key });
      const call = (headers: Record<string, string>) =>
        own.inject({ method: 'POST', url: CONFIG_URL, payload: raw, headers: { 'content-type': 'application/json', ...headers } }).then((r) => r.json());
      expect((await call(sign(secret))).code).toBe(0);
      expect((await call({ ...sign(secret), 'x-site-id': '2' })).code).toBe(0);
      expect((await call(sign(DEV_CLIENT.secret))).code).toBe(Errors.BAD_SIGNATURE.code);
    } finally {
      await own.close();
    }
  });
});

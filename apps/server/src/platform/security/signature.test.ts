import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CLIENT, Errors, Headers, REPLAY_WINDOW_MS } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../clock.ts';
import { signedHeaders } from './testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.deps.database.query(
    `INSERT INTO site_app_keys (site_id, app_key, secret, client_type, status) VALUES
       (1, 'ios', 'ios-secret-0123456789', 'ios', '2'),
       (2, 'pc', 'pc-secret-0123456789', 'pc', '1')`,
  );
});
afterAll(() => s.close());

const CONFIG_URL = '/api/site/configInfo/get';
const CONFIG_BODY = JSON.stringify({ keyCode: 'withdrawal_password' });

/** A POST of `raw` exactly as given, with extra headers. */
const send = (url: string, raw: string, headers: Record<string, string> = {}) =>
  s
    .inject({ method: 'POST', url, payload: raw, headers: { 'content-type': 'application/json', ...headers } })
    .then((r) => ({ status: r.statusCode, body: r.json() }));

const signedPost = (url: string, raw: string, opts: Parameters<typeof signedHeaders>[3] = {}, extra: Record<string, string> = {}) =>
  send(url, raw, { ...signedHeaders('POST', url, raw, opts), ...extra });

describe('signed requests', () => {
  it('[S7-02] a request signed with the sandbox client key over method, path, timestamp, nonce and body passes', async () => {
    const res = await signedPost(CONFIG_URL, CONFIG_BODY);
    expect(res.body).toMatchObject({ code: 0, data: { keyCode: 'withdrawal_password', value: '1' } });
  });

  it('[S7-02] a signed GET signs an empty body and its path without the query string', async () => {
    const url = '/api/site/time?cache=1';
    const res = await s.inject({ method: 'GET', url, headers: signedHeaders('GET', url, '') });
    expect(res.json().code).toBe(0);
  });

  it('[S7-08] a forged signature answers BAD_SIGNATURE in the envelope', async () => {
    const res = await signedPost(CONFIG_URL, CONFIG_BODY, { secret: 'not-the-secret-of-h5' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: Errors.BAD_SIGNATURE.code, data: null, msg: Errors.BAD_SIGNATURE.msg });
  });

  it('[S7-02] a body or a path changed after signing fails the signature', async () => {
    const headers = signedHeaders('POST', CONFIG_URL, CONFIG_BODY);
    const tampered = await send(CONFIG_URL, JSON.stringify({ keyCode: 'site_festival_skin' }), headers);
    expect(tampered.body.code).toBe(Errors.BAD_SIGNATURE.code);
    const otherPath = await send('/api/site/configInfo/gets', CONFIG_BODY, signedHeaders('POST', CONFIG_URL, CONFIG_BODY));
    expect(otherPath.body.code).toBe(Errors.BAD_SIGNATURE.code);
    // The same bytes re-serialised differently are not what was signed either.
    const reformatted = await send(CONFIG_URL, JSON.stringify(JSON.parse(CONFIG_BODY), null, 1), signedHeaders('POST', CONFIG_URL, CONFIG_BODY));
    expect(reformatted.body.code).toBe(Errors.BAD_SIGNATURE.code);
  });

  it('[S7-02] a signature header without its app key, timestamp or nonce is refused', async () => {
    for (const drop of [Headers.appKey, Headers.timestamp, Headers.nonce]) {
      const headers = signedHeaders('POST', CONFIG_URL, CONFIG_BODY);
      delete headers[drop];
      expect((await send(CONFIG_URL, CONFIG_BODY, headers)).body.code, drop).toBe(Errors.BAD_SIGNATURE.code);
    }
    const shortNonce = await signedPost(CONFIG_URL, CONFIG_BODY, { nonce: 'abc' });
    expect(shortNonce.body.code).toBe(Errors.BAD_SIGNATURE.code);
  });

  it('[S7-02] an unknown, disabled or other-site app key is refused', async () => {
    expect((await signedPost(CONFIG_URL, CONFIG_BODY, { appKey: 'nobody', secret: DEV_CLIENT.secret })).body.code).toBe(Errors.BAD_SIGNATURE.code);
    expect((await signedPost(CONFIG_URL, CONFIG_BODY, { appKey: 'ios', secret: 'ios-secret-0123456789' })).body.code).toBe(Errors.BAD_SIGNATURE.code);
    const pcOnSite1 = await signedPost(CONFIG_URL, CONFIG_BODY, { appKey: 'pc', secret: 'pc-secret-0123456789' });
    expect(pcOnSite1.body.code).toBe(Errors.BAD_SIGNATURE.code);
    const pcOnSite2 = await signedPost(CONFIG_URL, CONFIG_BODY, { appKey: 'pc', secret: 'pc-secret-0123456789' }, { 'x-site-id': '2' });
    expect(pcOnSite2.body.code).toBe(0);
  });

  it('[S7-02] a timestamp older or newer than 5 minutes is a replay', async () => {
    const now = clock.now();
    const stale = await signedPost(CONFIG_URL, CONFIG_BODY, { timestamp: String(now - REPLAY_WINDOW_MS - 1_000) });
    expect(stale.body.code).toBe(Errors.REPLAYED.code);
    const future = await signedPost(CONFIG_URL, CONFIG_BODY, { timestamp: String(now + REPLAY_WINDOW_MS + 1_000) });
    expect(future.body.code).toBe(Errors.REPLAYED.code);
    const skewed = await signedPost(CONFIG_URL, CONFIG_BODY, { timestamp: String(now - REPLAY_WINDOW_MS + 30_000) });
    expect(skewed.body.code).toBe(0);
    const garbage = await signedPost(CONFIG_URL, CONFIG_BODY, { timestamp: 'yesterday' });
    expect(garbage.body.code).toBe(Errors.BAD_SIGNATURE.code);
  });

  it('[S9-09] a 10-digit timestamp is read as seconds', async () => {
    const seconds = String(Math.floor(clock.now() / 1000));
    expect((await signedPost(CONFIG_URL, CONFIG_BODY, { timestamp: seconds })).body.code).toBe(0);
    const staleSeconds = String(Math.floor((clock.now() - 2 * REPLAY_WINDOW_MS) / 1000));
    expect((await signedPost(CONFIG_URL, CONFIG_BODY, { timestamp: staleSeconds })).body.code).toBe(Errors.REPLAYED.code);
  });

  it('[S7-02] a nonce is accepted once; a forged request cannot burn it first', async () => {
    const nonce = 'n0nce-replay-test-0001';
    const forged = await signedPost(CONFIG_URL, CONFIG_BODY, { nonce, secret: 'attacker-guess-secret' });
    expect(forged.body.code).toBe(Errors.BAD_SIGNATURE.code);
    const headers = signedHeaders('POST', CONFIG_URL, CONFIG_BODY, { nonce });
    expect((await send(CONFIG_URL, CONFIG_BODY, headers)).body.code).toBe(0);
    const replay = await send(CONFIG_URL, CONFIG_BODY, headers);
    expect(replay.body).toMatchObject({ code: Errors.REPLAYED.code, msg: Errors.REPLAYED.msg });
  });

  it('[S7-02] a refused request changes nothing', async () => {
    const name = 'sigtest01';
    const raw = JSON.stringify({ name, password: 'abc12345' });
    const res = await send('/api/member/register/v4', raw, signedHeaders('POST', '/api/member/register/v4', raw, { secret: 'wrong-secret-000000' }));
    expect(res.body.code).toBe(Errors.BAD_SIGNATURE.code);
    const rows = await s.deps.database.query('SELECT 1 FROM members WHERE name = $1', [name]);
    expect(rows).toHaveLength(0);
  });
});

describe('require_signature', () => {
  const requireSignature = async (siteId: number, on: boolean) => {
    await s.siteConfig.set(siteId, 'require_signature', on ? '1' : '0');
    s.app.forgetSecurityPolicies();
  };

  it('[S7-02] when a site requires it, an unsigned call fails and a signed one passes', async () => {
    await requireSignature(1, true);
    try {
      const unsigned = await send(CONFIG_URL, CONFIG_BODY);
      expect(unsigned.body.code).toBe(Errors.BAD_SIGNATURE.code);
      expect((await signedPost(CONFIG_URL, CONFIG_BODY)).body.code).toBe(0);
      // Another site keeps its own policy.
      expect((await send(CONFIG_URL, CONFIG_BODY, { 'x-site-id': '2' })).body.code).toBe(0);
    } finally {
      await requireSignature(1, false);
    }
    expect((await send(CONFIG_URL, CONFIG_BODY)).body.code).toBe(0);
  });

  it('[S7-02] exempt calls (health, time) stay open when signatures are required', async () => {
    await requireSignature(1, true);
    try {
      expect((await s.inject({ method: 'GET', url: '/api/site/time' })).json().code).toBe(0);
      expect((await s.inject({ method: 'GET', url: '/api/health' })).json().code).toBe(0);
    } finally {
      await requireSignature(1, false);
    }
  });
});

import '../apps/web/src/shared/i18n/index.ts';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Errors, LOGIN_PATH, loginDigest } from '@bp/contract';
import { startTestServer, type TestServer } from '../apps/server/src/test/harness.ts';
import { session } from '../apps/web/src/shared/session/session.ts';
import { ApiError, call, resetRequestState } from '../apps/web/src/shared/api/request.ts';
import { apiSettings } from '../apps/web/src/shared/api/transport.ts';
import { MemoryStorage, recordScreen } from '../apps/web/src/shared/api/test-network.ts';

/** The common path against the real server: its signatures and sealed bodies are checked for real. */

let s: TestServer;
const name = `w${Date.now().toString(36)}`;
const password = 'abc12345';

beforeAll(async () => {
  (globalThis as { localStorage?: Storage }).localStorage = new MemoryStorage();
  s = await startTestServer();
  // The strictest site: every guarded call must be signed and sealed.
  await s.siteConfig.set(1, 'require_signature', '1');
  await s.siteConfig.set(1, 'require_encryption', '1');
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  apiSettings.baseUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  apiSettings.fetch = (input, init) => fetch(input, init);
});
afterAll(async () => {
  apiSettings.baseUrl = '';
  await s?.close();
});
beforeEach(() => {
  resetRequestState();
  apiSettings.encrypt = true;
});

describe('the common path on the real server', () => {
  it('[S7-02] [S7-03] signed and sealed calls pass a site that requires both; plain ones do not', async () => {
    recordScreen();
    const info = await call('/api/site/group/site/perInfo', {});
    expect(info.siteId).toBe(1);
    const notices = await call('/api/site/notice/list', {});
    expect(Array.isArray(notices)).toBe(true);
    apiSettings.encrypt = false;
    const err = await call('/api/site/notice/list', {}).catch((e: ApiError) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(Errors.BAD_CIPHER.code);
  });

  it('[S7-03] a big answer comes zipped inside its seal and opens as the same data', async () => {
    recordScreen();
    const seen: Array<{ zip: string | null; answer: string }> = [];
    let dropZip = false;
    const fetchBefore = apiSettings.fetch;
    apiSettings.fetch = async (input, init) => {
      const headers = new Headers(init.headers);
      // As a browser without raw DEFLATE asks.
      if (dropZip) headers.delete('x-xx-zip');
      const res = await fetch(input, { ...init, headers });
      seen.push({ zip: headers.get('x-xx-zip'), answer: await res.clone().text() });
      return res;
    };
    try {
      const board = await call('/api/sports/list', { page: 1, size: 50 });
      expect(board.list.length).toBeGreaterThan(0);
      expect(seen[0].zip).toBe('deflate-raw');
      expect(Object.keys(JSON.parse(seen[0].answer))).toEqual(['xx', 'zip']);
      dropZip = true;
      expect(await call('/api/sports/list', { page: 1, size: 50 })).toEqual(board);
      expect(Object.keys(JSON.parse(seen[1].answer))).toEqual(['xx']);
      expect(seen[0].answer.length * 4).toBeLessThan(seen[1].answer.length);
    } finally {
      apiSettings.fetch = fetchBefore;
    }
  });

  it('[S7-10] [S5-09] registers, logs in with the digest of the lower-cased name, reads the member, logs out', async () => {
    recordScreen();
    const registered = await call('/api/member/register/v4', { name, password });
    expect(registered.token).toBeTruthy();
    const login = await call(LOGIN_PATH, { name: name.toUpperCase(), password: loginDigest(name.toUpperCase(), password) });
    session.start(login);
    const me = await call('/api/member/info', {});
    expect(me.name).toBe(name);
    await call('/api/member/logout', {});
  });

  it('[S8-08] [S8-05] a session ended on the server is lost on the next call: cleared, alerted, /login', async () => {
    const log = recordScreen({ path: '/app/member' });
    const login = await call(LOGIN_PATH, { name, password: loginDigest(name, password) });
    session.start(login);
    // The same member logs in on another device.
    await call(LOGIN_PATH, { name, password: loginDigest(name, password) });
    const err = await call('/api/member/info', {}).catch((e: ApiError) => e);
    expect((err as ApiError).code).toBe(Errors.LOGIN_ELSEWHERE.code);
    expect(session.isLoggedIn()).toBe(false);
    expect(log.alerts).toEqual([{ title: '温馨提示', content: Errors.LOGIN_ELSEWHERE.msg }]);
    expect(log.navigations[0][0]).toBe('/login?fromPage=%2Fapp%2Fmember');
  });

  it('[S8-02] a wrong login answers with its code and message and changes nothing', async () => {
    recordScreen();
    const err = await call(LOGIN_PATH, { name, password: loginDigest(name, 'wrong1234') }, { silent: true }).catch((e: ApiError) => e);
    expect((err as ApiError).code).toBe(Errors.LOGIN_FAILED.code);
    expect((err as ApiError).message).toBe(Errors.LOGIN_FAILED.msg);
    expect(session.isLoggedIn()).toBe(false);
  });
});

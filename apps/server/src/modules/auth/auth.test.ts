import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, loginDigest } from '@bp/contract';
import { bearer, startTestServer, type TestServer } from '../../test/harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  s.inject({ method: 'POST', url, payload: payload as object, headers }).then((r) => ({ status: r.statusCode, body: r.json() }));

describe('register, login, info, logout', () => {
  it('registers a member and answers its info with the token', async () => {
    const reg = await post('/api/member/register/v4', { name: 'Alice01', password: 'abc12345', r_code: 'R1' });
    expect(reg.body.code).toBe(0);
    expect(reg.body.data.token).toMatch(/^[\w-]{40,}$/);
    const info = await post('/api/member/info', {}, bearer(reg.body.data.token));
    expect(info.body.data).toMatchObject({ name: 'alice01', vipLevel: 0, currency: 'CNY', siteId: 1 });
  });

  it('[S5-02] refuses a password equal to the name, case-insensitively', async () => {
    const reg = await post('/api/member/register/v4', { name: 'Abcd1234', password: 'abcd1234' });
    expect(reg.body.code).toBe(Errors.PASSWORD_EQUALS_NAME.code);
  });

  it('refuses a name taken in another case', async () => {
    await post('/api/member/register/v4', { name: 'bobby01', password: 'abc12345' });
    const again = await post('/api/member/register/v4', { name: 'BOBBY01', password: 'abc12345' });
    expect(again.body.code).toBe(Errors.NAME_TAKEN.code);
  });

  it('[S5-10] logs in with the plain password or its 32-character digest', async () => {
    await post('/api/member/register/v4', { name: 'carol01', password: 'abc12345' });
    const plain = await post('/api/member/login/v3', { name: 'CAROL01', password: 'abc12345' });
    expect(plain.body.code).toBe(0);
    const digest = await post('/api/member/login/v3', { name: 'carol01', password: loginDigest('carol01', 'abc12345') });
    expect(digest.body.code).toBe(0);
    const wrong = await post('/api/member/login/v3', { name: 'carol01', password: 'abc123456' });
    expect(wrong.body.code).toBe(Errors.LOGIN_FAILED.code);
  });

  it('a login on another device ends the earlier session with the login-elsewhere code', async () => {
    await post('/api/member/register/v4', { name: 'dave001', password: 'abc12345' });
    const first = await post('/api/member/login/v3', { name: 'dave001', password: 'abc12345' });
    await post('/api/member/login/v3', { name: 'dave001', password: 'abc12345' });
    const info = await post('/api/member/info', {}, bearer(first.body.data.token));
    expect(info.status).toBe(401);
    expect(info.body.code).toBe(Errors.LOGIN_ELSEWHERE.code);
  });

  it('logout ends the session', async () => {
    const m = await s.member();
    expect((await post('/api/member/logout', {}, bearer(m.token))).body.code).toBe(0);
    const info = await post('/api/member/info', {}, bearer(m.token));
    expect(info.status).toBe(401);
    expect(info.body.code).toBe(Errors.AUTH_INVALID.code);
  });

  it('a member path without a token answers 401', async () => {
    const info = await post('/api/member/info', {});
    expect(info.status).toBe(401);
    expect(info.body).toMatchObject({ code: Errors.AUTH_INVALID.code, data: null });
  });

  it('answers 400 to a body that is not JSON and 413 to one too large', async () => {
    const bad = await s.inject({ method: 'POST', url: '/api/member/login/v3', payload: '{nope', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(Errors.BAD_JSON.code);
    const big = await s.inject({ method: 'POST', url: '/api/member/login/v3', payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } });
    expect(big.statusCode).toBe(413);
  });

  it('answers a validation failure with the validation code and a zh-CN message', async () => {
    const res = await post('/api/member/login/v3', { name: 5 });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(Errors.VALIDATION.code);
    expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});

import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { Errors, LOGIN_HASHED_PATH, LOGIN_PATH, LOGIN_V5_PATH, loginDigest, type Frame } from '@bp/contract';
import { bearer, startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { nextTokenExpiry, sessionBatches } from './sessions.ts';
import { memberChanged } from '../../platform/cache.ts';
import { setConfig } from '../site/index.ts';
import { blockMember, getMember, setAgentCode } from './index.ts';
import { sessions } from './tables.ts';
import { readCaptcha, solveSlider } from './testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
afterEach(() => clock.reset());

const register = (body: Record<string, unknown>) => s.call('/api/member/register/v4', { password: 'abc12345', ...body });
const info = (token: string) => s.call('/api/member/info', {}, { token });
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('register v4', () => {
  it('[S4-01] registers a member and the token it answers is the login', async () => {
    const reg = await register({ name: 'Alice01', r_code: 'R1' });
    expect(reg.code).toBe(0);
    expect(reg.data.token).toMatch(/^[\w-]{40,}$/);
    expect((await info(reg.data.token)).data).toMatchObject({ name: 'alice01', vipLevel: 0, currency: 'CNY', siteId: 1 });
    expect((await s.call('/api/member/info', {})).status).toBe(401);
  });

  it('[S5-02] refuses a password equal to the name, case-insensitively', async () => {
    const reg = await register({ name: 'Abcd1234', password: 'abcd1234' });
    expect(reg).toMatchObject({ code: Errors.PASSWORD_EQUALS_NAME.code, msg: Errors.PASSWORD_EQUALS_NAME.msg });
  });

  it('refuses a name taken in another case, a bad name, SQL text and wrong types, creating nothing', async () => {
    await register({ name: 'bobby01' });
    expect((await register({ name: 'BOBBY01' })).code).toBe(Errors.NAME_TAKEN.code);
    expect((await register({ name: 'ab' })).code).toBe(Errors.NAME_INVALID.code);
    expect((await register({ name: "x' OR 1=1--" })).code).toBe(Errors.NAME_INVALID.code);
    expect((await register({ name: '<script>' })).code).toBe(Errors.NAME_INVALID.code);
    expect((await register({ name: 12345678 })).code).toBe(Errors.VALIDATION.code);
    expect((await s.call('/api/member/register/v4', { name: 'nopass01' })).code).toBe(Errors.VALIDATION.code);
    expect((await s.call('/api/member/checkName', { name: 'nopass01' })).data.available).toBe(true);
  });

  it('[S5-05] records a China or overseas phone with its area code, and refuses bad or taken ones', async () => {
    const cn = await register({ name: 'phone001', phone: '13800138000' });
    expect((await info(cn.data.token)).data).toMatchObject({ phone: '13800138000', areaCode: '86', phoneBound: true });
    const hk = await register({ name: 'phone002', phone: '91234567', areaCode: '+852' });
    expect((await info(hk.data.token)).data).toMatchObject({ phone: '91234567', areaCode: '852' });
    expect((await register({ name: 'phone003', phone: '23800138000' })).code).toBe(Errors.PHONE_INVALID.code);
    expect((await register({ name: 'phone003', phone: '1380013800' })).code).toBe(Errors.PHONE_INVALID.code);
    expect((await register({ name: 'phone003', phone: '123', areaCode: '852' })).code).toBe(Errors.PHONE_INVALID.code);
    expect((await register({ name: 'phone003', phone: '13800138000' })).code).toBe(Errors.PHONE_TAKEN.code);
    expect((await s.call('/api/member/checkName', { name: 'phone003' })).data.available).toBe(true);
  });

  it('register_phone_number 1 requires a phone', async () => {
    await setConfig(s.deps.db, 1, 'register_phone_number', '1');
    try {
      expect((await register({ name: 'needph01' })).code).toBe(Errors.PHONE_REQUIRED.code);
      expect((await register({ name: 'needph01', phone: '13900139000' })).code).toBe(0);
    } finally {
      await setConfig(s.deps.db, 1, 'register_phone_number', '0');
    }
  });

  it('fast_register_verify 1 requires the image captcha: missing, wrong, reused', async () => {
    await setConfig(s.deps.db, 1, 'fast_register_verify', '1');
    try {
      expect((await register({ name: 'captch01' })).code).toBe(Errors.CAPTCHA_REQUIRED.code);
      const wrong = await readCaptcha(s);
      expect((await register({ name: 'captch01', captchaId: wrong.captchaId, captcha: 'ZZZZ' })).code).toBe(Errors.VERIFY_CODE.code);
      const right = await readCaptcha(s);
      expect((await register({ name: 'captch01', ...right, captcha: right.captcha.toLowerCase() })).code).toBe(0);
      expect((await register({ name: 'captch02', ...right })).code).toBe(Errors.VERIFY_CODE.code);
    } finally {
      await setConfig(s.deps.db, 1, 'fast_register_verify', '0');
    }
  });

  it('takes an i_code naming a member invite code or an agent code, records r_code, refuses other codes', async () => {
    const inviter = await s.member();
    const code = (await info(inviter.token)).data.inviteCode as string;
    expect((await register({ name: 'invited1', i_code: 'NOPE42' })).code).toBe(Errors.INVITE_CODE_INVALID.code);
    expect((await s.call('/api/member/checkName', { name: 'invited1' })).data.available).toBe(true);
    const invited = await register({ name: 'invited1', i_code: code.toLowerCase(), r_code: 'rec-7' });
    expect(invited.code).toBe(0);
    expect(await getMember(s.deps.db, invited.data.memberId)).toMatchObject({ invitedBy: inviter.memberId, inviteCode: code, recommendCode: 'rec-7' });
    await setAgentCode(s.deps.db, inviter.memberId, 'agent88');
    const viaAgent = await register({ name: 'invited2', i_code: 'AGENT88' });
    expect(await getMember(s.deps.db, viaAgent.data.memberId)).toMatchObject({ invitedBy: inviter.memberId });
    const otherSite = await s.call('/api/member/register/v4', { name: 'invited3', password: 'abc12345', i_code: code }, { headers: { 'x-site-id': '2' } });
    expect(otherSite.code).toBe(Errors.INVITE_CODE_INVALID.code);
  });
});

describe('checkName', () => {
  it('[S7-10] checkName answers whether a name is free; v2 also says why not', async () => {
    await register({ name: 'takenme1' });
    expect((await s.call('/api/member/checkName', { name: 'TakenMe1' })).data).toEqual({ available: false });
    expect((await s.call('/api/member/checkName', { name: 'freeone1' })).data).toEqual({ available: true });
    expect((await s.call('/api/member/checkName', { name: 'a b' })).code).toBe(Errors.NAME_INVALID.code);
    expect((await s.call('/api/member/checkName/v2', { name: 'TAKENME1' })).data).toEqual({ available: false, reason: 'taken', msg: Errors.NAME_TAKEN.msg });
    expect((await s.call('/api/member/checkName/v2', { name: '<b>x</b>' })).data).toMatchObject({ available: false, reason: 'invalid' });
    expect((await s.call('/api/member/checkName/v2', { name: 'freeone1' })).data).toMatchObject({ available: true, reason: null });
    expect((await s.call('/api/member/checkName/v2', {})).code).toBe(Errors.VALIDATION.code);
  });
});

describe('login', () => {
  it('[S7-10] [S5-10] logs in at v3, lg/v5 and the hashed path with the plain password or its 32-character digest', async () => {
    await register({ name: 'carol01' });
    for (const url of [LOGIN_PATH, LOGIN_V5_PATH, LOGIN_HASHED_PATH]) {
      const plain = await s.call(url, { name: 'CAROL01', password: 'abc12345' });
      expect(plain.data).toMatchObject({ token: expect.any(String), memberId: expect.any(Number), expireAt: expect.any(Number) });
      expect((await s.call(url, { name: 'carol01', password: loginDigest('carol01', 'abc12345') })).code).toBe(0);
      expect((await s.call(url, { name: 'carol01', password: 'abc123456' })).code).toBe(Errors.LOGIN_FAILED.code);
    }
    expect(await s.call(LOGIN_PATH, { name: 'nobody99', password: 'abc12345' })).toMatchObject({
      code: Errors.LOGIN_FAILED.code,
      msg: Errors.LOGIN_FAILED.msg,
    });
  });

  it('[S5-09] hashes the lower-cased name with the password', async () => {
    await register({ name: 'MixedCase1' });
    expect((await s.call(LOGIN_PATH, { name: 'MixedCase1', password: md5('mixedcase1abc12345') })).code).toBe(0);
    expect((await s.call(LOGIN_PATH, { name: 'mixedcase1', password: md5('MixedCase1abc12345') })).code).toBe(Errors.LOGIN_FAILED.code);
  });

  it('[S3-01] takes name, password, flag, version, timewd, and with oldPassword changes the password on the way in', async () => {
    const m = await s.member();
    const first = await s.call(LOGIN_PATH, { name: m.name, password: m.password, flag: 1, version: '1.1.0', timewd: 1754438400 });
    expect(first.code).toBe(0);
    const [row] = await s.deps.db.select().from(sessions).where(eq(sessions.memberId, m.memberId)).orderBy(desc(sessions.sessionId)).limit(1);
    expect(row.client).toEqual({ flag: 1, version: '1.1.0', timewd: 1754438400 });
    expect((await s.call(LOGIN_PATH, { name: m.name, oldPassword: m.password, password: 'short' })).code).toBe(Errors.PASSWORD_RULE.code);
    expect((await s.call(LOGIN_PATH, { name: m.name, oldPassword: m.password, password: m.password })).code).toBe(Errors.PASSWORD_SAME_AS_OLD.code);
    const verified = async () => ({ verifyTicket: await solveSlider(s, 'changePassword') });
    expect((await s.call(LOGIN_PATH, { name: m.name, oldPassword: 'wrong123', password: 'newpass12', ...(await verified()) })).code).toBe(
      Errors.LOGIN_FAILED.code,
    );
    const changed = await s.call(LOGIN_PATH, { name: m.name, oldPassword: m.password, password: 'newpass12', ...(await verified()) });
    expect(changed.code).toBe(0);
    expect((await info(first.data.token)).code).toBe(Errors.PASSWORD_CHANGED.code);
    expect((await s.call(LOGIN_PATH, { name: m.name, password: m.password })).code).toBe(Errors.LOGIN_FAILED.code);
    expect((await s.call(LOGIN_PATH, { name: m.name, password: 'newpass12' })).code).toBe(0);
  });

  it('[hardening] a change of password on the way in (login with oldPassword) asks for the security verification changePassword asks for', async () => {
    const m = await s.member();
    const first = await s.call(LOGIN_PATH, { name: m.name, password: m.password });
    const unverified = await s.call(LOGIN_PATH, { name: m.name, oldPassword: m.password, password: 'newpass12' });
    expect(unverified).toMatchObject({ code: Errors.NEED_SAFE.code, data: { verifyType: 'slider', scene: 'changePassword' } });
    // Nothing changed: the old password and the old session still stand.
    expect((await info(first.data.token)).code).toBe(0);
    // A ticket of another scene does not do.
    const loginTicket = await solveSlider(s, 'login');
    expect((await s.call(LOGIN_PATH, { name: m.name, oldPassword: m.password, password: 'newpass12', verifyTicket: loginTicket })).code).toBe(
      Errors.NEED_SAFE.code,
    );
    const verifyTicket = await solveSlider(s, 'changePassword');
    expect((await s.call(LOGIN_PATH, { name: m.name, oldPassword: m.password, password: 'newpass12', verifyTicket })).code).toBe(0);
    expect((await s.call(LOGIN_PATH, { name: m.name, password: 'newpass12' })).code).toBe(0);
  });

  it('answers a validation failure with the validation code and a zh-CN message', async () => {
    const res = await s.call(LOGIN_PATH, { name: 5 });
    expect(res.status).toBe(200);
    expect(res.code).toBe(Errors.VALIDATION.code);
    expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await s.call(LOGIN_PATH, { name: 'carol01' })).code).toBe(Errors.VALIDATION.code);
  });

  it('answers 400 to a body that is not JSON and 413 to one too large', async () => {
    const bad = await s.inject({ method: 'POST', url: LOGIN_PATH, payload: '{nope', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(Errors.BAD_JSON.code);
    const big = await s.inject({
      method: 'POST',
      url: LOGIN_PATH,
      payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
  });
});

describe('sessions', () => {
  const frames: Frame[] = [];
  beforeAll(() => {
    s.deps.bus.onFrame((f) => frames.push(f));
  });

  it('[S4-04] [S8-08] a login on another device ends the earlier session with the login-elsewhere code, told on the socket too', async () => {
    const m = await s.member();
    const first = await s.call(LOGIN_PATH, { name: m.name, password: m.password });
    await s.call(LOGIN_PATH, { name: m.name, password: m.password });
    const res = await info(first.data.token);
    expect(res.status).toBe(401);
    expect(res).toMatchObject({ code: Errors.LOGIN_ELSEWHERE.code, msg: Errors.LOGIN_ELSEWHERE.msg, data: null });
    const ended = { code: Errors.LOGIN_ELSEWHERE.code, msg: Errors.LOGIN_ELSEWHERE.msg, sessionIds: [expect.any(Number)] };
    expect(frames).toContainEqual({ ch: `user:${m.memberId}`, type: 'session.ended', data: ended });
  });

  it('[S4-04] [S8-08] a blocked account loses its session with the blockade code', async () => {
    const m = await s.member();
    await blockMember(s.deps.db, s.deps.bus, m.memberId);
    const res = await info(m.token);
    expect(res.status).toBe(401);
    expect(res).toMatchObject({ code: Errors.ACCOUNT_BLOCKED.code, msg: Errors.ACCOUNT_BLOCKED.msg });
    expect((await s.call(LOGIN_PATH, { name: m.name, password: m.password })).code).toBe(Errors.ACCOUNT_BLOCKED.code);
  });

  it('[S4-04] [S8-08] forged, malformed and foreign-site tokens answer 401 with the auth code', async () => {
    const m = await s.member();
    for (const headers of [bearer('forged-token-0000000000000000000000000000'), { authorization: 'Bearer ' }, bearer('x'.repeat(300))]) {
      const res = await s.call('/api/member/info', {}, { headers });
      expect(res.status).toBe(401);
      expect(res.code).toBe(Errors.AUTH_INVALID.code);
    }
    const foreign = await s.call('/api/member/info', {}, { token: m.token, headers: { 'x-site-id': '2' } });
    expect(foreign.status).toBe(401);
    expect(foreign.code).toBe(Errors.AUTH_INVALID.code);
  });

  it('[S4-02] a token lives until the next 22:00 Shanghai time', async () => {
    const reg = await register({ name: 'latenite1' });
    const expireAt = reg.data.expireAt as number;
    expect(expireAt).toBe(nextTokenExpiry(expireAt - 1));
    expect(expireAt - clock.now()).toBeLessThanOrEqual(24 * 3600_000);
    clock.shift(expireAt - clock.now() - 5_000);
    expect((await info(reg.data.token)).code).toBe(0);
    clock.shift(10_000);
    const late = await info(reg.data.token);
    expect(late.status).toBe(401);
    expect(late.code).toBe(Errors.AUTH_INVALID.code);
    const again = await s.call(LOGIN_PATH, { name: 'latenite1', password: 'abc12345' });
    expect(again.data.expireAt).toBe(expireAt + 86_400_000);
  });

  it('[S4-04] sessions read and noted at the same time go as one statement each, and every call is still judged as its own', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => s.member()));
    const loggedOut = await s.member();
    await s.call('/api/member/logout', {}, { token: loggedOut.token });
    // As after a lull: no session is in the cache.
    for (const m of [...members, loggedOut]) memberChanged(m.memberId);
    const before = { ...sessionBatches(s.deps.db).reads! };
    const forged = 'forged-token-1111111111111111111111111111';
    // The first member's page asks three things at once: one session, asked thrice.
    const calls = [...members, members[0], members[0]].map((m) => info(m.token));
    const answers = await Promise.all([...calls, info(loggedOut.token), info(forged)]);
    expect(answers.slice(0, 14).map((a) => a.data?.name)).toEqual([...members, members[0], members[0]].map((m) => m.name));
    for (const refused of answers.slice(14)) expect(refused).toMatchObject({ status: 401, code: Errors.AUTH_INVALID.code });
    const reads = sessionBatches(s.deps.db).reads!;
    expect(reads.operations - before.operations).toBe(16);
    expect(reads.batches - before.batches).toBeLessThanOrEqual(3);
    expect(reads.fallbacks).toBe(before.fallbacks);

    // A minute on, every call notes its session seen: gathered too, each row its own time.
    clock.shift(61_000);
    const seenBefore = { ...(sessionBatches(s.deps.db).seen ?? { operations: 0, batches: 0, fallbacks: 0 }) };
    const noted = clock.now();
    expect((await Promise.all(members.map((m) => info(m.token)))).every((a) => a.code === 0)).toBe(true);
    const seen = sessionBatches(s.deps.db).seen!;
    expect(seen.operations - seenBefore.operations).toBe(12);
    expect(seen.batches - seenBefore.batches).toBeLessThanOrEqual(3);
    for (const m of members) {
      const [row] = await s.deps.db.select().from(sessions).where(eq(sessions.memberId, m.memberId)).orderBy(desc(sessions.sessionId)).limit(1);
      expect(Math.abs(row.lastSeenAt!.getTime() - noted)).toBeLessThan(5_000);
    }
  });

  it('logout ends the session; a second logout is refused', async () => {
    const m = await s.member();
    expect(await s.call('/api/member/logout', {}, { token: m.token })).toMatchObject({ code: 0, data: null, msg: 'success' });
    const res = await info(m.token);
    expect(res.status).toBe(401);
    expect(res.code).toBe(Errors.AUTH_INVALID.code);
    expect((await s.call('/api/member/logout', {}, { token: m.token })).status).toBe(401);
  });
});

describe('documentation', () => {
  it('lists the auth and member calls in the OpenAPI document', async () => {
    const doc = (await s.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/member/register/v4',
      LOGIN_PATH,
      LOGIN_V5_PATH,
      LOGIN_HASHED_PATH,
      '/api/member/logout',
      '/api/member/info',
      '/api/member/sendCode',
      '/api/captchaEx/check',
      '/api/gw/ic/verify',
      '/api/v2/vvm',
      '/api/captcha/image',
      '/api/member/forgetPassword/email/step3',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

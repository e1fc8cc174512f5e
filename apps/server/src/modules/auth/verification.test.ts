import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Errors, RQIAB_HEADER, SLIDER_TOLERANCE_PX, VERIFY_TICKET_TTL_MS } from '@bp/contract';
import { shiftToMorning, startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { openAnswer, sealBody, signedHeaders } from '../../platform/security/testing.ts';
import { setConfig } from '../site/index.ts';
import { watchPictures } from './index.ts';
import { drawSlider, solveSlider } from './testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
afterEach(() => clock.reset());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const check = (captchaId: string, answer: number | string, durationMs = 300) => s.call('/api/captchaEx/check', { captchaId, answer, durationMs });
const svgOf = (dataUrl: string) => Buffer.from(dataUrl.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString();

describe('captchaEx', () => {
  it('[S4-05] get draws a slider: a background with a notch and the piece as SVG data URLs; the notch x stays on the server', async () => {
    const drawn = await s.call('/api/captchaEx/get', { scene: 'withdraw', verifyType: 'slider' });
    expect(drawn.code).toBe(0);
    expect(drawn.data).toMatchObject({ verifyType: 'slider', width: 300, pieceY: expect.any(Number), captchaId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(svgOf(drawn.data.background)).toMatch(/^<svg[\s\S]*<path d="M\d+,\d+[\s\S]*<\/svg>$/);
    expect(svgOf(drawn.data.piece)).toMatch(/^<svg[\s\S]*clip-path[\s\S]*<\/svg>$/);
    expect(Object.keys(drawn.data).sort()).toEqual(['background', 'captchaId', 'piece', 'pieceY', 'verifyType', 'width']);
  });

  it('[S8-02] check wants the drop within a few px after a human drag; each challenge takes one try', async () => {
    const far = await drawSlider(s, 'withdraw');
    await pause(320);
    expect(await check(far.captchaId, far.notchX + SLIDER_TOLERANCE_PX + 3)).toMatchObject({ code: 10409, msg: Errors.VERIFY_CODE.msg });
    expect((await check(far.captchaId, far.notchX)).code).toBe(10409);

    const robot = await drawSlider(s, 'withdraw');
    await pause(320);
    expect((await check(robot.captchaId, robot.notchX, 20)).code).toBe(10409);

    const tooLong = await drawSlider(s, 'withdraw');
    expect((await check(tooLong.captchaId, tooLong.notchX, 60_000)).code).toBe(10409);

    const near = await drawSlider(s, 'withdraw');
    await pause(320);
    const ok = await check(near.captchaId, String(near.notchX - SLIDER_TOLERANCE_PX));
    expect(ok.data.ticket).toMatch(/^[\w-]{32}$/);
    expect((await check(near.captchaId, near.notchX)).code).toBe(10409);
    expect((await check('0'.repeat(32), 10)).code).toBe(10409);
    expect((await s.call('/api/captchaEx/check', { captchaId: near.captchaId })).code).toBe(Errors.VALIDATION.code);
  });

  it('the image type draws a code picture and checks the typed code', async () => {
    let text = '';
    const stop = watchPictures((seen) => seen.kind === 'code' && (text = seen.text));
    const drawn = await s.call('/api/captchaEx/get', { scene: 'withdraw', verifyType: 'image' });
    stop();
    expect(drawn.data).toMatchObject({ verifyType: 'image', piece: null, pieceY: null });
    expect(svgOf(drawn.data.background)).toMatch(/^<svg/);
    expect((await check(drawn.data.captchaId, text.toLowerCase())).data.ticket).toEqual(expect.any(String));
  });

  it('register reserves a captchaId for a scene; geeTest register and validate are the same calls', async () => {
    const reg = await s.call('/api/geeTest/register', { scene: 'withdraw' });
    expect(reg.data).toMatchObject({ captchaId: expect.any(String), verifyType: 'slider', expireAt: expect.any(Number) });
    expect((await s.call('/api/captchaEx/get', { scene: 'login', captchaId: reg.data.captchaId })).code).toBe(10409);
    const reg2 = await s.call('/api/captchaEx/register', { scene: 'withdraw' });
    let notchX = 0;
    const stop = watchPictures((seen) => seen.kind === 'slider' && (notchX = seen.notchX));
    const got = await s.call('/api/captchaEx/get', { scene: 'withdraw', captchaId: reg2.data.captchaId });
    stop();
    expect(got.data.captchaId).toBe(reg2.data.captchaId);
    expect((await s.call('/api/captchaEx/get', { scene: 'withdraw', captchaId: reg2.data.captchaId })).code).toBe(10409);
    await pause(320);
    const valid = await s.call('/api/geeTest/validate', { captchaId: got.data.captchaId, answer: notchX, durationMs: 300 });
    expect(valid.data.ticket).toEqual(expect.any(String));
    expect((await s.call('/api/captchaEx/register', { scene: "x'; DROP TABLE members;--" })).code).toBe(Errors.VALIDATION.code);
  });
});

describe('need-safe verification', () => {
  const change = (token: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    s.call('/api/member/changePassword', { oldPassword: 'abc12345', password: 'next12345', ...extra }, { token, headers });

  it('[S4-05] a call demanding verification answers need-safe with type and scene, and goes through with the ticket merged in', async () => {
    const m = await s.member();
    const need = await change(m.token);
    expect(need).toEqual(
      expect.objectContaining({ code: Errors.NEED_SAFE.code, data: { verifyType: 'slider', scene: 'changePassword' }, msg: Errors.NEED_SAFE.msg }),
    );
    const ticket = await solveSlider(s, 'changePassword');
    expect((await change(m.token, { verifyTicket: ticket })).code).toBe(0);
  });

  it('[S4-06] an empty, reused, foreign-scene or expired ticket is asked for again and changes nothing', async () => {
    shiftToMorning(); // the shift below must not meet 22:00, which ends every session
    const m = await s.member();
    expect((await change(m.token, { verifyTicket: '' })).code).toBe(Errors.NEED_SAFE.code);
    expect((await change(m.token, { verifyTicket: 'made-up-ticket' })).code).toBe(Errors.NEED_SAFE.code);
    const foreign = await solveSlider(s, 'withdraw');
    expect((await change(m.token, { verifyTicket: foreign })).code).toBe(Errors.NEED_SAFE.code);
    const siteTwo = await solveSlider(s, 'changePassword', { 'x-site-id': '2' });
    expect((await change(m.token, { verifyTicket: siteTwo })).code).toBe(Errors.NEED_SAFE.code);
    const stale = await solveSlider(s, 'changePassword');
    clock.shift(VERIFY_TICKET_TTL_MS + 1_000);
    expect((await change(m.token, { verifyTicket: stale })).code).toBe(Errors.NEED_SAFE.code);
    clock.reset();
    // Nothing changed: the old password still logs in.
    const relog = await s.call('/api/member/login/v3', { name: m.name, password: 'abc12345' });
    expect(relog.code).toBe(0);
    const ticket = await solveSlider(s, 'changePassword');
    expect((await change(relog.data.token, {}, { 'x-verify-ticket': ticket })).code).toBe(0);
    const again = await s.call('/api/member/login/v3', { name: m.name, password: 'next12345' });
    expect((await change(again.data.token, { oldPassword: 'next12345', password: 'third1234', verifyTicket: ticket })).code).toBe(Errors.NEED_SAFE.code);
  });
});

describe('the robot check', () => {
  it('[S7-10] gw/ic/verify trades a ticket of scene ic for an rqiab header token, by GET or POST, once', async () => {
    const ticket = await solveSlider(s, 'ic');
    const res = await s.inject({ method: 'GET', url: `/api/gw/ic/verify?ticket=${ticket}` });
    expect(res.json()).toMatchObject({ code: 0, data: { expireAt: expect.any(Number) } });
    expect(res.headers[RQIAB_HEADER]).toMatch(/^[\w-]{32}$/);
    expect((await s.inject({ method: 'GET', url: `/api/gw/ic/verify?ticket=${ticket}` })).json().code).toBe(10409);
    const posted = await s.call('/api/gw/ic/verify', { ticket: await solveSlider(s, 'ic') });
    expect(posted.headers[RQIAB_HEADER]).toEqual(expect.any(String));
    const wrongScene = await s.call('/api/gw/ic/verify', { ticket: await solveSlider(s, 'login') });
    expect(wrongScene.code).toBe(10409);
    expect(wrongScene.headers[RQIAB_HEADER]).toBeUndefined();
  });

  it('codes beyond send_code_free_times from one IP need the rqiab pass', async () => {
    await setConfig(s.deps.db, 1, 'send_code_free_times', '1');
    try {
      const ip = { 'x-forwarded-for': '198.51.100.23' };
      const m = await s.member();
      const send = (phone: string, extra: Record<string, string> = {}) =>
        s.call('/api/member/sendCode', { type: 'sms', scene: 'bind', phone }, { token: m.token, headers: { ...ip, ...extra } });
      expect((await send('13500135001')).code).toBe(0);
      const robot = await send('13500135002');
      expect(robot).toMatchObject({ code: Errors.ROBOT_CHECK.code, data: { verifyType: 'slider', scene: 'ic' } });
      expect((await send('13500135002', { [RQIAB_HEADER]: 'forged' })).code).toBe(Errors.ROBOT_CHECK.code);
      const pass = await s.call('/api/gw/ic/verify', { ticket: await solveSlider(s, 'ic') });
      const token = pass.headers[RQIAB_HEADER] as string;
      expect((await send('13500135002', { [RQIAB_HEADER]: token })).code).toBe(0);
      expect((await send('13500135003', { [RQIAB_HEADER]: token })).code).toBe(0);
      expect(
        (
          await s.call(
            '/api/member/sendCode',
            { type: 'sms', scene: 'bind', phone: '13500135004' },
            { token: m.token, headers: { 'x-forwarded-for': '198.51.100.24' } },
          )
        ).code,
      ).toBe(0);
    } finally {
      await setConfig(s.deps.db, 1, 'send_code_free_times', null);
    }
  });
});

describe('vvm', () => {
  it('[S7-10] /api/v2/vvm answers how the site verifies, in plain JSON even to a sealed request', async () => {
    await setConfig(s.deps.db, 1, 'login_verify_type', 'slider');
    try {
      const plain = await s.inject({ method: 'GET', url: '/api/v2/vvm' });
      expect(plain.json().data).toEqual({
        verifyType: 'slider',
        loginVerifyType: 'slider',
        loginVerifyTriggerTimes: 3,
        sliderTolerancePx: 5,
        sliderMinDragMs: 200,
        ticketTtlMs: 120_000,
      });
      const timestamp = String(clock.now());
      const raw = sealBody({}, timestamp);
      const headers = { 'content-type': 'application/json', ...signedHeaders('POST', '/api/v2/vvm', raw, { timestamp }) };
      const sealed = await s.inject({ method: 'POST', url: '/api/v2/vvm', payload: raw, headers });
      expect(sealed.json()).toMatchObject({ code: 0, data: { loginVerifyType: 'slider' } });
      // The same sealed request to another call is answered sealed.
      const raw2 = sealBody({ name: 'nobody01' }, timestamp);
      const other = await s.inject({
        method: 'POST',
        url: '/api/member/isMemberSleep',
        payload: raw2,
        headers: { 'content-type': 'application/json', ...signedHeaders('POST', '/api/member/isMemberSleep', raw2, { timestamp }) },
      });
      expect(openAnswer(other.body, timestamp)).toMatchObject({ code: 0, data: { sleep: false } });
    } finally {
      await setConfig(s.deps.db, 1, 'login_verify_type', null);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { operatorCall } from '../admin/testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const decide = (memberId: number, approve: boolean) => operatorCall(s, '/api/admin/agent/decide', { memberId, approve });

describe('agents', () => {
  it('[S6-03] a member applies (joinUs), waits, is approved, and as an agent sees the members their invite code brought (isAgent)', async () => {
    const m = await s.member();
    const before = (await s.call('/api/member/agent/isAgent', {}, { token: m.token })).data;
    expect(before).toMatchObject({ isAgent: false, application: null, referrals: null });
    expect(before.inviteCode).toMatch(/\w{4,}/);

    const applied = await s.call('/api/member/agent/joinUs', { contact: 'telegram @agent_m', note: '有推广渠道' }, { token: m.token });
    expect(applied.data).toMatchObject({ isAgent: false, application: { status: 'pending' } });
    // One open application: a second, even two at once, is refused.
    const twice = await Promise.all([
      s.call('/api/member/agent/joinUs', { contact: 'qq 12345' }, { token: m.token }),
      s.call('/api/member/agent/joinUs', { contact: 'qq 12345' }, { token: m.token }),
    ]);
    expect(twice.map((r) => r.code)).toEqual([Errors.AGENT_PENDING.code, Errors.AGENT_PENDING.code]);

    const forged = await s.call('/api/admin/agent/decide', { memberId: m.memberId, approve: true }, { token: m.token });
    expect([forged.status, forged.code]).toEqual([401, Errors.OPERATOR_AUTH.code]);
    expect((await decide(m.memberId, true)).data).toEqual({ memberId: m.memberId, isAgent: true });
    expect((await decide(m.memberId, true)).code).toBe(Errors.AGENT_NO_APPLICATION.code);
    expect((await s.call('/api/member/agent/joinUs', { contact: 'again' }, { token: m.token })).code).toBe(Errors.AGENT_ALREADY.code);

    // Two members register with the agent's invite code.
    for (const name of ['ref1' + Date.now().toString(36), 'ref2' + Date.now().toString(36)]) {
      expect((await s.call('/api/member/register/v4', { name, password: 'abc12345', i_code: before.inviteCode })).code).toBe(0);
    }
    expect((await s.call('/api/member/agent/isAgent', {}, { token: m.token })).data).toMatchObject({
      isAgent: true,
      application: { status: 'approved' },
      referrals: 2,
    });
  });

  it('[S6-03] a rejected member may apply again; contactUs answers the site’s agent team to visitors too', async () => {
    const m = await s.member();
    await s.call('/api/member/agent/joinUs', { contact: '13800138000' }, { token: m.token });
    expect((await decide(m.memberId, false)).data).toEqual({ memberId: m.memberId, isAgent: false });
    expect((await s.call('/api/member/agent/isAgent', {}, { token: m.token })).data.application.status).toBe('rejected');
    expect((await s.call('/api/member/agent/joinUs', { contact: '13800138000' }, { token: m.token })).data.application.status).toBe('pending');

    const contacts = await s.call('/api/member/agent/contactUs', {});
    expect(contacts.data.channels).toEqual([
      { kind: 'Telegram', value: '@sandbox_agent_team' },
      { kind: 'QQ', value: '800 800 8888' },
      { kind: '邮箱', value: 'agent@example.com' },
    ]);
  });

  it('refuses bad input and visitors, changing nothing', async () => {
    const m = await s.member();
    for (const bad of [{}, { contact: 'x' }, { contact: 'x'.repeat(65) }, { contact: 42 }, { contact: 'ok contact', note: 'n'.repeat(501) }]) {
      expect((await s.call('/api/member/agent/joinUs', bad, { token: m.token })).code, JSON.stringify(bad)).toBe(Errors.VALIDATION.code);
    }
    expect((await s.call('/api/member/agent/joinUs', { contact: 'visitor' })).code).toBe(Errors.AUTH_INVALID.code);
    expect((await decide(m.memberId, true)).code).toBe(Errors.AGENT_NO_APPLICATION.code);
    expect((await s.call('/api/member/agent/isAgent', {}, { token: m.token })).data).toMatchObject({ isAgent: false, application: null });
  });
});

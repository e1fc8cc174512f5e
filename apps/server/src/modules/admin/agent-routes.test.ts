import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, OPERATOR_ROLES, ROLE_PERMISSIONS } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signInOperator } from './testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('agents in the back office', () => {
  it('[admin] a finance operator finds the pending application, approves it, and sees the members the agent then brings', async () => {
    const applicant = await s.member();
    expect((await s.call('/api/member/agent/joinUs', { contact: 'telegram @agent_e2e', note: '有推广渠道' }, { token: applicant.token })).code).toBe(0);
    const finance = await signInOperator(s, ['finance']);
    const call = (url: string, body: object) => s.call(url, body, { headers: finance.headers });

    const pending = (await call('/api/admin/agent/applications', { status: 'pending' })).data.list;
    expect(pending[0]).toMatchObject({
      memberId: applicant.memberId,
      memberName: applicant.name,
      siteId: 1,
      contact: 'telegram @agent_e2e',
      status: 'pending',
    });
    expect((await call('/api/admin/agent/decide', { memberId: applicant.memberId, approve: true })).data).toEqual({
      memberId: applicant.memberId,
      isAgent: true,
    });
    const [decided] = (await call('/api/admin/agent/applications', { siteId: 1 })).data.list;
    expect(decided).toMatchObject({ memberId: applicant.memberId, status: 'approved', decidedAt: expect.any(Number) });

    const { inviteCode } = (await s.call('/api/member/agent/isAgent', {}, { token: applicant.token })).data;
    const brought = await s.inject({
      method: 'POST',
      url: '/api/member/register/v4',
      payload: { name: 'agentkid01', password: 'abc12345', i_code: inviteCode },
    });
    expect(brought.json().code).toBe(0);
    const members = (await call('/api/admin/agent/members', { memberId: applicant.memberId })).data;
    expect(members).toMatchObject({
      agent: { memberId: applicant.memberId, isAgent: true, inviteCode },
      total: 1,
      list: [{ name: 'agentkid01', vipLevel: 0 }],
    });
  });

  it('[admin] roles without agent.manage and another site’s operator are refused; bad input has its code', async () => {
    const member = await s.member();
    const lacking = OPERATOR_ROLES.filter((role) => !ROLE_PERMISSIONS[role].includes('agent.manage'));
    for (const role of lacking) {
      const { headers } = await signInOperator(s, [role]);
      for (const [url, body] of [
        ['/api/admin/agent/applications', {}],
        ['/api/admin/agent/members', { memberId: member.memberId }],
      ] as const) {
        const res = await s.call(url, body, { headers });
        expect([res.status, res.code], `${url} as ${role}`).toEqual([403, Errors.OPERATOR_FORBIDDEN.code]);
      }
    }
    const other = await signInOperator(s, ['finance'], [2]);
    expect((await s.call('/api/admin/agent/members', { memberId: member.memberId }, { headers: other.headers })).code).toBe(
      Errors.OPERATOR_SITE_FORBIDDEN.code,
    );
    expect((await s.call('/api/admin/agent/applications', { siteId: 1 }, { headers: other.headers })).code).toBe(Errors.OPERATOR_SITE_FORBIDDEN.code);
    const mine = (await s.call('/api/admin/agent/applications', {}, { headers: other.headers })).data.list;
    expect(mine.every((a: { siteId: number }) => a.siteId === 2)).toBe(true);
    const finance = await signInOperator(s, ['finance']);
    expect((await s.call('/api/admin/agent/applications', { status: 'maybe' }, { headers: finance.headers })).code).toBe(Errors.VALIDATION.code);
    expect((await s.call('/api/admin/agent/members', { memberId: 999_999_999 }, { headers: finance.headers })).code).toBe(Errors.MEMBER_NOT_FOUND.code);
  });
});

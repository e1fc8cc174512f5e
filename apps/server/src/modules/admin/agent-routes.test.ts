import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, OPERATOR_ROLES, ROLE_PERMISSIONS, shanghaiDay } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { caller, newKey } from '../wallet/testing.ts';
import { agentWithMember, signInOperator, superAdmin } from './testing.ts';
import { baccaratRound } from '../tables/testing.ts';
import { shanghaiMonth } from './agent-commission.ts';

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

  it('[admin] commission per agent and Shanghai month: their members’ turnover, GGR, NGR and the rate’s share of a positive NGR, as computed by hand', async () => {
    const admin = await superAdmin(s);
    const call = (url: string, body: object) => s.call(url, body, { headers: admin.headers });
    const agent = await s.member();
    expect((await s.call('/api/member/agent/joinUs', { contact: 'qq 10001' }, { token: agent.token })).code).toBe(0);
    expect((await call('/api/admin/agent/decide', { memberId: agent.memberId, approve: true })).code).toBe(0);
    const { inviteCode } = (await s.call('/api/member/agent/isAgent', {}, { token: agent.token })).data;
    let stakes = 0;
    let payouts = 0;
    for (const name of [`cm${Date.now().toString(36)}a`, `cm${Date.now().toString(36)}b`]) {
      const kid = await s.call('/api/member/register/v4', { name, password: 'abc12345', i_code: inviteCode });
      expect(kid.code, kid.msg).toBe(0);
      await caller(s).fund(kid.data.token, 200);
      for (let i = 0; i < 4; i++) {
        const round = await s.call('/api/originals/dice/play', { amount: 12.5, target: 90, condition: 'over' }, { token: kid.data.token, key: newKey() });
        expect(round.code, round.msg).toBe(0);
        stakes += 12.5;
        payouts += round.data.payout;
      }
    }
    const month = shanghaiDay(clock.now()).slice(0, 7);
    const rowOf = async () =>
      (await call('/api/admin/agent/commission', { month, siteId: 1 })).data.rows.find((r: { agentId: number }) => r.agentId === agent.memberId);
    const ggr = Math.round((stakes - payouts) * 100) / 100;
    expect(await rowOf()).toEqual({
      agentId: agent.memberId,
      agentName: agent.name,
      siteId: 1,
      currency: 'CNY',
      members: 2,
      newMembers: 2,
      bets: 8,
      turnover: 100,
      ggr,
      bonuses: 0,
      rebates: 0,
      ngr: ggr,
      carried: 0,
      commissionNgr: ggr,
      rate: null,
      commission: 0,
    });

    expect((await call('/api/admin/agent/rate', { memberId: agent.memberId, rate: 12.5 })).data).toEqual({ memberId: agent.memberId, rate: 12.5 });
    // 12.5% of a positive NGR, rounded down to the cent; nothing on a month the house lost.
    const commission = ggr > 0 ? Math.floor(Math.round(ggr * 100) * 0.125) / 100 : 0;
    expect(await rowOf()).toMatchObject({ rate: 12.5, ngr: ggr, commission });
    const [entry] = (await call('/api/admin/audit/list', { page: 1, size: 1, action: 'agent.rate', target: `member:${agent.memberId}` })).data.list;
    expect(entry).toMatchObject({ before: { rate: null }, after: { rate: 12.5 }, operatorId: admin.operatorId });

    // Last month: no play of theirs.
    const [monthStart] = shanghaiMonth(month);
    const previous = shanghaiDay(monthStart.getTime() - 1).slice(0, 7);
    const earlier = (await call('/api/admin/agent/commission', { month: previous, siteId: 1 })).data.rows.find(
      (r: { agentId: number }) => r.agentId === agent.memberId,
    );
    expect(earlier).toMatchObject({ bets: 0, turnover: 0, ngr: 0, commission: 0, rate: 12.5 });
  });

  it('[admin] a month the house lost to an agent’s members is carried on: the next month’s commission is on the NGR after paying it off, and nothing is carried further', async () => {
    const { agent, member } = await agentWithMember(s);
    const admin = await superAdmin(s);
    const commission = async (month: string) =>
      (await s.call('/api/admin/agent/commission', { month, siteId: 1 }, { headers: admin.headers })).data.rows.find(
        (r: { agentId: number }) => r.agentId === agent.memberId,
      );
    expect((await s.call('/api/admin/agent/rate', { memberId: agent.memberId, rate: 10 }, { headers: admin.headers })).code).toBe(0);
    await caller(s).fund(member.token, 5000);
    // Banker bets at AG's table until the member has won one and lost one (a tie pays the stake back).
    const rounds: Array<{ roundId: string; ggr: number }> = [];
    while (!(rounds.some((r) => r.ggr < 0) && rounds.some((r) => r.ggr > 0))) {
      const r = await baccaratRound(s, member, 100);
      rounds.push({ roundId: r.roundId, ggr: Math.round((r.stake - r.payout) * 100) / 100 });
    }
    const won = rounds.find((r) => r.ggr < 0)!;
    const lost = rounds.find((r) => r.ggr > 0)!;
    // Three months ago the member won, two months ago lost; the agent has been one for four months.
    const db = s.deps.database;
    await db.query(`UPDATE agent_applications SET decided_at = decided_at - interval '4 months' WHERE member_id = $1`, [agent.memberId]);
    await db.query(`UPDATE game_rounds SET settled_at = settled_at - interval '3 months' WHERE round_id = $1`, [won.roundId]);
    await db.query(`UPDATE game_rounds SET settled_at = settled_at - interval '2 months' WHERE round_id = $1`, [lost.roundId]);
    const months = await db.query<{ m: string }>(
      `SELECT to_char(((settled_at AT TIME ZONE 'UTC') + interval '8 hours'), 'YYYY-MM') AS m FROM game_rounds WHERE round_id IN ($1, $2) ORDER BY settled_at`,
      [won.roundId, lost.roundId],
    );
    const [lossMonth, winMonth] = months.map((r) => r.m);
    const current = shanghaiDay(clock.now()).slice(0, 7);

    expect(await commission(lossMonth)).toMatchObject({ ngr: won.ggr, carried: 0, commissionNgr: won.ggr, commission: 0 });
    const base = Math.round((won.ggr + lost.ggr) * 100) / 100;
    expect(await commission(winMonth)).toMatchObject({
      ngr: lost.ggr,
      carried: won.ggr,
      commissionNgr: base,
      commission: base > 0 ? Math.floor(Math.round(base * 100) * 0.1) / 100 : 0,
    });
    const afterwards = await commission(current);
    expect(afterwards).toMatchObject({ carried: base < 0 ? base : 0, newMembers: 1, members: 1 });
    expect(afterwards.commissionNgr).toBe(Math.round((afterwards.ngr + afterwards.carried) * 100) / 100);
  });

  it('[admin] a rate outside 0–100, with three decimals, or for a member who is not an agent is refused and nothing is recorded; a bad month too', async () => {
    const admin = await superAdmin(s);
    const member = await s.member();
    const call = (url: string, body: object) => s.call(url, body, { headers: admin.headers });
    for (const rate of [-1, 100.5, 12.345])
      expect((await call('/api/admin/agent/rate', { memberId: member.memberId, rate })).code, `${rate}`).toBe(Errors.VALIDATION.code);
    const refused = await call('/api/admin/agent/rate', { memberId: member.memberId, rate: 10 });
    expect([refused.code, refused.msg]).toEqual([Errors.AGENT_NOT_AGENT.code, Errors.AGENT_NOT_AGENT.msg]);
    expect((await call('/api/admin/audit/list', { page: 1, size: 1, action: 'agent.rate', target: `member:${member.memberId}` })).data.total).toBe(0);
    for (const month of ['2026-13', '2026-1', '2026-01-01'])
      expect((await call('/api/admin/agent/commission', { month })).code, month).toBe(Errors.VALIDATION.code);
    const cs = await signInOperator(s, ['cs']);
    expect((await s.call('/api/admin/agent/commission', { month: '2026-01' }, { headers: cs.headers })).status).toBe(403);
  });
});

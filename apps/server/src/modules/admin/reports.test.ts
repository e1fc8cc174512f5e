import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, Errors, shanghaiDay } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { caller, newKey } from '../wallet/testing.ts';
import { signInOperator, superAdmin, type SignedIn } from './testing.ts';

/** Reports by day, site, venue and agent, from the same ledger figures as the dashboard. */

let s: TestServer;
let finance: SignedIn;
beforeAll(async () => {
  s = await startTestServer();
  finance = await signInOperator(s, ['finance']);
});
afterAll(() => s.close());

const today = () => shanghaiDay(clock.now());
const report = (body: object, op: SignedIn = finance) => s.call('/api/admin/report', body, { headers: op.headers });
type Row = { key: string; label: string; currency: string; bets: number; turnover: number; ggr: number; ngr: number; deposits: number; payouts: number };

/** An agent (applied, approved by an operator) and a member who registered with the agent's invite code. */
async function agentWithMember() {
  const agent = await s.member();
  expect((await s.call('/api/member/agent/joinUs', { contact: 'telegram @agent' }, { token: agent.token })).code).toBe(0);
  const decided = await s.call('/api/admin/agent/decide', { memberId: agent.memberId, approve: true }, { headers: (await superAdmin(s)).headers });
  expect(decided.code, decided.msg).toBe(0);
  const [{ own_invite_code: code }] = await s.deps.database.query<{ own_invite_code: string }>(
    `SELECT own_invite_code FROM members WHERE member_id = ${agent.memberId}`,
  );
  const name = `ag${Date.now().toString(36)}`;
  const registered = await s.call('/api/member/register/v4', { name, password: 'abc12345', i_code: code });
  expect(registered.code, registered.msg).toBe(0);
  return { agent, member: { token: registered.data.token as string, memberId: registered.data.memberId as number } };
}

describe('reports', () => {
  it('[admin] by agent: the agent’s members’ deposits, bets, turnover, payouts, GGR and NGR; by venue the originals’ row; by day the dashboard’s own figures', async () => {
    const { agent, member } = await agentWithMember();
    await caller(s).fund(member.token, 1000);
    let payouts = 0;
    for (let i = 0; i < 3; i++) {
      const round = await s.call('/api/originals/dice/play', { amount: 10, target: 50, condition: 'over' }, { token: member.token, key: newKey() });
      expect(round.code, round.msg).toBe(0);
      payouts += round.data.payout;
    }
    const day = today();
    const byAgent = await report({ groupBy: 'agent', from: day, to: day, siteId: 1 });
    expect(byAgent.code, byAgent.msg).toBe(0);
    const row = byAgent.data.rows.find((r: Row) => r.key.startsWith(`${agent.memberId}:`));
    const ggr = Math.round((30 - payouts) * 100) / 100;
    expect(row).toMatchObject({ label: agent.name, currency: 'CNY', deposits: 1000, bets: 3, turnover: 30, ggr, ngr: ggr, bonuses: 0, rebates: 0 });
    expect(byAgent.data.rows.some((r: Row) => r.label === '无代理（直属会员）')).toBe(true);

    const byVenue = await report({ groupBy: 'venue', from: day, to: day, siteId: 1 });
    const venues = new Map(byVenue.data.rows.map((r: Row) => [r.key, r]));
    expect((venues.get('originals') as Row).label).toBe('原创游戏');
    expect((venues.get('originals') as Row).bets).toBeGreaterThanOrEqual(3);
    expect((venues.get('') as Row).deposits).toBeGreaterThanOrEqual(1000);

    const from = shanghaiDay(clock.now() - 2 * DAY_MS);
    const byDay = await report({ groupBy: 'day', from, to: day, siteId: 1 });
    expect(byDay.data.rows.map((r: Row) => r.key)).toEqual([from, shanghaiDay(clock.now() - DAY_MS), day]);
    const dashboard = await s.call('/api/admin/dashboard', { siteId: 1, days: 3 }, { headers: finance.headers });
    const last = byDay.data.rows.at(-1);
    expect({ ggr: last.ggr, ngr: last.ngr, deposits: last.deposits, bets: last.bets }).toEqual({
      ggr: dashboard.data.days.at(-1).ggr,
      ngr: dashboard.data.days.at(-1).ngr,
      deposits: dashboard.data.days.at(-1).deposits,
      bets: dashboard.data.days.at(-1).bets,
    });
  });

  it('[admin] by site: each site in its own currency, only the operator’s sites; another site’s report is refused', async () => {
    const usdt = await s.member({ siteId: 2 });
    const paid = await s.call(
      '/api/wallet/pay/payVal',
      { payTypeId: await caller(s).sandboxPayType(usdt.token, { 'x-site-id': '2' }), amount: 50 },
      {
        token: usdt.token,
        key: newKey(),
        headers: { 'x-site-id': '2' },
      },
    );
    expect(paid.code, paid.msg).toBe(0);
    const day = today();
    const all = await report({ groupBy: 'site', from: day, to: day });
    const bySite = new Map(all.data.rows.map((r: Row) => [r.key, r]));
    expect(bySite.get('2')).toMatchObject({ currency: 'USDT' });
    expect((bySite.get('2') as Row).deposits).toBeGreaterThanOrEqual(50);

    const siteTwo = await signInOperator(s, ['finance'], [2]);
    const own = await report({ groupBy: 'site', from: day, to: day }, siteTwo);
    expect(own.data.rows.map((r: Row) => r.key)).toEqual(['2']);
    const refused = await report({ groupBy: 'day', from: day, to: day, siteId: 1 }, siteTwo);
    expect([refused.status, refused.code]).toEqual([403, Errors.OPERATOR_SITE_FORBIDDEN.code]);
  });

  it('[admin] closed days are rolled up once, even by reports asking at once, and read back as they were counted', async () => {
    const [from, to] = [shanghaiDay(clock.now() - 20 * DAY_MS), today()];
    const closed = () => s.deps.database.query<{ n: number }>('SELECT count(*)::int AS n FROM wallet_report_days_closed');
    const before = (await closed())[0].n;
    const [a, b] = await Promise.all([report({ groupBy: 'venue', from, to }), report({ groupBy: 'venue', from, to })]);
    expect(a.code, a.msg).toBe(0);
    expect(b.data).toEqual(a.data);
    expect((await closed())[0].n - before).toBeLessThanOrEqual(20);
    const [{ n: days }] = await s.deps.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM wallet_report_days_closed WHERE day >= '${from}' AND day < '${to}'`,
    );
    expect(days).toBe(20);
    expect((await report({ groupBy: 'venue', from, to })).data).toEqual(a.data);
  });

  it('[admin] a range ending before it starts, a day that does not exist, or over 366 days is refused; cs may not read reports', async () => {
    for (const [from, to] of [
      ['2026-03-02', '2026-03-01'],
      ['2026-02-31', '2026-03-01'],
      ['2024-01-01', '2026-01-01'],
    ]) {
      const res = await report({ groupBy: 'day', from, to });
      expect([res.code, res.msg], `${from}..${to}`).toEqual([Errors.REPORT_RANGE_INVALID.code, Errors.REPORT_RANGE_INVALID.msg]);
    }
    expect((await report({ groupBy: 'week', from: '2026-03-01', to: '2026-03-02' })).code).toBe(Errors.VALIDATION.code);
    const cs = await report({ groupBy: 'day', from: '2026-03-01', to: '2026-03-02' }, await signInOperator(s, ['cs']));
    expect([cs.status, cs.code]).toEqual([403, Errors.OPERATOR_FORBIDDEN.code]);
  });
});

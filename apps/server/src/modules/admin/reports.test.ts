import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, Errors, reportCsv, shanghaiDay } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { caller, newKey } from '../wallet/testing.ts';
import { baccaratRound } from '../tables/testing.ts';
import { agentWithMember, signInOperator, type SignedIn } from './testing.ts';

/** Reports by day, site, venue and agent, from the same ledger figures as the dashboard. */

let s: TestServer;
let finance: SignedIn;
beforeAll(async () => {
  s = await startTestServer();
  finance = await signInOperator(s, ['finance']);
});
afterAll(() => s.close());

const today = () => shanghaiDay(clock.now());
/**
 * Yesterday and today: the days a test's money falls on. The database's clock stamps the money and
 * the server's (moved ahead by the table rounds) names today, so a test run across midnight finds
 * its rows on one side or the other.
 */
const twoDays = () => ({ from: shanghaiDay(clock.now() - DAY_MS), to: today() });
const shanghaiDate = (column: string) => `to_char((((${column}) AT TIME ZONE 'UTC') + interval '8 hours')::date, 'YYYY-MM-DD')`;
const sum = (rows: Row[], key: 'ggr' | 'turnover') => Math.round(rows.reduce((total, r) => total + r[key], 0) * 100) / 100;
const report = (body: object, op: SignedIn = finance) => s.call('/api/admin/report', body, { headers: op.headers });
type Row = { key: string; label: string; currency: string; bets: number; turnover: number; ggr: number; ngr: number; deposits: number; payouts: number };

const FIGURES = [
  { key: 'bets', title: '注单数' },
  { key: 'turnover', title: '投注额' },
  { key: 'payouts', title: '派彩' },
  { key: 'ggr', title: 'GGR' },
] as const;

describe('reports', () => {
  it('[admin] every venue’s games: a live table’s rounds by venue (AG) beside the originals and the sportsbook; by agent and by day the whole GGR; the CSV says the same', async () => {
    const { agent, member } = await agentWithMember(s);
    await caller(s).fund(member.token, 1000);
    const dice = await s.call('/api/originals/dice/play', { amount: 10, target: 50, condition: 'over' }, { token: member.token, key: newKey() });
    expect(dice.code, dice.msg).toBe(0);
    const table = await baccaratRound(s, member, 100);
    const days = twoDays();

    const byVenue = await report({ groupBy: 'venue', ...days, siteId: 1 });
    expect(byVenue.code, byVenue.msg).toBe(0);
    // Every AG round of the days (other tests' too), from the game records.
    const [ag] = await s.deps.database.query<{ n: unknown; stakes: unknown; payouts: unknown }>(
      `SELECT count(*) AS n, sum(stake_minor) AS stakes, sum(payout_minor) AS payouts FROM game_rounds
       WHERE api_name = 'AG' AND status = 'settled' AND site_id = 1 AND ${shanghaiDate('settled_at')} BETWEEN '${days.from}' AND '${days.to}'`,
    );
    const agRow = byVenue.data.rows.find((r: Row) => r.key === 'AG');
    expect(agRow).toMatchObject({
      label: 'AG真人',
      currency: 'CNY',
      bets: Number(ag.n),
      turnover: Number(ag.stakes) / 100,
      payouts: Number(ag.payouts) / 100,
      ggr: (Number(ag.stakes) - Number(ag.payouts)) / 100,
    });
    expect(byVenue.data.rows.find((r: Row) => r.key === 'originals')).toBeDefined();

    // The agent's member alone: one dice roll (ledger) and one table round (AG's book).
    const byAgent = await report({ groupBy: 'agent', ...days, siteId: 1 });
    const mine = byAgent.data.rows.find((r: Row) => r.key.startsWith(`${agent.memberId}:`));
    const ggr = Math.round((10 - dice.data.payout + table.stake - table.payout) * 100) / 100;
    expect(mine).toMatchObject({ bets: 2, turnover: 110, ggr, ngr: ggr, deposits: 1000 });

    // By day: the sum of the venues, the dashboard alike.
    const byDay = await report({ groupBy: 'day', ...days, siteId: 1 });
    const total = (key: 'ggr' | 'turnover') => sum(byVenue.data.rows, key);
    expect({ ggr: sum(byDay.data.rows, 'ggr'), turnover: sum(byDay.data.rows, 'turnover') }).toEqual({ ggr: total('ggr'), turnover: total('turnover') });
    const dashboard = await s.call('/api/admin/dashboard', { siteId: 1, days: 2 }, { headers: finance.headers });
    expect(sum(dashboard.data.days, 'ggr')).toBe(total('ggr'));

    const csv = reportCsv(byVenue.data.rows as Row[], '场馆', [...FIGURES]).split('\r\n');
    expect(csv[0]).toBe('\uFEFF场馆,币种,注单数,投注额,派彩,GGR');
    expect(csv).toContain(`AG真人,CNY,${agRow.bets},${agRow.turnover},${agRow.payouts},${agRow.ggr}`);

    // A closed day is rolled up with its tables' rounds too.
    await s.deps.database.query(`UPDATE game_rounds SET settled_at = settled_at - interval '3 days' WHERE round_id = $1`, [table.roundId]);
    const [{ day: closedDay }] = await s.deps.database.query<{ day: string }>(
      `SELECT ${shanghaiDate('settled_at')} AS day FROM game_rounds WHERE round_id = $1`,
      [table.roundId],
    );
    const closed = await report({ groupBy: 'venue', from: closedDay, to: closedDay, siteId: 1 });
    expect(closed.data.rows.find((r: Row) => r.key === 'AG')).toMatchObject({ bets: 1, turnover: table.stake, payouts: table.payout });
    const [{ n: rolled }] = await s.deps.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM wallet_report_days WHERE day = '${closedDay}' AND venue = 'AG'`,
    );
    expect(rolled).toBe(1);
  });

  it('[admin] by agent: the agent’s members’ deposits, bets, turnover, payouts, GGR and NGR; by venue the originals’ row; by day the dashboard’s own figures', async () => {
    const { agent, member } = await agentWithMember(s);
    await caller(s).fund(member.token, 1000);
    let payouts = 0;
    for (let i = 0; i < 3; i++) {
      const round = await s.call('/api/originals/dice/play', { amount: 10, target: 50, condition: 'over' }, { token: member.token, key: newKey() });
      expect(round.code, round.msg).toBe(0);
      payouts += round.data.payout;
    }
    const day = today();
    const byAgent = await report({ groupBy: 'agent', ...twoDays(), siteId: 1 });
    expect(byAgent.code, byAgent.msg).toBe(0);
    const row = byAgent.data.rows.find((r: Row) => r.key.startsWith(`${agent.memberId}:`));
    const ggr = Math.round((30 - payouts) * 100) / 100;
    expect(row).toMatchObject({ label: agent.name, currency: 'CNY', deposits: 1000, bets: 3, turnover: 30, ggr, ngr: ggr, bonuses: 0, rebates: 0 });
    expect(byAgent.data.rows.some((r: Row) => r.label === '无代理（直属会员）')).toBe(true);

    const byVenue = await report({ groupBy: 'venue', ...twoDays(), siteId: 1 });
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
    const all = await report({ groupBy: 'site', ...twoDays() });
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
    // A day closes ten minutes after it ends by the database's clock: just after midnight, yesterday is still open.
    const [{ open }] = await s.deps.database.query<{ open: string }>(`SELECT ${shanghaiDate("now() - interval '10 minutes'")} AS open`);
    expect(days).toBe(Math.round((Date.parse(open < to ? open : to) - Date.parse(from)) / DAY_MS));
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

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@bp/contract';
import type { TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { expectLedgerSound, newKey } from '../wallet/testing.ts';
import { finish, fund, mainBalance, scriptMatch, setPrices, startBookServer, FOOTBALL_MARKETS, type Member } from '../sports/testing.ts';
import { signInOperator, superAdmin, type SignedIn } from './testing.ts';

let s: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  s = await startBookServer();
  admin = await superAdmin(s);
});
afterEach(() => clock.reset());
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const as = (url: string, body: object, who: SignedIn = admin) => s.call(url, body, { headers: who.headers });
const HOME_ODDS = 2.1;

async function bettor(amountMinor = 100_000n): Promise<Member> {
  const m = await s.member();
  await fund(s, m.memberId, amountMinor);
  return m;
}
const bet = (m: Member, selectionId: number, stake: number, odds: number) =>
  s.call('/api/sports/bet/place', { type: 'single', stake, selections: [{ selectionId, odds }] }, { token: m.token, key: newKey() });
async function placed(m: Member, selectionId: number, stake: number, odds: number): Promise<string> {
  const res = await bet(m, selectionId, stake, odds);
  expect(res.code, res.msg).toBe(0);
  return res.data.orderId as string;
}
const betRow = async (orderId: string) =>
  (
    await s.deps.db.execute(
      sql`SELECT status, payout_minor::text AS payout, settlement_no, recovery_due_minor::text AS due FROM sports_bets WHERE order_id = ${orderId}`,
    )
  ).rows[0] as { status: string; payout: string; settlement_no: number; due: string };
const payouts = async (orderId: string) =>
  (await s.deps.db.execute(sql`SELECT kind, amount_minor::text AS amount FROM wallet_transfers WHERE ref LIKE ${`bet:${orderId}%`} ORDER BY transfer_id`))
    .rows as Array<{ kind: string; amount: string }>;
const marketOf = async (selectionId: number) =>
  Number(
    ((await s.deps.db.execute(sql`SELECT market_id FROM sports_selections WHERE selection_id = ${selectionId}`)).rows[0] as { market_id: unknown }).market_id,
  );
/** Matches start a minute from now; kick-off passes two minutes on (well within the operators' idle time). */
const soon = () => scriptMatch(s, { startInMs: 60_000 });
const kickOff = () => clock.shift(2 * 60_000);

describe('the sportsbook desk', () => {
  it('[admin] a suspended market or fixture refuses members’ bets with MARKET_SUSPENDED, the feed cannot reopen it, reopening takes bets; each audited', async () => {
    const m = await bettor();
    const match = await scriptMatch(s);
    const home = await match.sel('1x2', 'home');
    const over = await match.sel('ou', 'over');
    const market = await marketOf(home);

    expect((await as('/api/admin/sports/market/hold', { marketId: market, held: true })).data).toEqual({ held: true, markets: 1 });
    expect((await bet(m, home, 100, HOME_ODDS)).code).toBe(Errors.MARKET_SUSPENDED.code);
    await setPrices(s, match, FOOTBALL_MARKETS());
    expect((await bet(m, home, 100, HOME_ODDS)).code).toBe(Errors.MARKET_SUSPENDED.code);
    expect((await bet(m, over, 100, 1.85)).code).toBe(0);

    expect((await as('/api/admin/sports/market/hold', { marketId: market, held: false })).code).toBe(0);
    expect((await bet(m, home, 100, HOME_ODDS)).code).toBe(0);

    const held = await as('/api/admin/sports/match/hold', { matchId: match.matchId, held: true });
    expect(held.data.held).toBe(true);
    expect(held.data.markets).toBeGreaterThanOrEqual(5);
    await setPrices(s, match, FOOTBALL_MARKETS());
    for (const selectionId of [home, over]) expect((await bet(m, selectionId, 100, 1.85)).code).toBe(Errors.MARKET_SUSPENDED.code);
    const detail = await s.call('/api/sports/match/detail', { matchId: match.matchId });
    expect(new Set(detail.data.markets.map((mk: { status: string }) => mk.status))).toEqual(new Set(['suspended']));
    expect((await as('/api/admin/sports/match/hold', { matchId: match.matchId, held: false })).code).toBe(0);
    expect((await bet(m, over, 100, 1.85)).code).toBe(0);

    const log = await as('/api/admin/audit/list', { target: `match:${match.matchId}` });
    expect(log.data.list.map((e: { action: string }) => e.action)).toEqual(['sports.match.hold', 'sports.match.hold']);
    expect(log.data.list[1]).toMatchObject({ before: { held: false }, after: { held: true } });
    const marketLog = await as('/api/admin/audit/list', { target: `market:${market}` });
    expect(marketLog.data.list[1]).toMatchObject({ action: 'sports.market.hold', before: { held: false }, after: { held: true, status: 'suspended' } });
  });

  it('[admin] the desk lists fixtures by sport and status, and shows each selection’s open stakes, payouts and liability on the site', async () => {
    const [a, b] = [await bettor(), await bettor()];
    const match = await scriptMatch(s, { home: '利物浦', visit: '阿森纳' });
    const home = await match.sel('1x2', 'home');
    const draw = await match.sel('1x2', 'draw');
    await placed(a, home, 100, HOME_ODDS);
    await placed(b, home, 50, HOME_ODDS);
    await placed(b, draw, 50, 3.3);

    const list = await as('/api/admin/sports/fixture/list', { sport: 'football', status: 'scheduled', keyword: '利物浦', size: 50 });
    expect(list.data.list.find((f: { matchId: number }) => f.matchId === match.matchId)).toMatchObject({ homeName: '利物浦', openBets: 3, settled: false });
    expect((await as('/api/admin/sports/fixture/list', { sport: 'basketball', keyword: '利物浦' })).data.total).toBe(0);

    const board = (await as('/api/admin/sports/fixture/markets', { matchId: match.matchId, siteId: 1 })).data;
    expect(board.currency).toBe('CNY');
    const x12 = board.markets.find((mk: { kind: string }) => mk.kind === '1x2');
    expect(
      x12.selections.map((sel: { name: string; bets: number; stakes: number; potentialPayout: number; liability: number }) => [
        sel.name,
        sel.bets,
        sel.stakes,
        sel.potentialPayout,
        sel.liability,
      ]),
    ).toEqual([
      ['利物浦', 2, 150, 315, 165],
      ['和局', 1, 50, 165, 115],
      ['阿森纳', 0, 0, 0, 0],
    ]);
    // The worst outcome for the house: the home side wins, 315 paid against 200 staked.
    expect(x12).toMatchObject({ stakes: 200, worstCase: 115 });
    // Another site's desk sees none of these bets.
    const usdt = (await as('/api/admin/sports/fixture/markets', { matchId: match.matchId, siteId: 2 })).data;
    expect(usdt.markets.find((mk: { kind: string }) => mk.kind === '1x2').stakes).toBe(0);
  });

  it('[admin] a result entered by hand settles once though two operators send it together; the feed’s later result is ignored; the member sees the bet settled', async () => {
    const m = await bettor(10_000n);
    const match = await soon();
    const orderId = await placed(m, await match.sel('1x2', 'home'), 50, HOME_ODDS);
    expect((await as('/api/admin/sports/match/result', { matchId: match.matchId, homeScore: 2, visitScore: 1 })).code).toBe(Errors.DESK_MATCH_NOT_STARTED.code);
    kickOff();

    const trader = await signInOperator(s, ['trader']);
    const both = await Promise.all([
      as('/api/admin/sports/match/result', { matchId: match.matchId, homeScore: 2, visitScore: 1 }),
      as('/api/admin/sports/match/result', { matchId: match.matchId, homeScore: 2, visitScore: 1 }, trader),
    ]);
    expect(both.map((r) => r.code)).toEqual([0, 0]);
    expect(both.map((r) => r.data.settled).sort()).toEqual([0, 1]);
    expect(await payouts(orderId)).toEqual([
      { kind: 'bet.stake', amount: '5000' },
      { kind: 'bet.payout', amount: '10500' },
    ]);
    expect(await mainBalance(s, m.memberId)).toBe(10_000n - 5000n + 10_500n);

    // The feed reports another score afterwards: the operator's result stands.
    await finish(s, match, { homeScore: 0, visitScore: 3 });
    expect(await betRow(orderId)).toMatchObject({ status: 'won', settlement_no: 1 });
    const records = await s.call('/api/sports/bet/records', { page: 1, size: 5 }, { token: m.token });
    expect(records.data.list[0]).toMatchObject({ orderId, status: 'won', payout: 105 });
    // A different result needs a reason.
    expect((await as('/api/admin/sports/match/result', { matchId: match.matchId, homeScore: 0, visitScore: 0 })).code).toBe(Errors.DESK_RESULT_REASON.code);
    const fixture = (await as('/api/admin/sports/fixture/markets', { matchId: match.matchId, siteId: 1 })).data.fixture;
    expect(fixture).toMatchObject({ status: 'finished', resultByOperator: true, settled: true, result: { homeScore: 2, visitScore: 1 } });
  });

  it('[admin] voiding a market returns stakes once; resettling it takes the refunds back and pays on the result; the ledger stays sound', async () => {
    const m = await bettor(10_000n);
    const match = await soon();
    const home = await match.sel('1x2', 'home');
    const visit = await match.sel('1x2', 'visit');
    const market = await marketOf(home);
    const won = await placed(m, home, 40, HOME_ODDS);
    const lost = await placed(m, visit, 20, 3.4);
    const other = await placed(m, await match.sel('ou', 'over'), 10, 1.85);

    const voids = await Promise.all([
      as('/api/admin/sports/market/void', { marketId: market, reason: '赔率错误' }),
      as('/api/admin/sports/market/void', { marketId: market, reason: '赔率错误' }),
    ]);
    expect(voids.map((r) => r.code).sort()).toEqual([0, Errors.DESK_MARKET_VOIDED.code]);
    expect(voids.find((r) => r.code === 0)!.data).toMatchObject({ settled: 2, failed: 0, recoveryDue: [] });
    expect(await betRow(won)).toMatchObject({ status: 'void', payout: '4000', settlement_no: 1 });
    expect(await betRow(other)).toMatchObject({ status: 'pending' });
    expect(await mainBalance(s, m.memberId)).toBe(10_000n - 1000n);
    expect((await bet(m, home, 10, HOME_ODDS)).code).toBe(Errors.MARKET_CLOSED.code);

    expect((await as('/api/admin/sports/market/resettle', { marketId: market, reason: '赔率无误' })).code).toBe(Errors.DESK_NO_RESULT.code);
    kickOff();
    const settled = await as('/api/admin/sports/match/result', { matchId: match.matchId, homeScore: 1, visitScore: 0 });
    expect(settled.data.settled).toBe(1);
    const resettled = await as('/api/admin/sports/market/resettle', { marketId: market, reason: '赔率无误' });
    expect(resettled.data).toMatchObject({ settled: 2, recoveryDue: [] });
    expect((await as('/api/admin/sports/market/resettle', { marketId: market, reason: '再来一次' })).code).toBe(Errors.DESK_MARKET_NOT_VOIDED.code);
    expect(await betRow(won)).toMatchObject({ status: 'won', payout: '8400', settlement_no: 2 });
    expect(await betRow(lost)).toMatchObject({ status: 'lost', payout: '0', settlement_no: 2 });
    expect((await payouts(lost)).map((t) => t.kind)).toEqual(['bet.stake', 'bet.payout', 'bet.payout.reversal']);
    // 100 funded, 70 staked, 84 won on home, the over 2.5 lost on 1-0.
    expect(await mainBalance(s, m.memberId)).toBe(10_000n - 7000n + 8400n);
    await expectLedgerSound(s);
    const log = await as('/api/admin/audit/list', { target: `market:${market}` });
    expect(log.data.list.map((e: { action: string }) => e.action)).toEqual(['sports.market.resettle', 'sports.market.void']);
    expect(log.data.list[1]).toMatchObject({ before: { void_reason: null }, after: { reason: '赔率错误' } });
  });

  it('[admin] a correction that would take back winnings a member already moved away is refused (nothing changes); accepted, it records the debt and no balance goes negative', async () => {
    const m = await bettor(10_000n);
    const match = await soon();
    const orderId = await placed(m, await match.sel('1x2', 'home'), 100, HOME_ODDS);
    kickOff();
    expect((await as('/api/admin/sports/match/result', { matchId: match.matchId, homeScore: 3, visitScore: 0 })).data.settled).toBe(1);
    // The member moves the winnings away (to a game venue).
    const moved = await s.call('/api/wallet/transfer', { api_name: 'PG', amount: 200, transfer_out: false }, { token: m.token, key: newKey() });
    expect(moved.code, moved.msg).toBe(0);
    expect(await mainBalance(s, m.memberId)).toBe(1000n);

    const correction = { matchId: match.matchId, homeScore: 0, visitScore: 1, reason: '比分录入错误' };
    const refused = await as('/api/admin/sports/match/result', correction);
    expect(refused.code).toBe(Errors.DESK_RESETTLE_SHORT.code);
    expect(refused.data.members).toEqual([{ memberId: m.memberId, currency: 'CNY', short: 200 }]);
    expect(await betRow(orderId)).toMatchObject({ status: 'won', settlement_no: 1 });
    expect((await as('/api/admin/sports/fixture/markets', { matchId: match.matchId, siteId: 1 })).data.fixture.result).toMatchObject({ homeScore: 3 });

    const accepted = await as('/api/admin/sports/match/result', { ...correction, acceptDebt: true });
    expect(accepted.data).toEqual({ settled: 1, failed: 0, recoveryDue: [{ orderId, memberId: m.memberId, amount: 200 }] });
    expect(await betRow(orderId)).toMatchObject({ status: 'lost', settlement_no: 2, due: '20000' });
    expect(await mainBalance(s, m.memberId)).toBe(0n);
    await expectLedgerSound(s);
  });

  it('[admin] roles: a trader trades and settles, risk only reads, finance sees nothing; an operator of one site cannot change the shared book', async () => {
    const match = await scriptMatch(s);
    const market = await marketOf(await match.sel('1x2', 'home'));
    const [trader, risk, finance, siteTrader] = [
      await signInOperator(s, ['trader']),
      await signInOperator(s, ['risk']),
      await signInOperator(s, ['finance']),
      await signInOperator(s, ['trader'], [1]),
    ];
    const hold = { marketId: market, held: true };
    expect((await as('/api/admin/sports/fixture/list', {}, risk)).code).toBe(0);
    expect((await as('/api/admin/sports/fixture/list', {}, finance)).code).toBe(Errors.OPERATOR_FORBIDDEN.code);
    expect((await as('/api/admin/sports/market/hold', hold, risk)).code).toBe(Errors.OPERATOR_FORBIDDEN.code);
    expect((await as('/api/admin/sports/market/void', { marketId: market, reason: 'x' }, risk)).code).toBe(Errors.OPERATOR_FORBIDDEN.code);
    const scoped = await as('/api/admin/sports/market/hold', hold, siteTrader);
    expect([scoped.status, scoped.code]).toEqual([403, Errors.DESK_BOOK_SCOPE.code]);
    expect((await as('/api/admin/sports/fixture/markets', { matchId: match.matchId, siteId: 2 }, siteTrader)).code).toBe(Errors.OPERATOR_SITE_FORBIDDEN.code);
    expect((await as('/api/admin/sports/market/hold', hold, trader)).code).toBe(0);
    expect((await as('/api/admin/sports/market/void', { marketId: market, reason: '' }, trader)).code).toBe(Errors.VALIDATION.code);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors, type BetPlaceBody } from '@bp/contract';
import { type TestServer } from '../../../test/harness.ts';
import { AppError } from '../../../platform/http/index.ts';
import { expectLedgerSound } from '../../wallet/testing.ts';
import { currentVenues } from '../book/venues.ts';
import { placeBet, placeBets, type BetOrder } from './place-bet.ts';
import { FOOTBALL_MARKETS, fund, idemKey, mainBalance, priced, scriptMatch, setPrices, startBookServer, type Member } from '../testing.ts';

/**
 * The batched bet path (issue 18): many members' bets in one transaction, each answered alone.
 * The route's own tests (place-bet.test.ts and the rest) run through it too.
 */
let s: TestServer;
beforeAll(async () => (s = await startBookServer()));
afterAll(() => s.close());

async function funded(amountMinor = 100_000n): Promise<Member> {
  const m = await s.member();
  await fund(s, m.memberId, amountMinor);
  return m;
}

const ROUTE = '/api/sports/bet/place';
async function orderOf(m: Member, body: BetPlaceBody, key = idemKey()): Promise<BetOrder> {
  return {
    p: {
      owner: { memberId: m.memberId, siteId: 1, currency: 'CNY' },
      idempotencyKey: { key, route: ROUTE },
      inPlayDelayMs: 0,
      venues: await currentVenues(s.deps.db, 1),
    },
    body,
  };
}
const single = (selectionId: number, stake: number, odds = 2.1): BetPlaceBody => ({ type: 'single', stake, selections: [{ selectionId, odds }] });
const stakesOf = async (memberId: number) =>
  (
    await s.deps.db.execute(sql`
    SELECT count(*)::int AS bets, coalesce(sum(t.amount_minor), 0)::text AS staked
    FROM sports_bets b JOIN wallet_transfers t ON t.kind = 'bet.stake' AND t.ref = 'bet:' || b.order_id WHERE b.member_id = ${memberId}`)
  ).rows[0];
const codeOf = (outcome: { ok: boolean; error?: unknown }) => (outcome.ok ? 0 : (outcome.error as AppError).code);

describe('a batch of bets', () => {
  it('[issue 18] answers each bet alone: a short balance, a suspended market, a worse price and a repeated key fail or answer beside the bets taken', async () => {
    const match = await scriptMatch(s);
    const home = await match.sel('1x2', 'home');
    const over = await match.sel('ou', 'over');
    const [rich, poor, late, picky, again] = await Promise.all([funded(), funded(5_000n), funded(), funded(), funded()]);
    const first = await orderOf(again, single(home, 10));
    expect((await placeBet(s.deps.db, first.p, first.body)).placed.orderId).toMatch(/^SB/);
    const repeated = { ...first };
    // The total-goals market suspended: a bet on it is refused, the others go on.
    await setPrices(s, match, [...FOOTBALL_MARKETS().filter((mk) => mk.kind !== 'ou'), priced('ou', [1.9, 1.9], { line: 2.5, status: 'suspended' })]);
    const orders = [
      await orderOf(rich, single(home, 100)),
      await orderOf(poor, single(home, 100)),
      await orderOf(late, single(over, 10, 1.9)),
      await orderOf(picky, single(home, 10, 2.5)),
      repeated,
    ];
    const outcomes = await placeBets(s.deps.db, orders);
    expect(outcomes.map(codeOf)).toEqual([0, Errors.INSUFFICIENT_BALANCE.code, Errors.MARKET_SUSPENDED.code, Errors.ODDS_CHANGED.code, 0]);
    expect(outcomes[4]).toMatchObject({ ok: true, value: { placed: { orderId: (await placeBet(s.deps.db, first.p, first.body)).placed.orderId } } });
    expect(await stakesOf(rich.memberId)).toEqual({ bets: 1, staked: '10000' });
    for (const m of [poor, late, picky]) expect(await stakesOf(m.memberId)).toEqual({ bets: 0, staked: '0' });
    expect(await stakesOf(again.memberId)).toEqual({ bets: 1, staked: '1000' });
    expect(await mainBalance(s, poor.memberId)).toBe(5_000n);

    // A refused bet's key is free again: the same key with money behind it is taken.
    await fund(s, poor.memberId, 10_000n);
    const retried = await placeBets(s.deps.db, [orders[1]]);
    expect(retried.map(codeOf)).toEqual([0]);
    expect(await stakesOf(poor.memberId)).toEqual({ bets: 1, staked: '10000' });
    // So are the keys of bets refused by their checks, sent again together: the market open again, the price taken as it is now.
    await setPrices(s, match, [...FOOTBALL_MARKETS().filter((mk) => mk.kind !== 'ou'), priced('ou', [1.9, 1.9], { line: 2.5 })]);
    const checkedAgain = await placeBets(s.deps.db, [orders[2], { ...orders[3], body: single(home, 10) }]);
    expect(checkedAgain.map(codeOf)).toEqual([0, 0]);
    expect(await stakesOf(picky.memberId)).toEqual({ bets: 1, staked: '1000' });
    expect(await stakesOf(late.memberId)).toEqual({ bets: 1, staked: '1000' });
    await expectLedgerSound(s);
  });

  it('[issue 18] takes members’ bets sent together in shared transactions, each once, and a member’s own bets one batch after another', async () => {
    const match = await scriptMatch(s);
    const home = await match.sel('1x2', 'home');
    const members = await Promise.all(Array.from({ length: 24 }, () => funded(2_500n)));
    // Each member sends three bets of 10.00 at once with money for two.
    const answers = await Promise.all(
      members.flatMap((m) => [0, 1, 2].map(() => s.call('/api/sports/bet/place', single(home, 10), { token: m.token, key: idemKey() }))),
    );
    const tally: Record<string, number> = {};
    for (const a of answers) tally[`${a.code} ${a.msg}`] = (tally[`${a.code} ${a.msg}`] ?? 0) + 1;
    expect(tally).toEqual({ '0 success': 48, [`${Errors.INSUFFICIENT_BALANCE.code} ${Errors.INSUFFICIENT_BALANCE.msg}`]: 24 });
    for (const m of members) {
      expect(await stakesOf(m.memberId)).toEqual({ bets: 2, staked: '2000' });
      expect(await mainBalance(s, m.memberId)).toBe(500n);
    }
    // Rows written by one transaction share its id: fewer transactions than bets means batches.
    const { rows } = await s.deps.db.execute(sql`
      SELECT count(DISTINCT xmin::text)::int AS transactions, count(*)::int AS bets FROM sports_bets
      WHERE member_id IN (${sql.join(
        members.map((m) => sql`${m.memberId}`),
        sql`, `,
      )})`);
    const { transactions, bets } = rows[0] as { transactions: number; bets: number };
    expect(bets).toBe(48);
    expect(transactions).toBeLessThan(bets);
    await expectLedgerSound(s);
  });

  it('[issue 18] a repeated key sent while its first is in the same burst moves money once', async () => {
    const match = await scriptMatch(s);
    const home = await match.sel('1x2', 'home');
    const members = await Promise.all(Array.from({ length: 8 }, () => funded(50_000n)));
    const keys = members.map(() => idemKey());
    const answers = await Promise.all(
      members.flatMap((m, i) => [0, 1, 2].map(() => s.call('/api/sports/bet/place', single(home, 10), { token: m.token, key: keys[i] }))),
    );
    for (const [i, m] of members.entries()) {
      const mine = answers.slice(i * 3, i * 3 + 3);
      expect(new Set(mine.map((a) => JSON.stringify({ code: a.code, data: a.data }))).size).toBe(1);
      expect(mine[0].code).toBe(0);
      expect(await stakesOf(m.memberId)).toEqual({ bets: 1, staked: '1000' });
    }
    await expectLedgerSound(s);
  });
});

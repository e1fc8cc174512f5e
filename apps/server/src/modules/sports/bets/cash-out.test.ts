import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@bp/contract';
import { type TestServer } from '../../../test/harness.ts';
import { settleDueMatches } from '../settle/settle-match.ts';
import { finish, fund, idemKey, mainBalance, priced, scriptMatch, setPrices, startBookServer, type Member } from '../testing.ts';

let s: TestServer;
beforeAll(async () => (s = await startBookServer()));
afterAll(() => s.close());
const offerOf = async (m: Member, orderId: string) =>
  (await s.call('/api/sports/bet/records', { page: 1, size: 50 }, { token: m.token })).data.list.find((b: { orderId: string }) => b.orderId === orderId)
    .cashOut;

async function pendingSingle() {
  const m = await s.member();
  await fund(s, m.memberId, 100_000n);
  const match = await scriptMatch(s, { markets: [priced('1x2', [2.0, 3.3, 3.4])] });
  const id = await match.sel('1x2', 'home');
  const placed = await s.call(
    '/api/sports/bet/place',
    { type: 'single', stake: 100, selections: [{ selectionId: id, odds: 2.0 }] },
    { token: m.token, key: idemKey() },
  );
  return { m, match, orderId: placed.data.orderId as string };
}

describe('cash out', () => {
  it('offers the stake times the price taken over the price now, less the margin, and pays it once', async () => {
    const { m, match, orderId } = await pendingSingle();
    // 100 x 2.00 / 1.60 x 0.95 = 118.75
    await setPrices(s, match, [priced('1x2', [1.6, 3.8, 5.0])]);
    expect(await offerOf(m, orderId)).toBe(118.75);
    const key = idemKey();
    const done = await s.call('/api/sports/bet/cashout', { orderId, cashOutAmount: 118.75 }, { token: m.token, key });
    expect(done.data).toEqual({ orderId, status: 'cashed_out', payout: 118.75 });
    expect(await mainBalance(s, m.memberId)).toBe(100_000n - 10_000n + 11_875n);
    expect((await s.call('/api/sports/bet/cashout', { orderId, cashOutAmount: 118.75 }, { token: m.token, key })).data).toEqual(done.data);
    expect((await s.call('/api/sports/bet/cashout', { orderId }, { token: m.token, key: idemKey() })).code).toBe(Errors.CASHOUT_UNAVAILABLE.code);
    expect(await mainBalance(s, m.memberId)).toBe(100_000n - 10_000n + 11_875n);
    // The result later settles nothing on a cashed-out bet.
    await finish(s, match, { homeScore: 1, visitScore: 0 });
    await settleDueMatches(s.deps);
    const row = await s.deps.db.execute(sql`SELECT status, payout_minor::text AS payout FROM sports_bets WHERE order_id = ${orderId}`);
    expect(row.rows[0]).toEqual({ status: 'cashed_out', payout: '11875' });
    expect(await mainBalance(s, m.memberId)).toBe(100_000n - 10_000n + 11_875n);
  });

  it('refuses while the market is suspended, and with the new offer when it dropped below the amount seen', async () => {
    const { m, match, orderId } = await pendingSingle();
    await setPrices(s, match, [priced('1x2', [2.5, 3.0, 3.0], { status: 'suspended' })]);
    expect(await offerOf(m, orderId)).toBeNull();
    expect((await s.call('/api/sports/bet/cashout', { orderId }, { token: m.token, key: idemKey() })).code).toBe(Errors.MARKET_SUSPENDED.code);
    await setPrices(s, match, [priced('1x2', [2.5, 3.0, 3.0])]);
    // 100 x 2 / 2.5 x 0.95 = 76
    const changed = await s.call('/api/sports/bet/cashout', { orderId, cashOutAmount: 80 }, { token: m.token, key: idemKey() });
    expect(changed.code).toBe(Errors.CASHOUT_CHANGED.code);
    expect(changed.data).toEqual({ cashOut: 76 });
    expect(await mainBalance(s, m.memberId)).toBe(90_000n);
  });

  it('refuses parlays, settled bets, and bets of someone else', async () => {
    const { m, orderId } = await pendingSingle();
    const other = await s.member();
    expect((await s.call('/api/sports/bet/cashout', { orderId }, { token: other.token, key: idemKey() })).code).toBe(Errors.BET_NOT_FOUND.code);
    const [a, b] = [await scriptMatch(s), await scriptMatch(s)];
    const parlay = await s.call(
      '/api/sports/bet/place',
      {
        type: 'parlay',
        stake: 50,
        selections: [
          { selectionId: await a.sel('1x2', 'home'), odds: 2.1 },
          { selectionId: await b.sel('1x2', 'home'), odds: 2.1 },
        ],
      },
      { token: m.token, key: idemKey() },
    );
    expect((await s.call('/api/sports/bet/cashout', { orderId: parlay.data.orderId }, { token: m.token, key: idemKey() })).code).toBe(
      Errors.CASHOUT_UNAVAILABLE.code,
    );
    expect(await offerOf(m, parlay.data.orderId)).toBeNull();
  });
});

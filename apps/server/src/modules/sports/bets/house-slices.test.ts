import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type TestServer } from '../../../test/harness.ts';
import { setConfig } from '../../site/index.ts';
import { auditLedger, HOUSE_SLICES, houseAccount, memberAccount, postTransfer, walletOwner } from '../../wallet/index.ts';
import { settleDueMatches } from '../settle/settle-match.ts';
import { confirmDueBets } from './confirm.ts';
import { returnStake, takeBackPayout } from './ledger.ts';
import { FOOTBALL_MARKETS, finish, fund, goLive, idemKey, priced, scriptMatch, setPrices, startBookServer, type Member } from '../testing.ts';

let s: TestServer;
beforeAll(async () => (s = await startBookServer()));
afterAll(() => s.close());
const single = (m: Member, selectionId: number, odds: number) =>
  s.call('/api/sports/bet/place', { type: 'single', stake: 100, selections: [{ selectionId, odds }] }, { token: m.token, key: idemKey() });

/** A bet's movements, oldest first, with the keys of the accounts on either side. */
const moves = async (orderId: string) =>
  (
    await s.deps.db.execute(sql`
      SELECT t.kind, f.account_key AS "from", d.account_key AS "to"
      FROM wallet_transfers t JOIN wallet_accounts f ON f.account_id = t.from_account JOIN wallet_accounts d ON d.account_id = t.to_account
      WHERE t.ref = ${`bet:${orderId}`} OR t.ref LIKE ${`bet:${orderId}:%`} ORDER BY t.transfer_id`)
  ).rows;

async function funded(): Promise<{ m: Member; main: string; payouts: string }> {
  const m = await s.member();
  await fund(s, m.memberId, 100_000n);
  return { m, main: `member:${m.memberId}:main`, payouts: `house:1:CNY:payouts:${m.memberId % HOUSE_SLICES}` };
}

/** The slice of the house's stakes account a bet's stake went to. */
const stakeSlice = async (orderId: string) => (await moves(orderId)).find((t) => t.kind === 'bet.stake')!.to as string;

describe('the house side of bets is a slice of each house account', () => {
  it("stakes post to a slice of the stakes account, payouts, their reversal and cash outs to the member's slice of payouts; no house row is shared by every bet", async () => {
    const { m, main, payouts } = await funded();
    const match = await scriptMatch(s);
    const won = (await single(m, await match.sel('1x2', 'home'), 2.1)).data.orderId;
    const cashed = (await single(m, await (await scriptMatch(s)).sel('1x2', 'home'), 2.1)).data.orderId;
    expect((await s.call('/api/sports/bet/cashout', { orderId: cashed }, { token: m.token, key: idemKey() })).code).toBe(0);
    await finish(s, match, { homeScore: 1, visitScore: 0 });
    await settleDueMatches(s.deps);
    // A corrected result takes the payout back to where it came from.
    await finish(s, match, { homeScore: 0, visitScore: 1 });
    await settleDueMatches(s.deps);
    const stakes = await stakeSlice(won);
    expect(stakes).toMatch(/^house:1:CNY:stakes:\d+$/);
    expect(await moves(won)).toEqual([
      { kind: 'bet.stake', from: main, to: stakes },
      { kind: 'bet.payout', from: payouts, to: main },
      { kind: 'bet.payout.reversal', from: main, to: payouts },
    ]);
    expect(await moves(cashed)).toEqual([
      { kind: 'bet.stake', from: main, to: await stakeSlice(cashed) },
      { kind: 'bet.cashout', from: payouts, to: main },
    ]);
  });

  it('[issue 18] batches one after another take their stakes to different slices: two in flight never wait on one house row', async () => {
    const { m } = await funded();
    const match = await scriptMatch(s);
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) orders.push((await single(m, await match.sel('1x2', 'home'), 2.1)).data.orderId);
    const slices = await Promise.all(orders.map(stakeSlice));
    expect(new Set(slices).size).toBe(3);
    expect((await auditLedger(s.deps.db)).ok).toBe(true);
  });

  it('returns the stake of a bet rejected after its in-play delay from the slice it went to', async () => {
    await setConfig(s.deps.db, 1, 'sports_inplay_delay_ms', '200');
    try {
      const { m, main } = await funded();
      const match = await scriptMatch(s, { markets: FOOTBALL_MARKETS() });
      await goLive(s, match);
      const held = await single(m, await match.sel('btts', 'yes'), 1.8);
      expect(held.data.status).toBe('pending_delay');
      await setPrices(s, match, [priced('btts', [1.6, 2.2])]);
      await new Promise((r) => setTimeout(r, 250));
      expect(await confirmDueBets(s.deps, m.memberId)).toBe(1);
      const stakes = await stakeSlice(held.data.orderId);
      expect(await moves(held.data.orderId)).toEqual([
        { kind: 'bet.stake', from: main, to: stakes },
        { kind: 'bet.refund', from: stakes, to: main },
      ]);
    } finally {
      await setConfig(s.deps.db, 1, 'sports_inplay_delay_ms', '0');
    }
  });

  it('sends back what was posted on the whole house account (before slices) to that same account', async () => {
    const { m, main } = await funded();
    const owner = walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId);
    const orderId = `SBEARLIER${m.memberId}`;
    await s.deps.db.transaction(async (tx) => {
      const wallet = await memberAccount(tx, owner);
      await postTransfer(tx, { from: wallet, to: await houseAccount(tx, 1, 'CNY', 'stakes'), amountMinor: 1_000n, kind: 'bet.stake', ref: `bet:${orderId}` });
      await postTransfer(tx, {
        from: await houseAccount(tx, 1, 'CNY', 'payouts'),
        to: wallet,
        amountMinor: 2_500n,
        kind: 'bet.payout',
        ref: `bet:${orderId}:1`,
      });
    });
    await s.deps.db.transaction(async (tx) => {
      await returnStake(tx, orderId);
      expect(await takeBackPayout(tx, orderId, 1)).toBe(0n);
      // Settlement 2 paid nothing: nothing to take back.
      expect(await takeBackPayout(tx, orderId, 2)).toBe(0n);
    });
    expect(await moves(orderId)).toEqual([
      { kind: 'bet.stake', from: main, to: 'house:1:CNY:stakes' },
      { kind: 'bet.payout', from: 'house:1:CNY:payouts', to: main },
      { kind: 'bet.refund', from: 'house:1:CNY:stakes', to: main },
      { kind: 'bet.payout.reversal', from: main, to: 'house:1:CNY:payouts' },
    ]);
    expect((await auditLedger(s.deps.db)).ok).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import type { TestServer } from '../../../test/harness.ts';
import { caller, expectLedgerSound } from '../../wallet/testing.ts';
import { fund, idemKey, scriptMatch, startBookServer, type Member } from '../testing.ts';
import { offerVenues } from '../../casino/testing.ts';
import { SandboxVenue, useVenueAdapter } from '../../venue/index.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startBookServer();
  w = caller(s);
  // A second venue to launch (the demo offers PG alone).
  await offerVenues(s.deps.db, 'BBIN');
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

/** A member with 1,000 at the PG venue and nothing in main, auto-transfer as asked. */
async function playedAtVenue(auto: boolean): Promise<Member> {
  const m = await s.member();
  await fund(s, m.memberId, 100_000n);
  expect((await s.call('/api/wallet/autoTransfer/set', { status: auto }, { token: m.token })).code).toBe(0);
  expect((await w.move('/api/wallet/transfer', { api_name: 'PG', amount: 1_000, transfer_out: false }, m.token)).code).toBe(0);
  return m;
}
/** `count` bets of 10 on one selection placed at once by the member: the refusals among them, as [code, msg]. */
async function refusalsOfBetsAtOnce(m: Member, count: number): Promise<unknown[][]> {
  const id = await (await scriptMatch(s)).sel('1x2', 'home');
  const body = { type: 'single', stake: 10, selections: [{ selectionId: id, odds: 2.1 }] };
  const answers = await Promise.all(Array.from({ length: count }, () => s.call('/api/sports/bet/place', body, { token: m.token, key: idemKey() })));
  return answers.map((a) => [a.code, a.msg]).filter(([code]) => code !== 0);
}
const pg = (balance: { venues: Array<{ api_name: string; balance: number }> }) => balance.venues.find((v) => v.api_name === 'PG')!.balance;

describe('免转钱包 (auto-transfer) brings venue money back when it is spent', () => {
  it('[S7-11] a bet with auto-transfer on takes its stake from what sits at the venue; a repeat of its key moves nothing again', async () => {
    const m = await playedAtVenue(true);
    const before = await w.balance(m.token);
    expect(before).toMatchObject({ main: 0, spendable: 1_000 });
    const id = await (await scriptMatch(s)).sel('1x2', 'home');
    const key = idemKey();
    const body = { type: 'single', stake: 10, selections: [{ selectionId: id, odds: 2.1 }] };
    const placed = await s.call('/api/sports/bet/place', body, { token: m.token, key });
    expect(placed.code, placed.msg).toBe(0);
    const after = await w.balance(m.token);
    expect(after).toMatchObject({ main: 990, spendable: 990 });
    expect(pg(after)).toBe(0);
    expect((await s.call('/api/sports/bet/place', body, { token: m.token, key })).data).toEqual(placed.data);
    expect(await w.balance(m.token)).toMatchObject({ main: 990 });
  });

  it('[S7-11] bets at once, each bringing the venue money back, bring it back once: every stake is taken, nothing is doubled', async () => {
    const m = await playedAtVenue(true);
    expect(await refusalsOfBetsAtOnce(m, 6)).toEqual([]);
    const after = await w.balance(m.token);
    expect(after).toMatchObject({ main: 940, spendable: 940 });
    expect(pg(after)).toBe(0);
    await expectLedgerSound(s);
  });

  it('[S7-11] bets at once while the venue is slow to pay out: each waits for the money to come back, none is refused', async () => {
    const m = await playedAtVenue(true);
    // The venue answers a withdrawal after 300 ms: the twins' gathers begin while the first's transfer out is under way.
    class SlowPayout extends SandboxVenue {
      override async withdraw(ref: string, memberId: number, amountMinor: bigint) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return super.withdraw(ref, memberId, amountMinor);
      }
    }
    useVenueAdapter(s.deps.db, new SlowPayout(s.deps.db, 'PG'));
    try {
      expect(await refusalsOfBetsAtOnce(m, 3)).toEqual([]);
      const after = await w.balance(m.token);
      expect(after).toMatchObject({ main: 970, spendable: 970 });
      expect(pg(after)).toBe(0);
    } finally {
      useVenueAdapter(s.deps.db, new SandboxVenue(s.deps.db, 'PG'));
    }
  });

  it('[S7-11] with auto-transfer off, venue money stays there: the bet is refused and spendable is main alone', async () => {
    const m = await playedAtVenue(false);
    expect(await w.balance(m.token)).toMatchObject({ main: 0, spendable: 0 });
    const id = await (await scriptMatch(s)).sel('1x2', 'home');
    const refused = await s.call(
      '/api/sports/bet/place',
      { type: 'single', stake: 10, selections: [{ selectionId: id, odds: 2.1 }] },
      { token: m.token, key: idemKey() },
    );
    expect(refused.code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    expect(pg(await w.balance(m.token))).toBe(1_000);
  });

  it('[S7-11] launching another venue first brings the money back from the one played before, then moves it all in', async () => {
    const m = await playedAtVenue(true);
    const launched = await w.move('/api/game/venue/launch', { venueEnName: 'BBIN' }, m.token);
    expect(launched.code, launched.msg).toBe(0);
    expect(launched.data.transferred).toBe(1_000);
    const balance = await w.balance(m.token);
    expect(balance).toMatchObject({ main: 0, spendable: 1_000 });
    expect(pg(balance)).toBe(0);
    expect(balance.venues.find((v: { api_name: string }) => v.api_name === 'BBIN').balance).toBe(1_000);
  });
});

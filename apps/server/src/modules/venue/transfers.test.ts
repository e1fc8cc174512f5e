import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { setOnce } from '../auth/index.ts';
import { setConfig } from '../site/index.ts';
import { caller, expectLedgerSound, luhnCard, newKey } from '../wallet/testing.ts';
import { SandboxVenue, reconcileVenueTransfers, useVenueAdapter, venueAdapter, type VenueAdapter } from './index.ts';
import { playAtVenue } from './testing.ts';
import { setVenueMaintenance } from './registry.ts';
import { beginFollow, beginTransfer, settle, settleFollow } from './phases.ts';
import { memberBalances, walletOwner } from '../wallet/index.ts';
import { offerVenues } from '../casino/testing.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
  await setConfig(s.deps.db, 1, 'withdraw_turnover_multiple', '0');
  // Transfers to every seeded venue, as once their products are built (the demo offers PG alone).
  await offerVenues(s.deps.db, 'AG', 'BBIN', 'KY', 'OBTY', 'IMTY');
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const transfer = (token: string, body: object, key = newKey()) => w.move('/api/wallet/transfer', body, token, key);
const sandbox = (apiName: string) => new SandboxVenue(s.deps.db, apiName);

/** The member's results at venues as our books have them: what the house slice paid them, less what it took. */
async function venueResults(memberId: number): Promise<bigint> {
  const { rows } = await s.deps.db.execute(sql`
    SELECT coalesce(sum(CASE WHEN v.account_id = t.to_account THEN t.amount_minor ELSE -t.amount_minor END), 0)::text AS net
    FROM wallet_transfers t JOIN wallet_accounts v ON v.account_id IN (t.from_account, t.to_account) AND v.member_id = ${memberId} AND v.kind = 'venue'
    WHERE t.kind = 'venue.result'`);
  return BigInt((rows[0] as { net: string }).net);
}

/** How many of the member's venue slots are taken (transfers or follows pending). */
async function slotsHeld(memberId: number): Promise<number> {
  const { rows } = await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM venue_transfers WHERE member_id = ${memberId} AND status = 'pending'`);
  return (rows[0] as { n: number }).n;
}

/** A venue that fails in one way, around the real sandbox books. */
function faulty(apiName: string, fault: 'unreachable' | 'crash-after-apply' | 'hang'): VenueAdapter {
  const real = sandbox(apiName);
  return {
    apiName,
    timeoutMs: 200,
    balance: (m) => real.balance(m),
    status: (ref) => real.status(ref),
    withdraw: (ref, m, a) => real.withdraw(ref, m, a),
    async deposit(ref, m, a) {
      if (fault === 'unreachable') throw new Error('ECONNRESET');
      if (fault === 'hang') return new Promise(() => undefined);
      await real.deposit(ref, m, a);
      throw new Error('connection lost after the venue applied it');
    },
  };
}

describe('transfers between the main wallet and a venue', () => {
  it('[S3-03] moves money in and out with api_name and transfer_out, both books agreeing', async () => {
    const m = await s.member();
    await w.fund(m.token, 1_000);
    const inbound = await transfer(m.token, { api_name: 'AG', amount: 300, transfer_out: false });
    expect(inbound.data).toEqual({ main: 700, venue: 300 });
    const outbound = await transfer(m.token, { api_name: 'AG', amount: 100.5, transfer_out: true });
    expect(outbound.data).toEqual({ main: 800.5, venue: 199.5 });
    expect(await sandbox('AG').balance(m.memberId)).toBe(19_950n);
    const balance = await w.balance(m.token);
    expect(balance).toMatchObject({ currency: 'CNY', main: 800.5, yeb: 0, frozen: 0 });
    // Every transfer venue (AG, BBIN, PG, KY, the sports venues, FISH): never ORIG nor a seamless provider, played from main.
    expect(balance.venues).toHaveLength(7);
    expect(balance.venues.find((v: { api_name: string }) => v.api_name === 'AG')).toMatchObject({ balance: 199.5, status: 0 });
  });

  it('[S5-07] refuses bad amounts, unknown or closed venues, and more than either side holds', async () => {
    const m = await s.member();
    await w.fund(m.token, 100);
    for (const amount of [0, -1, 1.001, '10'])
      expect((await transfer(m.token, { api_name: 'PG', amount, transfer_out: false })).code).toBe(Errors.VALIDATION.code);
    expect((await transfer(m.token, { api_name: 'PG', amount: 10, transfer_out: 'yes' })).code).toBe(Errors.VALIDATION.code);
    expect((await transfer(m.token, { api_name: 'NOPE', amount: 10, transfer_out: false })).code).toBe(Errors.VENUE_UNKNOWN.code);
    expect((await transfer(m.token, { api_name: 'PG', amount: 100.01, transfer_out: false })).code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    expect((await transfer(m.token, { api_name: 'PG', amount: 1, transfer_out: true })).code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    await setVenueMaintenance(s.deps.db, 'KY', true, '');
    expect((await transfer(m.token, { api_name: 'KY', amount: 10, transfer_out: false })).code).toBe(Errors.VENUE_UNAVAILABLE.code);
    await setVenueMaintenance(s.deps.db, 'KY', false, '');
    expect(await w.balance(m.token)).toMatchObject({ main: 100, frozen: 0 });
  });

  it('a repeated key moves money once; a concurrent twin waits or answers the same', async () => {
    const m = await s.member();
    await w.fund(m.token, 500);
    const key = newKey();
    const first = await transfer(m.token, { api_name: 'BBIN', amount: 100, transfer_out: false }, key);
    expect((await transfer(m.token, { api_name: 'BBIN', amount: 100, transfer_out: false }, key)).data).toEqual(first.data);
    expect((await transfer(m.token, { api_name: 'BBIN', amount: 200, transfer_out: false }, key)).code).toBe(Errors.IDEMPOTENCY_MISMATCH.code);
    const twins = await Promise.all([1, 2, 3, 4].map(() => transfer(m.token, { api_name: 'PG', amount: 50, transfer_out: false }, 'twin-transfer-1')));
    for (const t of twins) expect([0, Errors.IDEMPOTENCY_IN_FLIGHT.code]).toContain(t.code);
    expect(await w.balance(m.token)).toMatchObject({ main: 350, frozen: 0 });
    expect(await sandbox('PG').balance(m.memberId)).toBe(5_000n);
  });

  it("a member's result at the venue reaches the ledger when the money comes back", async () => {
    const m = await s.member();
    await w.fund(m.token, 200);
    await transfer(m.token, { api_name: 'OBTY', amount: 200, transfer_out: false });
    await playAtVenue(s.deps.db, 'OBTY', m.memberId, 5_000n);
    expect((await transfer(m.token, { api_name: 'OBTY', amount: 250, transfer_out: true })).data).toEqual({ main: 250, venue: 0 });
    await transfer(m.token, { api_name: 'OBTY', amount: 100, transfer_out: false });
    await playAtVenue(s.deps.db, 'OBTY', m.memberId, -6_000n);
    expect((await transfer(m.token, { api_name: 'OBTY', amount: 50, transfer_out: true })).code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    expect((await transfer(m.token, { api_name: 'OBTY', amount: 40, transfer_out: true })).data).toEqual({ main: 190, venue: 0 });
    await expectLedgerSound(s);
  });
});

describe('a transfer whose venue answer is lost is reconciled, never guessed', () => {
  it('venue unreachable between reserve and call: pending, then released back to main; the key is free again', async () => {
    const m = await s.member();
    await w.fund(m.token, 300);
    useVenueAdapter(s.deps.db, faulty('AG', 'unreachable'));
    try {
      const key = newKey();
      const res = await transfer(m.token, { api_name: 'AG', amount: 100, transfer_out: false }, key);
      expect(res.code).toBe(Errors.VENUE_PENDING.code);
      expect(await w.balance(m.token)).toMatchObject({ main: 200, frozen: 100 });
      const again = await transfer(m.token, { api_name: 'AG', amount: 100, transfer_out: false }, key);
      expect(again).toMatchObject({ status: 409, code: Errors.IDEMPOTENCY_IN_FLIGHT.code });
      expect((await reconcileVenueTransfers(s.deps.db, 0)).settled).toBeGreaterThanOrEqual(1);
      expect(await w.balance(m.token)).toMatchObject({ main: 300, frozen: 0 });
      useVenueAdapter(s.deps.db, sandbox('AG'));
      expect((await transfer(m.token, { api_name: 'AG', amount: 100, transfer_out: false }, key)).data).toEqual({ main: 200, venue: 100 });
    } finally {
      useVenueAdapter(s.deps.db, sandbox('AG'));
    }
  });

  it('crash after the venue applied it: committed to the venue wallet; the key then answers the result', async () => {
    const m = await s.member();
    await w.fund(m.token, 300);
    useVenueAdapter(s.deps.db, faulty('BBIN', 'crash-after-apply'));
    try {
      const key = newKey();
      expect((await transfer(m.token, { api_name: 'BBIN', amount: 120, transfer_out: false }, key)).code).toBe(Errors.VENUE_PENDING.code);
      await reconcileVenueTransfers(s.deps.db, 0);
      expect(await w.balance(m.token)).toMatchObject({ main: 180, frozen: 0 });
      expect(await sandbox('BBIN').balance(m.memberId)).toBe(12_000n);
      expect((await transfer(m.token, { api_name: 'BBIN', amount: 120, transfer_out: false }, key)).data).toEqual({ main: 180, venue: 120 });
    } finally {
      useVenueAdapter(s.deps.db, sandbox('BBIN'));
    }
  });

  it('a venue that hangs: the call times out, the reconciliation fences the ref and releases; a late arrival is refused', async () => {
    const m = await s.member();
    await w.fund(m.token, 300);
    useVenueAdapter(s.deps.db, faulty('KY', 'hang'));
    try {
      expect((await transfer(m.token, { api_name: 'KY', amount: 80, transfer_out: false })).code).toBe(Errors.VENUE_PENDING.code);
      const [{ ref }] = (await s.deps.db.execute(sql`SELECT ref FROM venue_transfers WHERE member_id = ${m.memberId}`)).rows as Array<{ ref: string }>;
      await reconcileVenueTransfers(s.deps.db, 0);
      expect(await w.balance(m.token)).toMatchObject({ main: 300, frozen: 0 });
      expect(await sandbox('KY').deposit(ref, m.memberId, 8_000n)).toMatchObject({ status: 'failed' });
      expect(await sandbox('KY').balance(m.memberId)).toBe(0n);
    } finally {
      useVenueAdapter(s.deps.db, sandbox('KY'));
    }
  });
});

describe('recover, auto-transfer, concurrency', () => {
  it('one-click recover sweeps every venue back to main, once per key', async () => {
    const m = await s.member();
    await w.fund(m.token, 600);
    for (const api_name of ['AG', 'PG', 'IMTY']) await transfer(m.token, { api_name, amount: 150, transfer_out: false });
    await playAtVenue(s.deps.db, 'PG', m.memberId, 1_000n);
    const key = newKey();
    const recovered = await w.move('/api/wallet/recover', {}, m.token, key);
    expect(recovered.data).toEqual({ main: 610, pending: [] });
    expect((await w.move('/api/wallet/recover', {}, m.token, key)).data).toEqual({ main: 610, pending: [] });
    expect((await w.balance(m.token)).venues.every((v: { balance: number }) => v.balance === 0)).toBe(true);
    await expectLedgerSound(s);
  });

  it("[S7-11] recover after the member lost all they held at a venue: nothing swept there, our mirror follows it to 0 and the loss is the house's", async () => {
    const m = await s.member();
    await w.fund(m.token, 300);
    for (const api_name of ['AG', 'PG']) await transfer(m.token, { api_name, amount: 150, transfer_out: false });
    await playAtVenue(s.deps.db, 'AG', m.memberId, -15_000n);
    await playAtVenue(s.deps.db, 'PG', m.memberId, -5_000n);
    expect((await w.move('/api/wallet/recover', {}, m.token)).data).toEqual({ main: 100, pending: [] });
    expect((await memberBalances(s.deps.db, m.memberId)).venues).toEqual({ AG: 0n, PG: 0n });
    expect(await venueResults(m.memberId)).toBe(-20_000n);
    expect(await slotsHeld(m.memberId)).toBe(0);
    await expectLedgerSound(s);
  });

  it('a follow leaves the mirror to a transfer holding the slot; one abandoned is given back by the reconciliation', async () => {
    const { db } = s.deps;
    const m = await s.member();
    const owner = walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId);
    await w.fund(m.token, 100);
    await transfer(m.token, { api_name: 'KY', amount: 100, transfer_out: false });
    await playAtVenue(db, 'KY', m.memberId, -10_000n);

    // An 'out' in flight (begun, the venue not asked yet) holds the slot: the recover books nothing.
    const out = await beginTransfer(db, owner, null, 'test', { apiName: 'KY', amountMinor: 100n, out: true });
    if ('answer' in out) throw new Error('a fresh transfer expected');
    expect((await w.move('/api/wallet/recover', {}, m.token)).data).toEqual({ main: 0, pending: [] });
    expect(await venueResults(m.memberId)).toBe(0n);
    // The transfer's own settle, refused by the venue, takes the venue's figure.
    await settle(db, out.transferId, 'failed', 0n, '游戏平台余额不足');
    expect((await memberBalances(db, m.memberId)).venues).toEqual({ KY: 0n });
    expect(await venueResults(m.memberId)).toBe(-10_000n);

    // A follow whose request died holds the slot until the reconciliation gives it back, posting nothing.
    const followId = await beginFollow(db, owner, 'KY');
    expect(followId).not.toBeNull();
    expect(await slotsHeld(m.memberId)).toBe(1);
    await reconcileVenueTransfers(db, 0);
    expect(await slotsHeld(m.memberId)).toBe(0);
    expect(await settleFollow(db, followId!, 5_000n)).toBe(0n);
    expect(await venueResults(m.memberId)).toBe(-10_000n);
    expect((await transfer(m.token, { api_name: 'KY', amount: 1, transfer_out: true })).code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    await expectLedgerSound(s);
  });

  it('[S4-13] sets and reads the auto-transfer switch', async () => {
    const m = await s.member();
    expect((await s.call('/api/wallet/autoTransfer/get', {}, { token: m.token })).data).toEqual({ status: false });
    expect((await s.call('/api/wallet/autoTransfer/set', { status: true }, { token: m.token })).data).toEqual({ status: true });
    expect((await s.call('/api/wallet/autoTransfer/get', {}, { token: m.token })).data).toEqual({ status: true });
    expect((await s.call('/api/wallet/autoTransfer/set', { status: 'on' }, { token: m.token })).code).toBe(Errors.VALIDATION.code);
  });

  it('50 concurrent withdrawals and transfers over one balance never overdraw', async () => {
    const m = await s.member();
    await setOnce(s.deps.db, m.memberId, 'realName', '赵六');
    await s.call('/api/wallet/withdrawPassword/set', { password: '123456' }, { token: m.token });
    const card = (await s.call('/api/wallet/bankCard/add', { bankCode: 'ICBC', cardNum: luhnCard(m.memberId) }, { token: m.token })).data;
    await w.fund(m.token, 1_000);
    const venues = ['AG', 'BBIN', 'PG', 'KY', 'OBTY', 'IMTY'];
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? w.move('/api/wallet/withdraw/new', { amount: 100, withdrawPassword: '123456', cardId: card.cardId }, m.token)
        : transfer(m.token, { api_name: venues[i % 6], amount: 100, transfer_out: false }),
    );
    const results = await Promise.all(calls);
    // HIGH_TRAFFIC: more tries of the withdrawal password at once than it checks (wallet/withdraw-password.ts).
    const allowed = [0, Errors.INSUFFICIENT_BALANCE.code, Errors.VENUE_PENDING.code, Errors.HIGH_TRAFFIC.code];
    for (const r of results) expect(allowed, r.msg).toContain(r.code);
    const moved = results.filter((r) => r.code === 0).length * 100;
    expect(moved).toBeLessThanOrEqual(1_000);
    const balance = await w.balance(m.token);
    const atVenues = balance.venues.reduce((sum: number, v: { balance: number }) => sum + v.balance, 0);
    expect(balance.main).toBeGreaterThanOrEqual(0);
    expect(balance.main + balance.frozen + atVenues).toBe(1_000);
    expect(balance.main).toBe(1_000 - moved);
    await expectLedgerSound(s);
  });
});

it('the sandbox venue is the default adapter of every seeded venue', () => {
  expect(venueAdapter(s.deps.db, 'IMTY')).toBeInstanceOf(SandboxVenue);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { setConfig } from '../site/index.ts';
import { HOUSE_SLICES, houseSliceKey, walletOwner } from '../wallet/index.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { SandboxVenue } from './index.ts';
import { beginTransfer, reserveFromVenue, settle } from './phases.ts';
import { playAtVenue } from './testing.ts';
import { offerVenues } from '../casino/testing.ts';

/**
 * The one-statement phases under load: one member's transfers to several venues at once (each
 * phase locks in the order written in sql/venue_transfer_begin.sql), the mirror following the venue's figure at
 * every settle, the member's results booked to their own house slice.
 */
let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
  await setConfig(s.deps.db, 1, 'withdraw_turnover_multiple', '0');
  await offerVenues(s.deps.db, 'AG', 'BBIN', 'KY');
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const VENUES = ['AG', 'BBIN', 'PG', 'KY'] as const;
const sandbox = (apiName: string) => new SandboxVenue(s.deps.db, apiName);
const transfer = (token: string, api_name: string, amount: number, transfer_out: boolean, key = newKey()) =>
  w.move('/api/wallet/transfer', { api_name, amount, transfer_out }, token, key);

/** Our mirror of each venue balance, and the house slices the member's results went to. */
async function books(memberId: number) {
  const mirrors = (
    await s.deps.db.execute(sql`
    SELECT name, balance::text AS balance FROM wallet_accounts WHERE member_id = ${memberId} AND kind = 'venue'`)
  ).rows as Array<{ name: string; balance: string }>;
  const slices = (
    await s.deps.db.execute(sql`
    SELECT DISTINCT h.account_key AS key FROM wallet_transfers t
    JOIN wallet_accounts v ON v.account_id IN (t.from_account, t.to_account) AND v.member_id = ${memberId} AND v.kind = 'venue'
    JOIN wallet_accounts h ON h.account_id IN (t.from_account, t.to_account) AND h.kind = 'house'
    WHERE t.kind = 'venue.result'`)
  ).rows as Array<{ key: string }>;
  return { mirror: Object.fromEntries(mirrors.map((r) => [r.name, Number(r.balance)])), slices: slices.map((r) => r.key) };
}

describe('one member, several venues, all at once', () => {
  it('[S3-03] transfers in and out of four venues at once, with results at the venues between rounds, never deadlock and keep both books equal', async () => {
    const m = await s.member();
    await w.fund(m.token, 1_000);
    let result = 0n;
    for (let round = 0; round < 4; round++) {
      const calls = VENUES.flatMap((v) => [transfer(m.token, v, 60, false), transfer(m.token, v, 25, true), transfer(m.token, v, 10, round % 2 === 0)]);
      for (const r of await Promise.all(calls)) expect([0, Errors.INSUFFICIENT_BALANCE.code, Errors.VENUE_PENDING.code], r.msg).toContain(r.code);
      // Between rounds the member wins at two venues and loses at the others (nothing in flight then).
      for (const [i, v] of VENUES.entries()) {
        const before = await sandbox(v).balance(m.memberId);
        result += (await playAtVenue(s.deps.db, v, m.memberId, i % 2 === 0 ? 1_234n : -777n)) - before;
      }
    }
    const recovered = await w.move('/api/wallet/recover', {}, m.token);
    expect(recovered.data.pending).toEqual([]);
    expect(Math.round(recovered.data.main * 100)).toBe(100_000 + Number(result));
    const { mirror, slices } = await books(m.memberId);
    for (const v of VENUES) {
      expect(await sandbox(v).balance(m.memberId)).toBe(0n);
      expect(mirror[v]).toBe(0);
    }
    expect(slices).toEqual([`house:1:CNY:venues:${m.memberId % HOUSE_SLICES}`]);
    expect(await w.balance(m.token)).toMatchObject({ frozen: 0 });
    await expectLedgerSound(s);
  });

  it('the mirror takes the venue figure at every settle, whichever way the member went there', async () => {
    const m = await s.member();
    await w.fund(m.token, 500);
    expect((await transfer(m.token, 'PG', 100, false)).data).toEqual({ main: 400, venue: 100 });
    await playAtVenue(s.deps.db, 'PG', m.memberId, 4_000n);
    // In: the venue answers 190 after the deposit; our mirror follows it (the 40 won comes from the house).
    expect((await transfer(m.token, 'PG', 50, false)).data).toEqual({ main: 350, venue: 190 });
    expect((await books(m.memberId)).mirror.PG).toBe(19_000);
    await playAtVenue(s.deps.db, 'PG', m.memberId, -15_000n);
    // Out more than the venue holds while our mirror still shows it: refused, nothing moved, the key free again.
    const key = newKey();
    expect((await transfer(m.token, 'PG', 100, true, key)).code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    expect(await w.balance(m.token)).toMatchObject({ main: 350, frozen: 0 });
    expect((await books(m.memberId)).mirror.PG).toBe(4_000);
    expect((await transfer(m.token, 'PG', 40, true, key)).data).toEqual({ main: 390, venue: 0 });
    expect((await books(m.memberId)).mirror.PG).toBe(0);
    await expectLedgerSound(s);
  });
});

describe('the key and the money in one transaction', () => {
  it('the database itself refuses a transfer row with a ref not its own, an unknown direction or no amount', async () => {
    const { db } = s.deps;
    const m = await s.member();
    await w.fund(m.token, 10);
    expect((await transfer(m.token, 'KY', 5, false)).code).toBe(0);
    const [row] = (await db.execute(sql`SELECT transfer_id FROM venue_transfers WHERE member_id = ${m.memberId}`)).rows as Array<{ transfer_id: number }>;
    const id = Number(row.transfer_id);
    await expect(db.execute(sql`UPDATE venue_transfers SET ref = 'VT0' WHERE transfer_id = ${id}`)).rejects.toThrow();
    await expect(db.execute(sql`UPDATE venue_transfers SET direction = 'sideways' WHERE transfer_id = ${id}`)).rejects.toThrow();
    await expect(db.execute(sql`UPDATE venue_transfers SET amount_minor = 0 WHERE transfer_id = ${id}`)).rejects.toThrow();
    await expect(db.execute(sql`UPDATE venue_transfers SET status = 'lost' WHERE transfer_id = ${id}`)).rejects.toThrow();
  });

  it('a refused phase claims no key: after a short main wallet, the same key moves the money once funded', async () => {
    const m = await s.member();
    const key = newKey();
    expect((await transfer(m.token, 'BBIN', 80, false, key)).code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    const { rows } = await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE member_id = ${m.memberId} AND key = ${key}`);
    expect(rows[0]).toEqual({ n: 0 });
    await w.fund(m.token, 100);
    expect((await transfer(m.token, 'BBIN', 80, false, key)).data).toEqual({ main: 20, venue: 80 });
    expect((await transfer(m.token, 'BBIN', 80, false, key)).data).toEqual({ main: 20, venue: 80 });
    expect(await sandbox('BBIN').balance(m.memberId)).toBe(8_000n);
  });
});

describe('lock order', () => {
  // Two phases of one member that both need the member's house slice: a settle (its commit holds the
  // transit account, then the mirror follows the venue through the slice) and the reserve of an
  // 'out' whose mirror was behind (the slice first, then the transit account) would wait on each
  // other for ever, but the reserve takes the transit account before anything else.
  it.runIf(Boolean(process.env.DATABASE_URL))('a settle and a reserve of one member, both needing the house slice, queue instead of deadlocking', async () => {
    const { db } = s.deps;
    const m = await s.member();
    await w.fund(m.token, 100);
    const owner = walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId);
    const into = await beginTransfer(db, owner, null, 'lock-order', { apiName: 'AG', amountMinor: 1_000n, out: false });
    const outOf = await beginTransfer(db, owner, null, 'lock-order', { apiName: 'PG', amountMinor: 500n, out: true });
    if ('answer' in into || 'answer' in outOf) throw new Error('fresh transfers expected');
    expect(outOf.reserved).toBe(false);
    const slice = houseSliceKey(1, 'CNY', 'venues', m.memberId);
    let reserving!: Promise<void>;
    let settling!: Promise<unknown>;
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM wallet_accounts WHERE account_key = ${slice} FOR UPDATE`);
      reserving = reserveFromVenue(db, outOf.transferId, 5_000n);
      await new Promise((r) => setTimeout(r, 150));
      settling = settle(db, into.transferId, 'success', 1_007n);
      await new Promise((r) => setTimeout(r, 150));
    });
    await expect(Promise.all([reserving, settling])).resolves.toBeDefined();
    await settle(db, outOf.transferId, 'failed', null);
    expect((await books(m.memberId)).mirror).toMatchObject({ AG: 1_007, PG: 5_000 });
    await expectLedgerSound(s);
  });
});

describe('the sandbox venue', () => {
  it('applies a ref once when two calls carry it at the same time, and refuses a fenced ref', async () => {
    const m = await s.member();
    const venue = sandbox('KY');
    const twins = await Promise.all([1, 2, 3].map(() => venue.deposit('VT-twin-1', m.memberId, 500n)));
    for (const t of twins) expect(t).toEqual({ status: 'success', balanceMinor: 500n });
    expect(await venue.balance(m.memberId)).toBe(500n);
    expect(await venue.withdraw('VT-twin-1', m.memberId, 500n)).toEqual({ status: 'failed', reason: '转账已失败' });
    expect(await venue.withdraw('VT-short-1', m.memberId, 501n)).toEqual({ status: 'failed', reason: '游戏平台余额不足' });
    expect(await venue.status('VT-never-sent')).toBe('failed');
    expect(await venue.deposit('VT-never-sent', m.memberId, 100n)).toEqual({ status: 'failed', reason: '转账已作废' });
    expect(await venue.balance(m.memberId)).toBe(500n);
  });
});

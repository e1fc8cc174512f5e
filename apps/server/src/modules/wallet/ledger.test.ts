import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { auditLedger, HOUSE_SLICES, houseAccount, memberAccount, memberBalances, postTransfer, walletOwner, type WalletOwner } from './index.ts';
import { refusalOf } from './testing.ts';

let s: TestServer;
let owner: WalletOwner;
beforeAll(async () => {
  s = await startTestServer();
  const m = await s.member();
  owner = walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId);
});
afterAll(() => s.close());

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: { code?: number }) => e.code ?? -1,
  );

describe('ledger core', () => {
  it('moves money between a house account and a member wallet, keeping the sum at zero', async () => {
    const { db } = s.deps;
    await db.transaction(async (tx) => {
      const deposits = await houseAccount(tx, 1, 'CNY', 'deposits');
      const main = await memberAccount(tx, owner);
      const posted = await postTransfer(tx, { from: deposits, to: main, amountMinor: 10_000n, kind: 'test.credit', ref: `t:${owner.memberId}:1` });
      expect(posted.toBalance).toBe(10_000n);
    });
    expect((await memberBalances(db, owner.memberId)).main).toBe(10_000n);
    const { rows } = await db.execute(sql`SELECT sum(balance)::text AS total FROM wallet_accounts`);
    expect(rows[0]).toEqual({ total: '0' });
  });

  it('refuses to take a member wallet below zero and moves nothing', async () => {
    const { db } = s.deps;
    const code = await codeOf(
      db.transaction(async (tx) => {
        const main = await memberAccount(tx, owner);
        const stakes = await houseAccount(tx, 1, 'CNY', 'stakes');
        await postTransfer(tx, { from: main, to: stakes, amountMinor: 10_001n, kind: 'test.stake', ref: `t:${owner.memberId}:2` });
      }),
    );
    expect(code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    expect((await memberBalances(db, owner.memberId)).main).toBe(10_000n);
  });

  it('the database itself refuses a negative member balance', async () => {
    const main = await memberAccount(s.deps.db, owner);
    await expect(s.deps.db.execute(sql`UPDATE wallet_accounts SET balance = -1 WHERE account_id = ${main}`)).rejects.toThrow();
  });

  it('the database itself refuses an account of an unknown kind or currency, or a house account with a member', async () => {
    const { db } = s.deps;
    const add = (kind: string, currency: string, memberId: number | null) =>
      db.execute(
        sql`INSERT INTO wallet_accounts (account_key, site_id, currency, kind, member_id) VALUES (${`t:${Math.random()}`}, 1, ${currency}, ${kind}, ${memberId})`,
      );
    await expect(add('loan', 'CNY', owner.memberId)).rejects.toThrow();
    await expect(add('main', 'EUR', owner.memberId)).rejects.toThrow();
    await expect(add('house', 'CNY', owner.memberId)).rejects.toThrow();
    await expect(add('main', 'CNY', null)).rejects.toThrow();
    const main = await memberAccount(db, owner);
    await expect(db.execute(sql`UPDATE wallet_accounts SET kind = 'house' WHERE account_id = ${main}`)).rejects.toThrow();
    await expect(db.execute(sql`UPDATE wallet_accounts SET currency = 'EUR' WHERE account_id = ${main}`)).rejects.toThrow();
  });

  it('moves a (kind, ref) pair once and keeps transfers immutable', async () => {
    const { db } = s.deps;
    const post = () =>
      db.transaction(async (tx) => {
        const main = await memberAccount(tx, owner);
        const stakes = await houseAccount(tx, 1, 'CNY', 'stakes');
        return postTransfer(tx, { from: main, to: stakes, amountMinor: 100n, kind: 'test.stake', ref: `t:${owner.memberId}:3` });
      });
    await post();
    expect(await codeOf(post())).toBe(Errors.TRANSFER_DUPLICATE.code);
    expect((await memberBalances(db, owner.memberId)).main).toBe(9_900n);
    await expect(db.execute(sql`UPDATE wallet_transfers SET amount_minor = 1`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM wallet_transfers`)).rejects.toThrow();
  });

  it('[issue 18] keeps every account a transfer names: no removal, and the audit reports a transfer naming one not there', async () => {
    const { db } = s.deps;
    const main = await memberAccount(db, owner);
    expect(await refusalOf(db.execute(sql`DELETE FROM wallet_accounts WHERE account_id = ${main}`))).toBe(
      "DELETE refused on wallet_accounts: the ledger's rows are kept",
    );
    expect(await refusalOf(db.execute(sql`TRUNCATE wallet_accounts CASCADE`))).toBe("TRUNCATE refused on wallet_accounts: the ledger's rows are kept");
    expect((await memberBalances(db, owner.memberId)).main).toBe(9_900n);
    const orphans = await db
      .transaction(async (tx) => {
        const stakes = await houseAccount(tx, 1, 'CNY', 'stakes');
        await tx.execute(sql`INSERT INTO wallet_transfers (from_account, to_account, amount_minor, kind, ref, from_balance_after, to_balance_after)
          VALUES (${stakes}, ${main + 1_000_000}, 1, 'test.orphan', ${`t:${owner.memberId}:orphan`}, 0, 1)`);
        throw { orphans: (await auditLedger(tx)).orphans };
      })
      .catch((e: { orphans: unknown }) => e.orphans);
    expect(orphans).toHaveLength(1);
    expect(await auditLedger(db)).toMatchObject({ ok: true, orphans: [] });
  });

  it('splits a busy house account in slices: a member always posts to the same one, the sum stays zero', async () => {
    const { db } = s.deps;
    const slice = await houseAccount(db, 1, 'CNY', 'payouts', owner.memberId);
    expect(await houseAccount(db, 1, 'CNY', 'payouts', owner.memberId + HOUSE_SLICES)).toBe(slice);
    expect(await houseAccount(db, 1, 'CNY', 'payouts', owner.memberId + 1)).not.toBe(slice);
    expect(await houseAccount(db, 1, 'CNY', 'payouts')).not.toBe(slice);
    const { rows } = await db.execute(sql`SELECT account_key, kind, name FROM wallet_accounts WHERE account_id = ${slice}`);
    expect(rows[0]).toEqual({ account_key: `house:1:CNY:payouts:${owner.memberId % HOUSE_SLICES}`, kind: 'house', name: 'payouts' });
    await db.transaction(async (tx) => {
      await postTransfer(tx, { from: slice, to: await memberAccount(tx, owner), amountMinor: 250n, kind: 'test.payout', ref: `t:${owner.memberId}:slice` });
    });
    const total = await db.execute(sql`SELECT sum(balance)::text AS total FROM wallet_accounts`);
    expect(total.rows[0]).toEqual({ total: '0' });
  });

  it('opposite transfers between the same two accounts at once neither deadlock nor lose a cent', async () => {
    const { db } = s.deps;
    const main = await memberAccount(db, owner);
    const stakes = await houseAccount(db, 1, 'CNY', 'stakes');
    const before = (await memberBalances(db, owner.memberId)).main;
    const post = (from: number, to: number, i: number) =>
      db.transaction((tx) => postTransfer(tx, { from, to, amountMinor: 7n, kind: 'test.race', ref: `t:${owner.memberId}:race:${i}` }));
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? post(main, stakes, i) : post(stakes, main, i))));
    expect((await memberBalances(db, owner.memberId)).main).toBe(before);
    expect(await auditLedger(db)).toMatchObject({ ok: true });
  });

  it('refuses zero, negative and mixed-currency transfers', async () => {
    const { db } = s.deps;
    const main = await memberAccount(db, owner);
    const usdtHouse = await houseAccount(db, 2, 'USDT', 'deposits');
    const cnyHouse = await houseAccount(db, 1, 'CNY', 'deposits');
    const tryPost = (from: number, to: number, amountMinor: bigint) =>
      codeOf(db.transaction((tx) => postTransfer(tx, { from, to, amountMinor, kind: 'test.bad', ref: `t:${Math.random()}` })));
    expect(await tryPost(cnyHouse, main, 0n)).toBe(Errors.AMOUNT_INVALID.code);
    expect(await tryPost(cnyHouse, main, -5n)).toBe(Errors.AMOUNT_INVALID.code);
    expect(await tryPost(usdtHouse, main, 5n)).toBe(Errors.CURRENCY_MISMATCH.code);
  });
});

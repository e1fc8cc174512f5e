import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { auditLedger, houseAccount, memberAccount, postTransfers, walletOwner, type BatchPosting, type BatchPosted } from './index.ts';
import { balancesOf } from './ledger.ts';
import { newKey, refusalOf } from './testing.ts';

/**
 * The ledger's batched posting (issue 18): a batch gives exactly what its movements one after
 * another would (a model says what), each refusal alone, and batches at once over shared accounts
 * neither deadlock nor overdraw.
 */
let s: TestServer;
/** Three members' main wallets and a house account. */
let accounts: number[];
const HOUSE = 3;
beforeAll(async () => {
  s = await startTestServer();
  const members = await Promise.all([0, 1, 2].map(() => s.member()));
  accounts = await s.deps.db.transaction(async (tx) => [
    ...(await Promise.all(members.map((m) => memberAccount(tx, walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId))))),
    await houseAccount(tx, 1, 'CNY', 'bonus'),
  ]);
});
afterAll(() => s.close());

const move = (from: number, to: number, amountMinor: bigint, ref = newKey()): BatchPosting => ({ from, to, amountMinor, kind: 'test.batch', ref });
const post = (postings: BatchPosting[]) => s.deps.db.transaction((tx) => postTransfers(tx, postings));
const codes = (posted: BatchPosted[]) => posted.map((p) => (p.ok ? 0 : p.error.code));

/** A movement drawn over the four accounts; a repeated ref now and then (`repeats`). */
const movement = (repeats: boolean) =>
  fc.record({
    from: fc.integer({ min: 0, max: 3 }),
    to: fc.integer({ min: 0, max: 3 }),
    cents: fc.integer({ min: 1, max: 5_000 }),
    repeat: repeats ? fc.boolean() : fc.constant(false),
  });

/**
 * Batches drawn, each checked against a model of the movements one after another. With `repeats`,
 * most batches hold a refusal (the movement-by-movement loop answers them); without, most of six
 * movements or more are written set-based (wallet_post_transfers' fast path).
 */
async function matchesTheModel(repeats: boolean): Promise<void> {
  const { db } = s.deps;
  await fc.assert(
    fc.asyncProperty(fc.array(movement(repeats), { minLength: 1, maxLength: 30 }), async (drawn) => {
      const before = await balancesOf(db, accounts);
      const model = [...before];
      const refs: string[] = [];
      const expected: number[] = [];
      const postings = drawn
        .filter((m) => m.from !== m.to)
        .map((m) => {
          const ref = m.repeat && refs.length ? refs[refs.length - 1] : newKey();
          const amount = BigInt(m.cents);
          // As wallet_post_transfer decides: the balance first, then the ref.
          if (m.from !== HOUSE && model[m.from] < amount) expected.push(Errors.INSUFFICIENT_BALANCE.code);
          else if (refs.includes(ref)) expected.push(Errors.TRANSFER_DUPLICATE.code);
          else {
            model[m.from] -= amount;
            model[m.to] += amount;
            refs.push(ref);
            expected.push(0);
          }
          return move(accounts[m.from], accounts[m.to], amount, ref);
        });
      if (!postings.length) return;
      const posted = await post(postings);
      expect(codes(posted)).toEqual(expected);
      expect(await balancesOf(db, accounts)).toEqual(model);
    }),
    { numRuns: 40 },
  );
  const audit = await auditLedger(db);
  expect(audit, JSON.stringify(audit)).toMatchObject({ ok: true });
}

describe('the batched posting', () => {
  it(
    '[issue 18] answers each movement as the movements one after another would: short balances and repeated refs refused alone',
    () => matchesTheModel(true),
    120_000,
  );

  it('[issue 18] writes a batch none of whose movements is refused set-based, with the same balances, answers and balance-after chain', async () => {
    await post([move(HOUSE_ID(), accounts[0], 500_000n), move(HOUSE_ID(), accounts[1], 500_000n), move(HOUSE_ID(), accounts[2], 500_000n)]);
    await matchesTheModel(false);
  }, 120_000);

  it('[issue 18] a ref another transaction posts while a batch waits for it is refused alone in that batch', async () => {
    const [a, b] = accounts;
    const raced = newKey();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const first = s.deps.db.transaction(async (tx) => {
      const [posted] = await postTransfers(tx, [move(HOUSE_ID(), a, 100n, raced)]);
      holding();
      await gate;
      return posted;
    });
    // The batch starts once the other transaction has posted the ref (started together, the batch
    // could take the house account first, post the ref itself and leave the other its duplicate).
    await held;
    const batch = [move(HOUSE_ID(), b, 100n, raced), ...Array.from({ length: 9 }, () => move(HOUSE_ID(), b, 100n))];
    const second = post(batch);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    expect((await first).ok).toBe(true);
    expect(codes(await second)).toEqual([Errors.TRANSFER_DUPLICATE.code, ...Array(9).fill(0)]);
    const audit = await auditLedger(s.deps.db);
    expect(audit, JSON.stringify(audit)).toMatchObject({ ok: true });
  });

  it('[issue 18] batches at once over the same accounts, in opposite orders, all commit and never overdraw', async () => {
    const [a, b, c] = accounts;
    await post([move(HOUSE_ID(), a, 10_000n), move(HOUSE_ID(), b, 10_000n), move(HOUSE_ID(), c, 10_000n)]);
    const before = await balancesOf(s.deps.db, [a, b, c]);
    const batches = Array.from({ length: 20 }, (_, i) =>
      i % 2 ? [move(a, b, 700n), move(b, c, 700n), move(c, a, 700n)] : [move(c, b, 900n), move(b, a, 900n), move(a, c, 900n)],
    );
    const results = await Promise.all(batches.map(post));
    expect(results.flat().every((r) => r.ok)).toBe(true);
    // Each round moves money in a circle: every balance is back where it was.
    expect(await balancesOf(s.deps.db, [a, b, c])).toEqual(before);
    // Drained at once by many batches: exactly what the balance covers goes, never more.
    const drains = await Promise.all(Array.from({ length: 12 }, () => post([move(a, HOUSE_ID(), before[0] / 4n)])));
    expect(drains.flat().filter((r) => r.ok).length).toBe(4);
    expect((await balancesOf(s.deps.db, [a]))[0]).toBe(before[0] % 4n);
    const audit = await auditLedger(s.deps.db);
    expect(audit, JSON.stringify(audit)).toMatchObject({ ok: true });
  }, 60_000);

  it('[issue 18] a movement naming an account that is not there fails its batch, set-based or one by one, and writes nothing', async () => {
    const missing = Math.max(...accounts) + 1_000_000;
    const before = await balancesOf(s.deps.db, accounts);
    for (const size of [2, 8]) {
      const postings = Array.from({ length: size }, (_, i) => move(accounts[HOUSE], accounts[i % 3], 1n));
      postings[size - 1] = move(accounts[HOUSE], missing, 1n);
      expect(await refusalOf(post(postings))).toMatch(/^wallet_post_transfer: unknown account/);
    }
    expect(await balancesOf(s.deps.db, accounts)).toEqual(before);
    expect(await auditLedger(s.deps.db)).toMatchObject({ ok: true, orphans: [] });
  });

  it('[issue 18] refuses a movement of nothing before anything moves', async () => {
    await expect(post([move(accounts[HOUSE], accounts[0], 5n), move(accounts[HOUSE], accounts[0], 0n)])).rejects.toMatchObject({
      code: Errors.AMOUNT_INVALID.code,
    });
  });
});

const HOUSE_ID = () => accounts[HOUSE];

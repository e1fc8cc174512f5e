import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { AppError } from '../../platform/http/index.ts';
import { walletOwner } from '../wallet/index.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { offerVenues } from '../casino/testing.ts';
import { beginTransfer, settle } from './phases.ts';
import { SandboxVenue } from './sandbox.ts';

/**
 * Venue transfers in batches (issue 18): the phases of transfers started together go in shared
 * statements, and a refused one (a short balance, a key used for another body) fails alone.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await offerVenues(s.deps.db, 'AG');
});
afterAll(() => s.close());

/**
 * How many transactions wrote the ledger rows of `kind` for these transfers: told apart by their
 * start time (now()), which a transaction's subtransactions share, where each has an xmin of its own.
 */
async function writers(kind: string, transferIds: number[]): Promise<number> {
  const { rows } = await s.deps.db.execute(sql`
    SELECT count(DISTINCT created_at)::int AS n FROM wallet_transfers WHERE kind = ${kind} AND ref IN (${sql.join(
      transferIds.map((id) => sql`${`venue:${id}`}`),
      sql`, `,
    )})`);
  return (rows[0] as { n: number }).n;
}

describe('venue transfers started together', () => {
  it('[issue 18] begin in one statement and settle in another, each transfer answered alone', async () => {
    const w = caller(s);
    const members = await Promise.all(Array.from({ length: 16 }, () => s.member()));
    for (const m of members) await w.fund(m.token, 50);
    const owners = members.map((m) => walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId));
    const used = newKey();
    await beginTransfer(s.deps.db, owners[2], used, 'first body', { apiName: 'AG', amountMinor: 100n, out: false });
    // Member 0 asks more than they hold; member 2 sends a key of theirs again for another body.
    const begun = await Promise.allSettled(
      owners.map((o, i) =>
        i === 2
          ? beginTransfer(s.deps.db, o, used, 'another body', { apiName: 'AG', amountMinor: 500n, out: false })
          : beginTransfer(s.deps.db, o, newKey(), 'body', { apiName: 'AG', amountMinor: i === 0 ? 8_000n : 3_000n, out: false }),
      ),
    );
    const codes = begun.map((b) => (b.status === 'fulfilled' ? 0 : (b.reason as AppError).code));
    expect(codes).toEqual(owners.map((_, i) => (i === 0 ? Errors.INSUFFICIENT_BALANCE.code : i === 2 ? Errors.IDEMPOTENCY_MISMATCH.code : 0)));
    const ids = begun.flatMap((b) => (b.status === 'fulfilled' && 'transferId' in b.value ? [b.value.transferId] : []));
    expect(ids).toHaveLength(14);
    expect(await writers('transfer.reserve', ids)).toBe(1);
    // The refused begin left nothing behind: no transfer holds member 0's slot, their key is free.
    const { rows: left } = await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM venue_transfers WHERE member_id = ${owners[0].memberId}`);
    expect(left).toEqual([{ n: 0 }]);

    // Settled together (the venue refused them all): one statement, the money back in each main wallet.
    const settled = await Promise.all(ids.map((id) => settle(s.deps.db, id, 'failed', null, 'refused')));
    expect(settled).toEqual(ids.map(() => ({ main: 50, venue: 0 })));
    expect(await writers('transfer.release', ids)).toBe(1);
    await expectLedgerSound(s);
  });

  it('[issue 18] a key refused for a short balance beside others in one batch is free again', async () => {
    const w = caller(s);
    const members = await Promise.all(Array.from({ length: 4 }, () => s.member()));
    for (const m of members) await w.fund(m.token, 20);
    const owners = members.map((m) => walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId));
    const keys = owners.map(() => newKey());
    const begun = await Promise.allSettled(
      owners.map((o, i) => beginTransfer(s.deps.db, o, keys[i], 'body', { apiName: 'AG', amountMinor: i === 1 ? 5_000n : 1_000n, out: false })),
    );
    expect(begun.map((b) => (b.status === 'fulfilled' ? 0 : (b.reason as AppError).code))).toEqual([0, Errors.INSUFFICIENT_BALANCE.code, 0, 0]);
    // The same key and body once the member holds enough: begun now, as if the first had never been.
    await w.fund(members[1].token, 40);
    const again = await beginTransfer(s.deps.db, owners[1], keys[1], 'body', { apiName: 'AG', amountMinor: 5_000n, out: false });
    expect('transferId' in again).toBe(true);
  });

  it('[issue 18] the sandbox venue takes moves asked together in one transaction, a short one refused alone', async () => {
    const ag = new SandboxVenue(s.deps.db, 'AG');
    const players = [9_100_001, 9_100_002, 9_100_003, 9_100_004];
    await Promise.all(players.map((p) => ag.deposit(`seed-${p}`, p, 1_000n)));
    const refs = players.map((p) => `batch-${p}`);
    const outcomes = await Promise.all(players.map((p, i) => (i === 2 ? ag.withdraw(refs[i], p, 5_000n) : ag.withdraw(refs[i], p, 400n))));
    expect(outcomes).toEqual(players.map((_, i) => (i === 2 ? { status: 'failed', reason: '游戏平台余额不足' } : { status: 'success', balanceMinor: 600n })));
    expect(await Promise.all(players.map((p) => ag.balance(p)))).toEqual(players.map((_, i) => (i === 2 ? 1_000n : 600n)));
    const { rows } = await s.deps.db.execute(sql`
      SELECT count(DISTINCT created_at)::int AS writers, count(*) FILTER (WHERE status = 'failed')::int AS failed
      FROM venue_sandbox_transfers WHERE api_name = 'AG' AND ref IN (${sql.join(
        refs.map((r) => sql`${r}`),
        sql`, `,
      )})`);
    expect(rows).toEqual([{ writers: 1, failed: 1 }]);
    // A ref asked again answers its first outcome, whatever the batch it comes in.
    expect(await Promise.all([ag.withdraw(refs[0], players[0], 400n), ag.withdraw(refs[2], players[2], 5_000n)])).toEqual([
      { status: 'success', balanceMinor: 600n },
      { status: 'failed', reason: '转账已失败' },
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { AppError } from '../../platform/http/index.ts';
import { walletOwner } from '../wallet/index.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { offerVenues } from '../casino/testing.ts';
import { beginTransfer, settle } from './phases.ts';

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

    // Settled together (the venue refused them all): one statement, the money back in each main wallet.
    const settled = await Promise.all(ids.map((id) => settle(s.deps.db, id, 'failed', null, 'refused')));
    expect(settled).toEqual(ids.map(() => ({ main: 50, venue: 0 })));
    expect(await writers('transfer.release', ids)).toBe(1);
    await expectLedgerSound(s);
  });
});

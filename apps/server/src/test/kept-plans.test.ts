import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { caller } from '../modules/wallet/testing.ts';
import { houseSliceKey, memberAccountKey } from '../modules/wallet/index.ts';

/**
 * Plans kept for a connection's life (SQL functions, prepared statements: issue 18) are made once,
 * on the tables as they stand then. The hot paths' probes must stay probes when a plan was made on
 * a young table that has grown since: each case makes its plan generic on the table as the test
 * database has it, grows the table in the same transaction, and counts the scans it then makes
 * (pg_stat_xact_user_tables: this transaction's own counters).
 */
let s: TestServer;
beforeAll(async () => (s = await startTestServer()));
afterAll(() => s.close());

/** A table's sequential scans, and rows read by index scans (a whole index read is a scan too), in this transaction. */
async function scans(tx: Tx, table: string): Promise<{ seq: number; fetched: number }> {
  const { rows } = await tx.execute(
    sql`SELECT seq_scan, idx_tup_fetch FROM pg_stat_xact_user_tables WHERE relname = ${table} AND schemaname = current_schema()`,
  );
  const row = rows[0] as { seq_scan: unknown; idx_tup_fetch: unknown } | undefined;
  return { seq: Number(row?.seq_scan ?? 0), fetched: Number(row?.idx_tup_fetch ?? 0) };
}

/** Scans of `tables` between two readings: none sequential, and fewer than 1,000 rows read by index (the tables hold 20,000 more). */
function expectProbes(before: Array<{ seq: number; fetched: number }>, after: Array<{ seq: number; fetched: number }>): void {
  expect(after.map((a, i) => a.seq - before[i].seq)).toEqual(after.map(() => 0));
  for (const [i, a] of after.entries()) expect(a.fetched - before[i].fetched).toBeLessThan(1_000);
}

const ROLLBACK = 'rolled back';
/** Runs `body` in a transaction that is rolled back after it, on generic plans: nothing of the case stays. */
async function rolledBack(body: (tx: Tx) => Promise<void>): Promise<void> {
  const ended = await s.deps.db
    .transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
      await body(tx);
      throw new Error(ROLLBACK);
    })
    .catch((err: Error) => err);
  if (ended.message !== ROLLBACK) throw ended;
}

/** Array arguments of a function call, each its values and its type. */
const args = (columns: Array<[(string | number)[], string]>) =>
  sql.join(
    columns.map(([values, type]) => sql`${`{${values.join(',')}}`}::${sql.raw(type)}`),
    sql`, `,
  );

describe('plans kept per connection', () => {
  it('[issue 18] complete and drop idempotency keys by probes of their key, a young table grown since or not', async () => {
    const { rows } = await s.deps.db.execute(sql`SELECT min(member_id) AS m FROM members`);
    const memberId = Number((rows[0] as { m: unknown }).m);
    await rolledBack(async (tx) => {
      await tx.execute(
        sql`INSERT INTO idempotency_keys (member_id, key, request_hash, state) VALUES (${memberId}, 'kp-a', 'h', 'done'), (${memberId}, 'kp-b', 'h', 'done')`,
      );
      for (let i = 0; i < 3; i++) {
        await tx.execute(sql`SELECT idempotency_keys_complete(ARRAY[${memberId}]::bigint[], ARRAY['kp-a'], ARRAY['{"n":1}']::jsonb[])`);
        await tx.execute(sql`SELECT idempotency_keys_drop(ARRAY[${memberId}]::bigint[], ARRAY['kp-none'])`);
      }
      await tx.execute(sql`
        INSERT INTO idempotency_keys (member_id, key, request_hash, state)
        SELECT ${memberId}, 'kp-grown-' || g, 'h', 'done' FROM generate_series(1, 20000) AS g`);
      const before = [await scans(tx, 'idempotency_keys')];
      const completed = await tx.execute(
        sql`SELECT idempotency_keys_complete(ARRAY[${memberId}, ${memberId}]::bigint[], ARRAY['kp-a', 'kp-grown-77'], ARRAY['{"n":2}', '{"n":3}']::jsonb[]) AS n`,
      );
      const dropped = await tx.execute(sql`SELECT idempotency_keys_drop(ARRAY[${memberId}]::bigint[], ARRAY['kp-b']) AS n`);
      const after = [await scans(tx, 'idempotency_keys')];
      expect([Number((completed.rows[0] as { n: unknown }).n), Number((dropped.rows[0] as { n: unknown }).n)]).toEqual([2, 1]);
      expectProbes(before, after);
      const { rows: answers } = await tx.execute(
        sql`SELECT key, response FROM idempotency_keys WHERE member_id = ${memberId} AND key IN ('kp-a', 'kp-b', 'kp-grown-77') ORDER BY key`,
      );
      expect(answers).toEqual([
        { key: 'kp-a', response: { n: 2 } },
        { key: 'kp-grown-77', response: { n: 3 } },
      ]);
    });
  });

  it('[issue 18] hold selections by probes of their keys, not by reading the book', async () => {
    await s.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
      const { rows: ids } = await tx.execute(sql`SELECT selection_id FROM sports_selections ORDER BY selection_id LIMIT 3`);
      const wanted = ids.map((r) => Number((r as { selection_id: unknown }).selection_id));
      expect(wanted).toHaveLength(3);
      const lock = () => tx.execute(sql`SELECT selection_id FROM sports_lock_selections(${`{${wanted.join(',')}}`}::bigint[])`);
      for (let i = 0; i < 3; i++) await lock();
      const before = await Promise.all(['sports_selections', 'sports_markets', 'sports_matches'].map((t) => scans(tx, t)));
      const held = await lock();
      const after = await Promise.all(['sports_selections', 'sports_markets', 'sports_matches'].map((t) => scans(tx, t)));
      expect(held.rows.map((r) => Number((r as { selection_id: unknown }).selection_id)).sort((a, b) => a - b)).toEqual(wanted);
      expect(after.map((a, i) => a.seq - before[i].seq)).toEqual([0, 0, 0]);
    });
  });

  it('[issue 18] lock a batch of venue transfers to settle, and their accounts, by probes of their keys as the transfers grow', async () => {
    const m = await s.member();
    const w = caller(s);
    await w.fund(m.token, 100);
    const moved = await w.move('/api/wallet/transfer', { api_name: 'PG', amount: 1, transfer_out: false }, m.token);
    expect(moved.code, moved.msg).toBe(0);
    await rolledBack(async (tx) => {
      const { rows } = await tx.execute(sql`SELECT max(transfer_id) AS id FROM venue_transfers WHERE member_id = ${m.memberId}`);
      const id = Number((rows[0] as { id: unknown }).id);
      // Settling a settled transfer changes nothing and answers its balances: the locks are what is counted.
      const settle = () =>
        tx.execute(sql`SELECT * FROM venue_transfer_settle_many(ARRAY[${id}]::bigint[], ARRAY['success'], ARRAY[NULL]::bigint[], ARRAY[NULL])`);
      for (let i = 0; i < 3; i++) await settle();
      await tx.execute(sql`
        INSERT INTO venue_transfers (transfer_id, ref, member_id, site_id, currency, api_name, direction, amount_minor, status,
                                     main_account, venue_account, transit_account, result_account)
        SELECT n, 'VT' || n, t.member_id, t.site_id, t.currency, t.api_name, t.direction, t.amount_minor, 'success',
               t.main_account, t.venue_account, t.transit_account, t.result_account
        FROM venue_transfers t, (SELECT nextval('venue_transfers_transfer_id_seq') AS n FROM generate_series(1, 20000)) AS v
        WHERE t.transfer_id = ${id}`);
      const before = await Promise.all(['venue_transfers', 'wallet_accounts'].map((t) => scans(tx, t)));
      const settled = await settle();
      const after = await Promise.all(['venue_transfers', 'wallet_accounts'].map((t) => scans(tx, t)));
      expect(settled.rows).toHaveLength(1);
      expectProbes(before, after);
    });
  });

  it('[issue 18] the sandbox venue moves a batch by probes of its wallets and refs, as its books grow', async () => {
    const players = [9_200_001, 9_200_002, 9_200_003];
    let round = 0;
    /** Deposits 5.00 for each player in one statement (the last player's first: their wallet opens). */
    const move = (tx: Tx, who = players) =>
      tx.execute(
        sql`SELECT outcome, balance_after FROM venue_sandbox_move_many(${args([
          [who.map(() => 'KY'), 'text[]'],
          [who.map((p) => `kp-${++round}-${p}`), 'text[]'],
          [who, 'bigint[]'],
          [who.map(() => 'deposit'), 'text[]'],
          [who.map(() => 500), 'bigint[]'],
        ])})`,
      );
    const tables = ['venue_sandbox_wallets', 'venue_sandbox_transfers'];
    await rolledBack(async (tx) => {
      for (let i = 0; i < 3; i++) await move(tx, players.slice(0, 2));
      await tx.execute(sql`
        INSERT INTO venue_sandbox_wallets (api_name, player_id, balance) SELECT 'KY', 9300000 + g, 0 FROM generate_series(1, 20000) AS g`);
      await tx.execute(sql`
        INSERT INTO venue_sandbox_transfers (api_name, ref, player_id, direction, amount_minor, status)
        SELECT 'KY', 'kp-grown-' || g, 9300000 + g, 'deposit', 1, 'success' FROM generate_series(1, 20000) AS g`);
      const before = await Promise.all(tables.map((t) => scans(tx, t)));
      const moved = await move(tx);
      const after = await Promise.all(tables.map((t) => scans(tx, t)));
      expect(moved.rows.map((r) => [(r as { outcome: string }).outcome, Number((r as { balance_after: unknown }).balance_after)])).toEqual([
        ['success', 2_000],
        ['success', 2_000],
        ['success', 500],
      ]);
      expectProbes(before, after);
    });
  });

  it('[issue 18] begin and settle a batch of venue transfers set-based by probes, as the ledger, the keys and the transfers grow', async () => {
    const w = caller(s);
    const members = await Promise.all(Array.from({ length: 6 }, () => s.member()));
    for (const m of members) await w.fund(m.token, 100);
    const ids = members.map((m) => m.memberId);
    const each = (value: string | number, of: unknown[] = ids) => of.map(() => value);
    let round = 0;
    /** Begins a transfer of 1.00 to PG for each member and settles them, two statements: answers what each began. */
    const transfer = async (tx: Tx) => {
      round++;
      const keys = ids.map((id) => `kp-${round}-${id}`);
      const begun = await tx.execute(
        sql`SELECT started_id, reserved, refusal FROM venue_transfer_begin_many(${args([
          [ids, 'bigint[]'],
          [each(1), 'integer[]'],
          [each('CNY'), 'text[]'],
          [each('PG'), 'text[]'],
          [each('in'), 'text[]'],
          [each(100), 'bigint[]'],
          [keys, 'text[]'],
          [keys, 'text[]'],
          [ids.map((id) => memberAccountKey(id, 'main')), 'text[]'],
          [ids.map((id) => memberAccountKey(id, 'venue', 'PG')), 'text[]'],
          [ids.map((id) => memberAccountKey(id, 'transit')), 'text[]'],
          [ids.map((id) => houseSliceKey(1, 'CNY', 'venues', id)), 'text[]'],
        ])})`,
      );
      const started = begun.rows.map((r) => Number((r as { started_id: unknown }).started_id));
      const settled = await tx.execute(
        sql`SELECT main_balance FROM venue_transfer_settle_many(${args([
          [started, 'bigint[]'],
          [each('success', started), 'text[]'],
          [each('NULL', started), 'bigint[]'],
          [each('NULL', started), 'text[]'],
        ])})`,
      );
      return { begun: begun.rows, settled: settled.rows };
    };
    const tables = ['venue_transfers', 'wallet_transfers', 'wallet_accounts', 'idempotency_keys'];
    await rolledBack(async (tx) => {
      for (let i = 0; i < 3; i++) await transfer(tx);
      const [m] = ids;
      await tx.execute(sql`
        INSERT INTO idempotency_keys (member_id, key, request_hash, state) SELECT ${m}, 'kp-grown-' || g, 'h', 'done' FROM generate_series(1, 20000) AS g`);
      await tx.execute(sql`
        INSERT INTO wallet_accounts (account_key, site_id, currency, kind, member_id, name)
        SELECT 'kp-grown-' || g, 1, 'CNY', 'bonus', ${m}, '' FROM generate_series(1, 20000) AS g`);
      await tx.execute(sql`
        INSERT INTO venue_transfers (transfer_id, ref, member_id, site_id, currency, api_name, direction, amount_minor, status,
                                     main_account, venue_account, transit_account, result_account)
        SELECT n, 'VT' || n, t.member_id, t.site_id, t.currency, t.api_name, t.direction, t.amount_minor, 'success',
               t.main_account, t.venue_account, t.transit_account, t.result_account
        FROM (SELECT * FROM venue_transfers WHERE member_id = ${m} LIMIT 1) AS t,
             (SELECT nextval('venue_transfers_transfer_id_seq') AS n FROM generate_series(1, 20000)) AS v`);
      await tx.execute(sql`
        INSERT INTO wallet_transfers (from_account, to_account, amount_minor, kind, ref, from_balance_after, to_balance_after)
        SELECT t.main_account, t.transit_account, 1, 'kp.grown', 'kp-' || g, 0, 0
        FROM (SELECT * FROM venue_transfers WHERE member_id = ${m} LIMIT 1) AS t, generate_series(1, 20000) AS g`);
      const before = await Promise.all(tables.map((t) => scans(tx, t)));
      const { begun, settled } = await transfer(tx);
      const after = await Promise.all(tables.map((t) => scans(tx, t)));
      expect(begun.map((r) => (r as { reserved: unknown }).reserved)).toEqual(ids.map(() => true));
      expect(settled.map((r) => Number((r as { main_balance: unknown }).main_balance))).toEqual(ids.map(() => 10_000 - 4 * 100));
      expectProbes(before, after);
    });
  });
  it("[issue 18] find a batch's accounts by probes of their keys, creating only those not found, as the accounts grow", async () => {
    const m = await s.member();
    const keys = [memberAccountKey(m.memberId, 'main'), houseSliceKey(1, 'CNY', 'stakes', m.memberId), memberAccountKey(m.memberId, 'yeb')];
    const ids = (tx: Tx, wanted: string[]) =>
      tx.execute(
        sql`SELECT wallet_account_ids(${args([
          [wanted.map(() => 'NULL'), 'bigint[]'],
          [wanted, 'text[]'],
          [wanted.map(() => 1), 'int[]'],
          [wanted.map(() => 'CNY'), 'text[]'],
          [wanted.map((k) => (k.startsWith('house') ? 'house' : k.endsWith('yeb') ? 'yeb' : 'main')), 'text[]'],
          [wanted.map((k) => (k.startsWith('house') ? 'NULL' : m.memberId)), 'bigint[]'],
          [wanted.map((k) => (k.startsWith('house') ? 'stakes' : '""')), 'text[]'],
        ])}) AS ids`,
      );
    await rolledBack(async (tx) => {
      for (let i = 0; i < 3; i++) await ids(tx, keys.slice(0, 2));
      await tx.execute(sql`
        INSERT INTO wallet_accounts (account_key, site_id, currency, kind, member_id, name)
        SELECT 'kp-grown-' || g, 1, 'CNY', 'bonus', ${m.memberId}, '' FROM generate_series(1, 20000) AS g`);
      const before = [await scans(tx, 'wallet_accounts')];
      const { rows } = await ids(tx, keys);
      const after = [await scans(tx, 'wallet_accounts')];
      expectProbes(before, after);
      const found = ((rows[0] as { ids: unknown[] }).ids ?? []).map(Number);
      const { rows: made } = await tx.execute(
        sql`SELECT account_key FROM wallet_accounts WHERE account_id = ANY (${args([[found, 'bigint[]']])}) ORDER BY account_id`,
      );
      expect(new Set(made.map((r) => (r as { account_key: string }).account_key))).toEqual(new Set(keys));
    });
  });
});

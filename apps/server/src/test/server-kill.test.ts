import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, startTestServer, type TestServer } from './harness.ts';
import { spawnServer, type Place } from './child-server.ts';
import { dropSchema, openDatabase, type Tx } from '../platform/db/index.ts';
import { loadConfig } from '../platform/config.ts';
import { setConfig } from '../modules/site/index.ts';
import { reconcileVenueTransfers } from '../modules/venue/index.ts';
import { caller, expectLedgerSound, newKey } from '../modules/wallet/testing.ts';
import { finish, fund, idemKey, mainBalance, scriptMatch } from '../modules/sports/testing.ts';
import { runLedgerAudit } from '../scripts/testing.ts';
import { offerVenues } from '../modules/casino/testing.ts';

/**
 * The fault suite, crashes: the server, in a process of its own, is killed with SIGKILL while it
 * settles a match and while members' transfers to venues are in flight; a new life on the same
 * database settles what was left (its jobs, the venue reconciliation), and then every acknowledged
 * move exists exactly once, every bet is paid once, and the ledger audit finds nothing.
 * (A stop between bets, by signal, is settle/restart.test.ts; transfer races, venue/transfer-races.test.ts.)
 */
const databaseUrl = process.env.DATABASE_URL || null;
const schema = databaseUrl ? `t_kill_${randomBytes(5).toString('hex')}` : null;
const dataDir = schema ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'server-kill-'));
const place: Place = schema ? { databaseSchema: schema } : { dataDir: dataDir! };
afterAll(async () => {
  if (schema) await dropSchema(databaseUrl!, schema);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const BETS_EACH = 20;
const STAKE = 10;
const FUNDS = 100_000n;
const VENUES = ['AG', 'BBIN', 'PG', 'KY'];

interface Move {
  token: string;
  body: { api_name: string; amount: number; transfer_out: boolean };
  key: string;
  /** The answer's envelope, or null when the server died first. */
  answer: { code: number; data: unknown } | null;
}

/**
 * PostgreSQL: holds a member's main wallet row from outside, so the settlement stops inside that
 * member's first bet (its row held, its payout waiting) until let go. Null on PGlite, which has
 * one owner: there the kill lands wherever the settlement is.
 */
async function holdWallet(memberId: number): Promise<{ waiting(): Promise<boolean>; release(): Promise<void> } | null> {
  if (!schema) return null;
  const database = await openDatabase({ ...loadConfig(process.env), databaseSchema: schema });
  let holder!: number;
  let held!: () => void;
  let letGo!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = database.db.transaction(async (tx: Tx) => {
    await tx.execute(sql`SELECT 1 FROM wallet_accounts WHERE account_key = ${`member:${memberId}:main`} FOR UPDATE`);
    holder = ((await tx.execute(sql`SELECT pg_backend_pid() AS pid`)).rows[0] as { pid: number }).pid;
    held();
    await new Promise<void>((resolve) => (letGo = resolve));
  });
  await holding;
  return {
    /**
     * Whether a transaction of another connection waits on the row. Asked outside the holding
     * transaction: inside it, pg_stat_activity is the snapshot of its first reading, and a
     * settlement that came to wait later was never seen (two CI runs waited in vain).
     */
    async waiting() {
      const { rows } = await database.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${holder}::int = ANY(pg_blocking_pids(pid))`);
      return (rows[0] as { n: number }).n > 0;
    },
    async release() {
      letGo();
      await done;
      await database.close();
    },
  };
}

describe('a server killed with SIGKILL', () => {
  it('mid-settlement and mid-transfer: the next life books each acknowledged move once, pays each bet once, and the audit is clean', async () => {
    // Its first life, in this process: members with money, a match with its result due, and bets
    // to settle: the first punter's, then the second's.
    let s: TestServer = await startTestServer(place);
    await setConfig(s.deps.db, 1, 'sports_inplay_delay_ms', '0');
    await offerVenues(s.deps.db, 'AG', 'BBIN', 'KY');
    const punters = [await s.member(), await s.member()];
    const movers = await Promise.all(VENUES.map(() => s.member()));
    for (const m of movers) await fund(s, m.memberId, FUNDS);
    const match = await scriptMatch(s);
    const home = await match.sel('1x2', 'home');
    for (const punter of punters) {
      await fund(s, punter.memberId, BigInt(BETS_EACH * STAKE * 100));
      for (let i = 0; i < BETS_EACH; i++) {
        const bet = await s.call(
          '/api/sports/bet/place',
          { type: 'single', stake: STAKE, selections: [{ selectionId: home, odds: 2.1 }] },
          { token: punter.token, key: idemKey() },
        );
        expect(bet.code, bet.msg).toBe(0);
      }
    }
    await finish(s, match, { homeScore: 1, visitScore: 0 });
    await s.close();

    // The second life, a process of its own: its settlement job pays the bets while members move money, until killed.
    const hold = await holdWallet(punters[1].memberId);
    const server = await spawnServer(place, { RUN_JOBS: 'on' });
    const call = async (url: string, body: object, headers: Record<string, string>) => {
      const res = await fetch(`${server.url}${url}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...headers },
      });
      const { code, data } = (await res.json()) as { code: number; data: any };
      return { code, data };
    };
    const settled = async () => (await call('/api/sports/bet/records', { page: 1, size: 1, status: 'settled' }, bearer(punters[0].token))).data.total as number;
    const until = Date.now() + 60_000;
    const waitFor = async (what: string, done: () => boolean | Promise<boolean>) => {
      while (!(await done())) {
        if (Date.now() > until) throw new Error(`waited in vain for ${what} (the first punter's settled bets: ${await settled()})`);
        await sleep(20);
      }
    };
    const moves: Move[] = [];
    let dead = false;
    try {
      // With the second punter's wallet held, the settlement (in the order of the bets) goes through
      // the first punter's bets, then waits inside the second punter's first bet. A first punter's
      // bet it could not settle (a failed one is retried on its next run) the third life settles.
      if (hold) await waitFor('the settlement stopped in the middle', async () => (await hold.waiting()) && (await settled()) > 0);
      // One chain per member and venue (a member has one transfer slot per venue), all side by side.
      const chains = movers.flatMap((m) =>
        VENUES.map(async (venue, i) => {
          for (let n = 0; n < 6 && !dead; n++) {
            const move: Move = { token: m.token, body: { api_name: venue, amount: 10 + i, transfer_out: n % 3 === 2 }, key: newKey(), answer: null };
            moves.push(move);
            move.answer = await call('/api/wallet/transfer', move.body, bearer(m.token, { 'idempotency-key': move.key })).catch(() => null);
            if (!move.answer) return;
          }
        }),
      );
      await waitFor('moves acknowledged', () => moves.filter((move) => move.answer?.code === 0).length >= 10);
      dead = true;
      await server.kill();
      await Promise.all(chains);
    } finally {
      // A failure above leaves no server behind, and no row held against the schema's removal.
      dead = true;
      await server.kill();
      await hold?.release();
    }
    expect(
      moves.some((move) => move.answer === null),
      'killed with transfers in flight',
    ).toBe(true);

    // The third life, on the same database: its jobs settle the rest; the reconciliation asks the venues what became of the rest.
    s = await startTestServer({ ...place, runJobs: true });
    try {
      await expect
        .poll(
          async () =>
            (await s.deps.db.execute(sql`SELECT settled_version = result_version AS done FROM sports_matches WHERE match_id = ${match.matchId}`)).rows[0],
          { timeout: 30_000 },
        )
        .toEqual({ done: true });
      for (const punter of punters) {
        const { rows: bets } = await s.deps.db.execute(sql`
          SELECT b.status, count(t.transfer_id) FILTER (WHERE t.kind = 'bet.payout')::int AS payouts
          FROM sports_bets b LEFT JOIN wallet_transfers t ON t.ref LIKE 'bet:' || b.order_id || '%'
          WHERE b.member_id = ${punter.memberId} GROUP BY b.bet_id, b.status`);
        expect(bets).toEqual(Array(BETS_EACH).fill({ status: 'won', payouts: 1 }));
        expect(await mainBalance(s, punter.memberId)).toBe(BigInt(BETS_EACH * STAKE * 210));
      }

      expect(await reconcileVenueTransfers(s.deps.db, 0)).toMatchObject({ waiting: 0 });
      await expectMovedOnce(s, moves, movers);
      await expectLedgerSound(s);

      // A client repeating its key after the crash: the first answer if it had one, and never a second move.
      const w = caller(s);
      for (const move of moves) {
        const again = await w.move('/api/wallet/transfer', move.body, move.token, move.key);
        if (move.answer?.code === 0) expect({ code: again.code, data: again.data }).toEqual(move.answer);
      }
      await expectMovedOnce(s, moves, movers);
    } finally {
      await s.close();
    }
    const audit = await runLedgerAudit(schema ? { DATABASE_SCHEMA: schema } : { DATA_DIR: dataDir! });
    expect(audit.code, audit.out).toBe(0);
  }, 240_000);
});

/**
 * No key moved money twice, each acknowledged one moved once, nothing is left pending, and each
 * member's money is all there: in the main wallet or at a venue, where our mirror shows what the
 * venue holds.
 */
async function expectMovedOnce(s: TestServer, moves: Move[], movers: Array<{ memberId: number }>) {
  const { rows } = await s.deps.db.execute(sql`
    SELECT idempotency_key AS key, status, count(*)::int AS n FROM venue_transfers
    WHERE member_id IN (${sql.join(
      movers.map((m) => sql`${m.memberId}`),
      sql`, `,
    )}) AND direction <> 'follow'
    GROUP BY idempotency_key, status`);
  const booked = rows as Array<{ key: string; status: string; n: number }>;
  expect(booked.filter((row) => row.status === 'pending')).toEqual([]);
  expect(booked.filter((row) => row.status === 'success' && row.n > 1)).toEqual([]);
  const succeeded = new Set(booked.filter((row) => row.status === 'success').map((row) => row.key));
  for (const move of moves) if (move.answer?.code === 0) expect(succeeded.has(move.key), move.key).toBe(true);
  for (const m of movers) {
    const { rows: accounts } = await s.deps.db.execute(sql`
      SELECT a.kind, a.name, a.balance::text AS balance, coalesce(v.balance, 0)::text AS venue
      FROM wallet_accounts a LEFT JOIN venue_sandbox_wallets v ON v.api_name = a.name AND v.player_id = a.member_id
      WHERE a.member_id = ${m.memberId}`);
    const books = accounts as Array<{ kind: string; name: string; balance: string; venue: string }>;
    expect(
      books.reduce((sum, a) => sum + BigInt(a.balance), 0n),
      `member ${m.memberId}`,
    ).toBe(FUNDS);
    for (const a of books) if (a.kind === 'venue') expect(a.balance, `${a.name} mirror`).toBe(a.venue);
    for (const a of books) if (a.kind === 'transit') expect(a.balance).toBe('0');
  }
}

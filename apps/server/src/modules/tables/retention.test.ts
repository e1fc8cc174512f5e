import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { shiftToMorning, startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { pruneRecords } from '../casino/index.ts';
import { runTables } from './index.ts';
import { toNextRound } from './testing.ts';
import { historyRetentionDays, pruneTableHistory } from './retention.ts';

let s: TestServer;
beforeAll(async () => {
  shiftToMorning(); // the rounds played here move the clock on: they must not meet 22:00, which ends every session
  s = await startTestServer();
});
// The clock only moves forward here: a round once played stays played.
afterAll(async () => {
  clock.reset();
  await expectLedgerSound(s);
  await s.close();
});

type Member = Awaited<ReturnType<TestServer['member']>>;

const bet = async (m: Member, roundNo: number) => {
  const res = await s.call('/api/tables/bet', { tableId: 'bac1', roundNo, bets: [{ spot: 'player', amount: 10 }] }, { token: m.token, key: newKey() });
  expect(res.code, res.msg).toBe(0);
};

/** A baccarat round at bac1, with the member's bet when given: opened, dealt at its close, paid at its reveal. */
async function playRound(m?: Member): Promise<number> {
  const r = await toNextRound(s, 'bac1');
  await runTables(s.deps);
  if (m) await bet(m, r.roundNo);
  for (const at of [r.closesAt, r.revealAt]) {
    clock.shift(at - clock.now());
    await runTables(s.deps);
  }
  return r.roundNo;
}

/** A round whose dealing time passed undealt (the dealer was down): void. */
async function voidedRound(): Promise<number> {
  const r = await toNextRound(s, 'bac1');
  await runTables(s.deps);
  clock.shift(r.revealAt - clock.now());
  await runTables(s.deps);
  return r.roundNo;
}

const bacRounds = async () =>
  (
    await rowsOf<{ n: number; status: string }>(s.deps.db, sql`SELECT round_no::int AS n, status FROM dealer_rounds WHERE table_id = 'bac1' ORDER BY round_no`)
  ).map((r) => [r.n, r.status]);
const shoes = async () =>
  (await rowsOf<{ n: number }>(s.deps.db, sql`SELECT shoe_no AS n FROM dealer_shoes WHERE table_id = 'bac1' ORDER BY shoe_no`)).map((r) => r.n);
const endedAgo = (days: number, upTo: number) =>
  s.deps.db.execute(sql`UPDATE dealer_rounds SET ends_at = now() - make_interval(days => ${days}) WHERE table_id = 'bac1' AND round_no <= ${upTo}`);
const keep = { recordDays: 90, historyDays: 7, results: 1 };

describe('dealer table history is pruned past its window', () => {
  it('rounds no bet references go after the history window, bets with their records after theirs; the current shoe, the last results and open rounds stay', async () => {
    const m = await s.member();
    const w = caller(s);
    await w.fund(m.token, 1000);
    expect((await w.move('/api/wallet/transfer', { api_name: 'AG', amount: 1000, transfer_out: false }, m.token)).code).toBe(0);

    const withBet = await playRound(m);
    // The cut card came out: the next deal opens shoe 2.
    await s.deps.db.execute(sql`UPDATE dealer_shoes SET position = cut_at WHERE table_id = 'bac1'`);
    const voided = await voidedRound();
    const latest = await playRound();
    expect(await bacRounds()).toEqual([
      [withBet, 'settled'],
      [voided, 'void'],
      [latest, 'settled'],
    ]);
    expect(await shoes()).toEqual([1, 2]);
    const others = async () => (await rowsOf(s.deps.db, sql`SELECT 1 FROM dealer_rounds WHERE table_id <> 'bac1'`)).length;
    const elsewhere = await others();

    // Within the window nothing goes; past it, only the void round no bet references.
    expect(await pruneTableHistory(s.deps.db, keep)).toEqual({ bets: 0, rounds: 0 });
    await endedAgo(8, latest);
    expect(await pruneTableHistory(s.deps.db, keep)).toEqual({ bets: 0, rounds: 1 });
    expect(await bacRounds()).toEqual([
      [withBet, 'settled'],
      [latest, 'settled'],
    ]);
    expect(await shoes()).toEqual([1, 2]);
    expect(await others()).toBe(elsewhere);

    // An open bet on a round long ended on paper keeps it, and is paid as usual afterwards.
    const r = await toNextRound(s, 'bac1');
    await runTables(s.deps);
    await bet(m, r.roundNo);
    await endedAgo(30, r.roundNo);
    expect(await pruneTableHistory(s.deps.db, keep)).toEqual({ bets: 0, rounds: 0 });

    // The settled bet's record past the records' window: the bet goes with it, then its round and shoe 1.
    await s.deps.db.execute(sql`UPDATE dealer_bets SET settled_at = now() - interval '91 days' WHERE member_id = ${m.memberId} AND status <> 'open'`);
    await s.deps.db.execute(
      sql`UPDATE game_rounds SET settled_at = now() - interval '91 days' WHERE member_id = ${m.memberId} AND api_name = 'AG' AND status <> 'open'`,
    );
    expect(await pruneRecords(s.deps.db, 90)).toBe(1);
    expect(await pruneTableHistory(s.deps.db, keep)).toEqual({ bets: 1, rounds: 1 });
    expect(await bacRounds()).toEqual([
      [latest, 'settled'],
      [r.roundNo, 'betting'],
    ]);
    expect(await shoes()).toEqual([2]);

    for (const at of [r.closesAt, r.revealAt]) {
      clock.shift(at - clock.now());
      await runTables(s.deps);
    }
    const [open] = await rowsOf<{ status: string }>(s.deps.db, sql`SELECT status FROM dealer_bets WHERE member_id = ${m.memberId}`);
    expect(open.status).toBe('settled');
    const state = await s.call('/api/tables/state', { tableId: 'bac1' });
    expect(state.data.table.history.map((h: { roundNo: number }) => h.roundNo)).toEqual([latest, r.roundNo]);
  });

  it('refuses a history window under a day', () => {
    expect(() => historyRetentionDays(0)).toThrow(/TABLE_HISTORY_RETENTION_DAYS must be a whole number of days, at least 1/);
    expect(historyRetentionDays(7)).toBe(7);
  });
});

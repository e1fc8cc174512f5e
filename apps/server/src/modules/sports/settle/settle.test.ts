import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type TestServer } from '../../../test/harness.ts';
import { settleDueMatches, settleMatch } from './settle-match.ts';
import { finish, fund, idemKey, mainBalance, priced, scriptMatch, startBookServer, type Member, type ScriptedMatch } from '../testing.ts';
import type { MarketKind } from '@bp/contract';
import { houseAccount, memberAccount, postTransfer, walletOwner } from '../../wallet/index.ts';

let s: TestServer;
beforeAll(async () => (s = await startBookServer()));
afterAll(() => s.close());
const place = async (m: Member, selections: Array<{ selectionId: number; odds: number }>, stake = 100) => {
  const res = await s.call(
    '/api/sports/bet/place',
    { type: selections.length > 1 ? 'parlay' : 'single', stake, selections },
    { token: m.token, key: idemKey() },
  );
  if (res.code !== 0) throw new Error(`bet refused: ${res.code} ${res.msg}`);
  return res.data.orderId as string;
};
const betRow = async (orderId: string) =>
  (
    await s.deps.db.execute(
      sql`SELECT status, payout_minor::text AS payout, settlement_no, recovery_due_minor::text AS due FROM sports_bets WHERE order_id = ${orderId}`,
    )
  ).rows[0] as {
    status: string;
    payout: string;
    settlement_no: number;
    due: string;
  };
const transfers = async (orderId: string) =>
  (await s.deps.db.execute(sql`SELECT kind, ref, amount_minor::text AS amount FROM wallet_transfers WHERE ref LIKE ${`bet:${orderId}%`} ORDER BY transfer_id`))
    .rows;

const FOOTBALL = () => [
  priced('1x2', [2.1, 3.3, 3.4]),
  priced('ah', [1.9, 1.95], { line: -0.25 }),
  priced('ah', [2.0, 1.8], { line: -0.75 }),
  priced('ou', [1.9, 1.9], { line: 3 }),
  priced('ou', [2.0, 1.8], { line: 2.75 }),
  priced('ou', [2.1, 1.7], { line: 2.25 }),
  priced('btts', [1.8, 1.95]),
  priced(
    'cs',
    Array.from({ length: 17 }, () => 9),
  ),
];
const BASKETBALL = () => [priced('ml', [1.5, 2.5]), priced('spread', [1.9, 1.9], { line: -1.5 }), priced('total', [1.9, 1.9], { line: 200.5 })];
const ESPORTS = () => [priced('match_winner', [1.6, 2.2]), ...[1, 2, 3].map((mapNo) => priced('map_winner', [2, 2], { mapNo }))];

describe('settlement of every market type', () => {
  let m: Member;
  const expected: Array<[string, string, number]> = [];
  let football: ScriptedMatch;
  const at = async (match: ScriptedMatch, kind: MarketKind, code: string, odds: number, status: string, payout: number, lineOrMap?: number) => {
    const orderId = await place(m, [{ selectionId: await match.sel(kind, code, lineOrMap), odds }]);
    expected.push([orderId, status, payout]);
  };

  beforeAll(async () => {
    m = await s.member();
    await fund(s, m.memberId, 1_000_000n);
    football = await scriptMatch(s, { markets: FOOTBALL() });
    const basketball = await scriptMatch(s, { sport: 'basketball', markets: BASKETBALL() });
    const series = await scriptMatch(s, { sport: 'esports', markets: ESPORTS() });
    const sweep = await scriptMatch(s, { sport: 'esports', markets: ESPORTS() });
    const called = await scriptMatch(s, { markets: FOOTBALL() });
    await at(football, '1x2', 'home', 2.1, 'won', 210);
    await at(football, '1x2', 'draw', 3.3, 'lost', 0);
    await at(football, 'ah', 'home', 1.9, 'won', 190, -0.25);
    await at(football, 'ah', 'home', 2.0, 'half_won', 150, -0.75);
    await at(football, 'ah', 'visit', 1.8, 'half_lost', 50, -0.75);
    await at(football, 'ou', 'over', 1.9, 'void', 100, 3);
    await at(football, 'ou', 'over', 2.0, 'half_won', 150, 2.75);
    await at(football, 'ou', 'under', 1.7, 'lost', 0, 2.25);
    await at(football, 'btts', 'yes', 1.8, 'won', 180);
    await at(football, 'cs', '2-1', 9, 'won', 900);
    await at(football, 'cs', 'other', 9, 'lost', 0);
    await at(basketball, 'ml', 'home', 1.5, 'won', 150);
    await at(basketball, 'spread', 'home', 1.9, 'won', 190, -1.5);
    await at(basketball, 'total', 'under', 1.9, 'won', 190, 200.5);
    await at(series, 'match_winner', 'visit', 2.2, 'lost', 0);
    await at(series, 'map_winner', 'visit', 2, 'won', 200, 2);
    await at(sweep, 'map_winner', 'home', 2, 'void', 100, 3);
    await at(called, '1x2', 'home', 2.1, 'void', 100);
    // A parlay with a void leg counts it at odds 1: 100 x 2.1 x 1 x 1.5
    const parlay = await place(m, [
      { selectionId: await (await scriptMatch(s, { markets: FOOTBALL() })).sel('1x2', 'home'), odds: 2.1 },
      { selectionId: await sweep.sel('map_winner', 'home', 3), odds: 2 },
      { selectionId: await basketball.sel('ml', 'home'), odds: 1.5 },
    ]);
    expect(await mainBalance(s, m.memberId)).toBe(1_000_000n - 19n * 10_000n);
    const parlayFootball = await s.deps.db.execute(
      sql`SELECT x.feed_ref FROM sports_bet_legs l JOIN sports_matches x ON x.match_id = l.match_id JOIN sports_bets b ON b.bet_id = l.bet_id WHERE b.order_id = ${parlay} AND l.leg_no = 1`,
    );
    const parlayMatch = { ref: (parlayFootball.rows[0] as { feed_ref: string }).feed_ref } as ScriptedMatch;
    await finish(s, football, { homeScore: 2, visitScore: 1 });
    await finish(s, parlayMatch, { homeScore: 3, visitScore: 0 });
    await finish(s, basketball, { homeScore: 101, visitScore: 99 });
    await finish(s, series, { homeScore: 2, visitScore: 1, maps: ['home', 'visit', 'home'] });
    await finish(s, sweep, { homeScore: 2, visitScore: 0, maps: ['home', 'home'] });
    await finish(s, called, { homeScore: 0, visitScore: 0, cancelled: true });
    expected.push([parlay, 'won', 315]);
  });

  it('settles each bet with its outcome and pays it through the ledger', async () => {
    const reports = await settleDueMatches(s.deps);
    expect(reports.every((r) => r.complete && r.failed.length === 0)).toBe(true);
    for (const [orderId, status, payout] of expected) {
      const row = await betRow(orderId);
      expect({ orderId, status: row.status, payout: Number(row.payout) / 100 }).toEqual({ orderId, status, payout });
      const paid = (await transfers(orderId)).filter((t) => (t as { kind: string }).kind === 'bet.payout');
      expect(paid).toHaveLength(payout > 0 ? 1 : 0);
    }
    const paidTotal = expected.reduce((sum, [, , p]) => sum + p, 0);
    expect(await mainBalance(s, m.memberId)).toBe(1_000_000n - 190_000n + BigInt(paidTotal * 100));
    const legs = await s.deps.db.execute(
      sql`SELECT count(*)::int AS n FROM sports_bet_legs l JOIN sports_bets b ON b.bet_id = l.bet_id WHERE b.member_id = ${m.memberId} AND l.outcome IS NULL`,
    );
    expect(legs.rows[0]).toEqual({ n: 0 });
  });

  it('settles nothing twice: again, and two settlers at once', async () => {
    const before = await mainBalance(s, m.memberId);
    const again = await Promise.all([settleMatch(s.deps, football.matchId), settleMatch(s.deps, football.matchId), settleDueMatches(s.deps)]);
    expect(again[0].settled + again[1].settled).toBe(0);
    expect(await mainBalance(s, m.memberId)).toBe(before);
  });

  it('resettles a corrected result by reversing the earlier payout, never editing it', async () => {
    const [homeWin] = expected[0];
    const [draw] = expected[1];
    const before = await mainBalance(s, m.memberId);
    await finish(s, football, { homeScore: 1, visitScore: 1 });
    await settleDueMatches(s.deps);
    expect(await betRow(homeWin)).toMatchObject({ status: 'lost', payout: '0', settlement_no: 2 });
    expect(await betRow(draw)).toMatchObject({ status: 'won', payout: '33000', settlement_no: 2 });
    expect(await transfers(homeWin)).toEqual([
      { kind: 'bet.stake', ref: `bet:${homeWin}`, amount: '10000' },
      { kind: 'bet.payout', ref: `bet:${homeWin}:1`, amount: '21000' },
      { kind: 'bet.payout.reversal', ref: `bet:${homeWin}:1`, amount: '21000' },
    ]);
    // 2-1 -> 1-1 over the football bets: 1x2 home -210, draw +330, ah -0.25 home 190 -> 50 (half lost),
    // ah -0.75 home 150 -> 0, visit 50 -> 180 (won), ou 3 over 100 -> 0, ou 2.75 over 150 -> 0,
    // ou 2.25 under 0 -> 135 (half won), btts 180 -> 180, cs 2-1 900 -> 0, cs other 0 -> 0.
    const delta = -210 + 330 - 140 - 150 + 130 - 100 - 150 + 135 - 900;
    expect(await mainBalance(s, m.memberId)).toBe(before + BigInt(delta * 100));
  });
});

/** A member's single of 100.00 at 2.10 won and paid: 210.00 in the wallet, a correction away from a loss. */
async function paidWinner() {
  const m = await s.member();
  await fund(s, m.memberId, 10_000n);
  const match = await scriptMatch(s);
  const orderId = await place(m, [{ selectionId: await match.sel('1x2', 'home'), odds: 2.1 }]);
  await finish(s, match, { homeScore: 1, visitScore: 0 });
  await settleDueMatches(s.deps);
  expect(await mainBalance(s, m.memberId)).toBe(21_000n);
  return { m, match, orderId };
}

describe('a member who spent a payout before a correction', () => {
  it('gives back what the wallet holds; the rest is recorded as owed', async () => {
    const { m, match, orderId } = await paidWinner();
    // Spends most of it on another bet.
    await place(m, [{ selectionId: await (await scriptMatch(s)).sel('1x2', 'draw'), odds: 3.3 }], 150);
    await finish(s, match, { homeScore: 0, visitScore: 1 });
    await settleDueMatches(s.deps);
    expect(await mainBalance(s, m.memberId)).toBe(0n);
    expect(await betRow(orderId)).toMatchObject({ status: 'lost', payout: '0', due: '15000' });
  });
});

describe('a crash in the middle of settlement', () => {
  it('settles the rest on the next run and nothing twice', async () => {
    const members = await Promise.all([s.member(), s.member(), s.member()]);
    const match = await scriptMatch(s);
    const home = await match.sel('1x2', 'home');
    const orders: string[] = [];
    for (const m of members) {
      await fund(s, m.memberId, 100_000n);
      for (let i = 0; i < 8; i++) orders.push(await place(m, [{ selectionId: home, odds: 2.1 }]));
    }
    await finish(s, match, { homeScore: 2, visitScore: 0 });
    // The run stops part-way (the process going down between two bets).
    const stop = new AbortController();
    let seen = 0;
    const bus = {
      ...s.deps.bus,
      publish: ((ch, type, data) => {
        if (type === 'bet.settled' && ++seen === 9) stop.abort();
        return s.deps.bus.publish(ch, type, data);
      }) as typeof s.deps.bus.publish,
    };
    const first = await settleMatch({ ...s.deps, bus }, match.matchId, stop.signal);
    expect(first).toMatchObject({ settled: 9, complete: false });
    const behind = await s.deps.db.execute(sql`SELECT settled_version < result_version AS behind FROM sports_matches WHERE match_id = ${match.matchId}`);
    expect(behind.rows[0]).toEqual({ behind: true });
    const [rest] = await settleDueMatches(s.deps);
    expect(rest).toMatchObject({ settled: 15, complete: true });
    for (const orderId of orders) {
      expect((await transfers(orderId)).map((t) => (t as { kind: string }).kind)).toEqual(['bet.stake', 'bet.payout']);
    }
    for (const m of members) expect(await mainBalance(s, m.memberId)).toBe(100_000n - 80_000n + 8n * 21_000n);
  });
});

describe('a correction racing a spend', () => {
  it('takes back what the wallet holds once the spend has committed, and records the rest as owed', async () => {
    const { m, match, orderId } = await paidWinner();

    // The member's wallet is busy with a spend of 150.00 while the correction (to a loss) settles:
    // the correction must judge what it can take back after the spend, not before it.
    await finish(s, match, { homeScore: 0, visitScore: 1 });
    const owner = walletOwner({ siteId: 1, currency: 'CNY' }, m.memberId);
    let settling: Promise<unknown> | undefined;
    await s.deps.db.transaction(async (tx) => {
      const main = await memberAccount(tx, owner);
      await tx.execute(sql`SELECT 1 FROM wallet_accounts WHERE account_id = ${main} FOR UPDATE`);
      settling = settleDueMatches(s.deps);
      // On PostgreSQL the settlement now waits on the member's wallet; PGlite runs one transaction at a time.
      if (s.deps.database.kind === 'postgres') await waitForLockWaiter();
      await postTransfer(tx, {
        from: main,
        to: await houseAccount(tx, 1, 'CNY', 'deposits'),
        amountMinor: 15_000n,
        kind: 'test.spend',
        ref: `test:${orderId}:spend`,
      });
    });
    await settling;
    expect(await mainBalance(s, m.memberId)).toBe(0n);
    expect(await betRow(orderId)).toMatchObject({ status: 'lost', payout: '0', settlement_no: 2, due: '15000' });
  });
});

/** Waits until some other session is waiting on a row lock (the settlement, on the member's wallet). */
async function waitForLockWaiter(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await s.deps.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
    );
    if ((rows[0] as { n: number }).n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the settlement never waited on the wallet');
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@bp/contract';
import { type TestServer } from '../../../test/harness.ts';
import { setConfig } from '../../site/index.ts';
import { setVenueStatus } from '../book/venues.ts';
import { setStakeFactor } from './limits.ts';
import { settleDueMatches } from '../settle/settle-match.ts';
import {
  FOOTBALL_MARKETS,
  finish,
  fund,
  goLive,
  idemKey,
  mainBalance,
  priced,
  scriptMatch,
  setPrices,
  startBookServer,
  type Member,
  type ScriptedMatch,
} from '../testing.ts';

let s: TestServer;
beforeAll(async () => (s = await startBookServer()));
afterAll(() => s.close());
const bet = (m: Member, body: unknown, key = idemKey()) => s.call('/api/sports/bet/place', body, { token: m.token, key });
const records = (m: Member, body: object = { page: 1, size: 20 }) => s.call('/api/sports/bet/records', body, { token: m.token });
const betCount = async (memberId: number) =>
  Number(((await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM sports_bets WHERE member_id = ${memberId}`)).rows[0] as { n: number }).n);

async function funded(amountMinor = 100_000n): Promise<Member> {
  const m = await s.member();
  await fund(s, m.memberId, amountMinor);
  return m;
}

describe('placing a single', () => {
  it('takes the bet, debits the stake in the ledger and shows it in the records', async () => {
    const m = await funded();
    const match = await scriptMatch(s);
    const id = await match.sel('1x2', 'home');
    const told: unknown[] = [];
    const off = s.deps.bus.onFrame((f) => f.ch === `user:${m.memberId}` && f.type === 'wallet.balance' && told.push(f.data));
    const res = await bet(m, { type: 'single', stake: 100, selections: [{ selectionId: id, odds: 2.1 }] });
    expect(res.code).toBe(0);
    // The member's clients are told to re-read the balance (through Redis when configured: async).
    await expect.poll(() => told).toEqual([{ main: 900, reason: 'bet' }]);
    off();
    expect(res.data).toMatchObject({ status: 'pending', stake: 100, odds: 2.1, potentialReturn: 210, confirmAt: null });
    expect(res.data.orderId).toMatch(/^SB\d{8}\d{8}$/);
    expect(await mainBalance(s, m.memberId)).toBe(90_000n);
    const { rows } = await s.deps.db.execute(sql`SELECT kind, amount_minor::text AS amount FROM wallet_transfers WHERE ref = ${`bet:${res.data.orderId}`}`);
    expect(rows).toEqual([{ kind: 'bet.stake', amount: '10000' }]);
    const list = await records(m);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      orderId: res.data.orderId,
      stake: 100,
      odds: 2.1,
      status: 'pending',
      payout: 0,
      type: 'single',
      venueName: 'YB',
    });
    expect(list.data.list[0].legs[0]).toMatchObject({ matchId: match.matchId, marketName: '全场独赢', selectionName: '主队', odds: 2.1, outcome: null });
  });

  it('answers a repeated Idempotency-Key with the first result and debits once', async () => {
    const m = await funded();
    const match = await scriptMatch(s);
    const body = { type: 'single', stake: 50, selections: [{ selectionId: await match.sel('1x2', 'draw'), odds: 3.3 }] };
    const key = idemKey();
    const [a, b] = await Promise.all([bet(m, body, key), bet(m, body, key)]);
    const c = await bet(m, body, key);
    const codes = [a.code, b.code].sort();
    // A concurrent twin waits for the first and gets its answer (or is told it is in flight).
    expect(codes[0]).toBe(0);
    expect(c.data.orderId).toBe(a.code === 0 ? a.data.orderId : b.data.orderId);
    expect(await mainBalance(s, m.memberId)).toBe(95_000n);
    expect(await betCount(m.memberId)).toBe(1);
    const other = await bet(m, { ...body, stake: 60 }, key);
    expect(other.code).toBe(Errors.IDEMPOTENCY_MISMATCH.code);
    const none = await s.call('/api/sports/bet/place', body, { token: m.token });
    expect(none.code).toBe(Errors.IDEMPOTENCY_KEY_REQUIRED.code);
  });

  it('refuses a visitor with 401', async () => {
    const match = await scriptMatch(s);
    const body = { type: 'single', stake: 100, selections: [{ selectionId: await match.sel('1x2', 'home'), odds: 2.1 }] };
    const res = await s.call('/api/sports/bet/place', body, { key: idemKey() });
    expect(res.status).toBe(401);
    expect(res.code).toBe(Errors.AUTH_INVALID.code);
  });
});

describe('bad stakes and selections change nothing', () => {
  let m: Member;
  let match: ScriptedMatch;
  let home: number;
  beforeAll(async () => {
    m = await funded(50_000n);
    match = await scriptMatch(s);
    home = await match.sel('1x2', 'home');
  });
  const single = (stake: unknown, selectionId = home, odds = 2.1) => ({ type: 'single', stake, selections: [{ selectionId, odds }] });

  it.each([
    ['zero', 0, Errors.VALIDATION.code],
    ['negative', -10, Errors.VALIDATION.code],
    ['three decimals', 10.005, Errors.VALIDATION.code],
    ['a string', '100', Errors.VALIDATION.code],
    ['below the minimum', 5, Errors.STAKE_BELOW_MIN.code],
    ['over the balance', 600, Errors.INSUFFICIENT_BALANCE.code],
    ['over the market maximum', 50_000.01, Errors.STAKE_ABOVE_MAX.code],
  ])('refuses a stake %s', async (_name, stake, code) => {
    const res = await bet(m, single(stake));
    expect(res.code).toBe(code);
    expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(await mainBalance(s, m.memberId)).toBe(50_000n);
    expect(await betCount(m.memberId)).toBe(0);
  });

  it('refuses an unknown selection, two legs of one match, and slips of the wrong size', async () => {
    const draw = await match.sel('1x2', 'draw');
    const cases: Array<[object, number]> = [
      [single(100, 987654321), Errors.SELECTION_NOT_FOUND.code],
      [
        {
          type: 'parlay',
          stake: 100,
          selections: [
            { selectionId: home, odds: 2.1 },
            { selectionId: draw, odds: 3.3 },
          ],
        },
        Errors.PARLAY_SAME_MATCH.code,
      ],
      [
        {
          type: 'parlay',
          stake: 100,
          selections: [
            { selectionId: home, odds: 2.1 },
            { selectionId: home, odds: 2.1 },
          ],
        },
        Errors.PARLAY_SAME_MATCH.code,
      ],
      [{ type: 'parlay', stake: 100, selections: [{ selectionId: home, odds: 2.1 }] }, Errors.PARLAY_LEGS.code],
      [
        {
          type: 'single',
          stake: 100,
          selections: [
            { selectionId: home, odds: 2.1 },
            { selectionId: draw, odds: 3.3 },
          ],
        },
        Errors.SINGLE_ONE_SELECTION.code,
      ],
      [{ type: 'single', stake: 100, selections: [{ selectionId: home, odds: 2.123 }] }, Errors.VALIDATION.code],
      [{ type: 'single', stake: 100, selections: [] }, Errors.VALIDATION.code],
      [{ type: 'treble', stake: 100, selections: [{ selectionId: home, odds: 2.1 }] }, Errors.VALIDATION.code],
    ];
    for (const [body, code] of cases) expect((await bet(m, body)).code, JSON.stringify(body)).toBe(code);
    expect(await mainBalance(s, m.memberId)).toBe(50_000n);
    expect(await betCount(m.memberId)).toBe(0);
  });

  it('refuses a suspended market, a closed selection, a started or finished match, and a closed venue', async () => {
    const suspended = await scriptMatch(s, { markets: [priced('1x2', [2, 3, 4], { status: 'suspended' })] });
    expect((await bet(m, single(100, await suspended.sel('1x2', 'home'), 2))).code).toBe(Errors.MARKET_SUSPENDED.code);
    const closedSel = await scriptMatch(s, { markets: [priced('1x2', [2, null as never, 4])] });
    expect((await bet(m, single(100, await closedSel.sel('1x2', 'draw'), 2))).code).toBe(Errors.MARKET_CLOSED.code);
    const started = await scriptMatch(s, { startInMs: -1000 });
    expect((await bet(m, single(100, await started.sel('1x2', 'home'), 2.1))).code).toBe(Errors.MARKET_CLOSED.code);
    const over = await scriptMatch(s);
    const overHome = await over.sel('1x2', 'home');
    await finish(s, over, { homeScore: 1, visitScore: 0 });
    expect((await bet(m, single(100, overHome, 2.1))).code).toBe(Errors.MARKET_CLOSED.code);
    await setVenueStatus(s.deps.db, 1, 'OBTY', 2);
    try {
      expect((await bet(m, single(100))).code).toBe(Errors.SPORTS_VENUE_CLOSED.code);
    } finally {
      await setVenueStatus(s.deps.db, 1, 'OBTY', 0);
    }
    expect(await mainBalance(s, m.memberId)).toBe(50_000n);
    expect(await betCount(m.memberId)).toBe(0);
  });
});

describe('limits', () => {
  it('counts a member’s open singles on a market against its maximum, scaled by the member’s factor', async () => {
    const m = await funded(10_000_000n);
    const match = await scriptMatch(s);
    const cs = await match.sel('cs', '1-0');
    expect((await bet(m, { type: 'single', stake: 6000, selections: [{ selectionId: cs, odds: 10 }] })).code).toBe(0);
    const over = await bet(m, { type: 'single', stake: 4000.01, selections: [{ selectionId: cs, odds: 10 }] });
    expect(over.code).toBe(Errors.STAKE_ABOVE_MAX.code);
    expect(over.data).toEqual({ maxStake: 4000 });
    expect((await bet(m, { type: 'single', stake: 4000, selections: [{ selectionId: cs, odds: 10 }] })).code).toBe(0);
    await setStakeFactor(s.deps.db, m.memberId, 0.1);
    const ou = await match.sel('ou', 'over', 2.5);
    expect((await bet(m, { type: 'single', stake: 5000.01, selections: [{ selectionId: ou, odds: 1.85 }] })).code).toBe(Errors.STAKE_ABOVE_MAX.code);
    expect((await bet(m, { type: 'single', stake: 5000, selections: [{ selectionId: ou, odds: 1.85 }] })).code).toBe(0);
  });

  it('[issue 18] keeps what each member has open in singles per market as bets are taken, cashed out, rejected and settled, each once', async () => {
    const pairs = async (query: ReturnType<typeof sql>) =>
      Object.fromEntries(((await s.deps.db.execute(query)).rows as Array<{ k: string; v: string }>).map((r) => [r.k, r.v]));
    // What the limit reads, and the same counted from the bets themselves (every member of this file's server).
    const kept = () => pairs(sql`SELECT member_id || ':' || market_id AS k, staked_minor::text AS v FROM sports_open_singles WHERE staked_minor <> 0`);
    const counted = () =>
      pairs(sql`
        SELECT l.member_id || ':' || l.market_id AS k, sum(b.stake_minor)::text AS v FROM sports_bets b JOIN sports_bet_legs l ON l.bet_id = b.bet_id
        WHERE b.bet_type = 'single' AND b.status IN ('pending_delay', 'pending') GROUP BY 1`);
    const m = await funded(10_000_000n);
    const match = await scriptMatch(s, { markets: FOOTBALL_MARKETS() });
    const other = await scriptMatch(s, { markets: FOOTBALL_MARKETS() });
    const [home, yes] = [await match.sel('1x2', 'home'), await match.sel('btts', 'yes')];
    const market = async (selectionId: number) =>
      `${m.memberId}:${((await s.deps.db.execute(sql`SELECT market_id FROM sports_selections WHERE selection_id = ${selectionId}`)).rows[0] as { market_id: string }).market_id}`;
    const [onHome, onYes] = [await market(home), await market(yes)];
    const single = (selectionId: number, stake: number, key?: string) =>
      bet(m, { type: 'single', stake, selections: [{ selectionId, odds: 1.01 }], acceptOddsChange: true }, key);

    const first = await single(home, 100);
    const keyOfSecond = idemKey();
    expect((await single(home, 200, keyOfSecond)).code).toBe(0);
    expect((await single(home, 200, keyOfSecond)).code).toBe(0); // the same key again: one bet
    const parlay = {
      type: 'parlay',
      stake: 50,
      selections: [
        { selectionId: yes, odds: 1.01 },
        { selectionId: await other.sel('1x2', 'home'), odds: 1.01 },
      ],
    };
    expect((await bet(m, { ...parlay, acceptOddsChange: true })).code).toBe(0);
    expect((await kept())[onHome]).toBe('30000');
    expect((await kept())[onYes]).toBeUndefined();
    expect(await kept()).toEqual(await counted());

    expect((await s.call('/api/sports/bet/cashout', { orderId: first.data.orderId }, { token: m.token, key: idemKey() })).code).toBe(0);
    expect((await kept())[onHome]).toBe('20000');

    await setConfig(s.deps.db, 1, 'sports_inplay_delay_ms', '300');
    try {
      await goLive(s, match);
      const held = await bet(m, { type: 'single', stake: 100, selections: [{ selectionId: yes, odds: 1.8 }] });
      expect(held.data.status).toBe('pending_delay');
      expect((await kept())[onYes]).toBe('10000');
      await setPrices(s, match, [priced('btts', [1.6, 2.2])]);
      await new Promise((r) => setTimeout(r, 350));
      expect((await records(m)).data.list.find((b: { orderId: string }) => b.orderId === held.data.orderId).status).toBe('rejected');
      expect((await kept())[onYes]).toBeUndefined();
    } finally {
      await setConfig(s.deps.db, 1, 'sports_inplay_delay_ms', '0');
    }
    expect(await kept()).toEqual(await counted());

    await finish(s, match, { homeScore: 1, visitScore: 0 });
    await settleDueMatches(s.deps);
    await settleDueMatches(s.deps);
    expect((await kept())[onHome]).toBeUndefined();
    expect(await kept()).toEqual(await counted());
  });

  it('[issue 18] cash outs racing new bets of the same members on the same market leave what is open as the bets count it', async () => {
    const match = await scriptMatch(s, { markets: FOOTBALL_MARKETS() });
    const home = await match.sel('1x2', 'home');
    const single = (m: Member) => bet(m, { type: 'single', stake: 10, selections: [{ selectionId: home, odds: 1.01 }], acceptOddsChange: true });
    const members = await Promise.all(Array.from({ length: 4 }, () => funded()));
    const earlier = await Promise.all(members.flatMap((m) => [single(m), single(m), single(m)]));
    expect(earlier.map((r) => r.code)).toEqual(earlier.map(() => 0));
    const cashOuts = members.flatMap((m, i) =>
      earlier.slice(i * 3, i * 3 + 3).map((r) => s.call('/api/sports/bet/cashout', { orderId: r.data.orderId }, { token: m.token, key: idemKey() })),
    );
    const answers = await Promise.all([...cashOuts, ...members.flatMap((m) => [single(m), single(m)])]);
    expect(answers.map((r) => r.code)).toEqual(answers.map(() => 0));
    const open = await s.deps.db.execute(sql`
      SELECT os.member_id::int AS member, os.staked_minor::text AS kept,
        (SELECT sum(b.stake_minor) FROM sports_bets b JOIN sports_bet_legs l ON l.bet_id = b.bet_id
         WHERE l.member_id = os.member_id AND l.market_id = os.market_id AND b.bet_type = 'single' AND b.status IN ('pending_delay', 'pending'))::text AS counted
      FROM sports_open_singles os JOIN sports_selections sel ON sel.market_id = os.market_id
      WHERE sel.selection_id = ${home} ORDER BY 1`);
    const ids = members.map((m) => m.memberId).sort((a, b) => a - b);
    expect(open.rows).toEqual(ids.map((member) => ({ member, kept: '2000', counted: '2000' })));
  });

  it('refuses a payout over the maximum', async () => {
    const m = await funded(10_000_000n);
    const match = await scriptMatch(s, { markets: [priced('1x2', [150, 3, 1.01])] });
    const res = await bet(m, { type: 'single', stake: 7000, selections: [{ selectionId: await match.sel('1x2', 'home'), odds: 150 }] });
    expect(res.code).toBe(Errors.PAYOUT_ABOVE_MAX.code);
  });
});

describe('the odds-change policy', () => {
  it('refuses a worse price with the new prices, takes it when accepted, takes a better one', async () => {
    const m = await funded();
    const match = await scriptMatch(s);
    const id = await match.sel('1x2', 'home');
    await setPrices(s, match, [priced('1x2', [1.95, 3.4, 3.6])]);
    const refused = await bet(m, { type: 'single', stake: 100, selections: [{ selectionId: id, odds: 2.1 }] });
    expect(refused.code).toBe(Errors.ODDS_CHANGED.code);
    expect(refused.data).toEqual({ selections: [{ selectionId: id, odds: 1.95 }] });
    expect(await betCount(m.memberId)).toBe(0);
    const accepted = await bet(m, { type: 'single', stake: 100, selections: [{ selectionId: id, odds: 2.1 }], acceptOddsChange: true });
    expect(accepted.data).toMatchObject({ odds: 1.95, potentialReturn: 195 });
    await setPrices(s, match, [priced('1x2', [2.4, 3.1, 3.0])]);
    const better = await bet(m, { type: 'single', stake: 100, selections: [{ selectionId: id, odds: 2.1 }] });
    expect(better.data).toMatchObject({ odds: 2.4, potentialReturn: 240 });
  });

  it('never takes a bet below the price asked while the feed moves it (race)', async () => {
    const m = await funded(1_000_000n);
    const match = await scriptMatch(s);
    const id = await match.sel('1x2', 'home');
    const prices = [2.0, 2.2, 2.05, 2.15, 1.9, 2.3, 2.1, 1.8];
    const moves = (async () => {
      for (const p of prices) await setPrices(s, match, [priced('1x2', [p, 3.2, 3.5])]);
    })();
    const bets = await Promise.all(Array.from({ length: 16 }, () => bet(m, { type: 'single', stake: 100, selections: [{ selectionId: id, odds: 2.1 }] })));
    await moves;
    const taken = bets.filter((b) => b.code === 0);
    for (const b of bets) expect([0, Errors.ODDS_CHANGED.code]).toContain(b.code);
    for (const b of taken) expect(b.data.odds).toBeGreaterThanOrEqual(2.1);
    expect(await mainBalance(s, m.memberId)).toBe(1_000_000n - BigInt(taken.length) * 10_000n);
    expect(await betCount(m.memberId)).toBe(taken.length);
  });
});

describe('one balance, many bets at once', () => {
  it('takes only what the balance covers and never overdraws', async () => {
    const m = await funded(10_000n); // 100.00
    const match = await scriptMatch(s);
    const id = await match.sel('ou', 'under', 2.5);
    const bets = await Promise.all(Array.from({ length: 10 }, () => bet(m, { type: 'single', stake: 30, selections: [{ selectionId: id, odds: 2.0 }] })));
    expect(bets.filter((b) => b.code === 0)).toHaveLength(3);
    expect(bets.filter((b) => b.code === Errors.INSUFFICIENT_BALANCE.code)).toHaveLength(7);
    expect(await mainBalance(s, m.memberId)).toBe(1_000n);
  });
});

describe('a USDT site', () => {
  it('takes stakes in USDT with its own limits and ledger', async () => {
    const m = await s.member({ siteId: 2 });
    await fund(s, m.memberId, 10_000n, 2, 'USDT');
    const match = await scriptMatch(s);
    const id = await match.sel('1x2', 'home');
    const usdt = (body: object) => s.call('/api/sports/bet/place', body, { token: m.token, key: idemKey(), headers: { 'x-site-id': '2' } });
    expect((await usdt({ type: 'single', stake: 0.99, selections: [{ selectionId: id, odds: 2.1 }] })).code).toBe(Errors.STAKE_BELOW_MIN.code);
    const res = await usdt({ type: 'single', stake: 1.5, selections: [{ selectionId: id, odds: 2.1 }] });
    expect(res.data).toMatchObject({ stake: 1.5, potentialReturn: 3.15 });
    const { rows } = await s.deps.db.execute(
      sql`SELECT a.currency FROM wallet_transfers t JOIN wallet_accounts a ON a.account_id = t.to_account WHERE t.ref = ${`bet:${res.data.orderId}`}`,
    );
    expect(rows).toEqual([{ currency: 'USDT' }]);
    expect(await mainBalance(s, m.memberId)).toBe(9_850n);
  });
});

describe('parlays', () => {
  it('multiplies the legs’ prices into the potential return', async () => {
    const m = await funded();
    const [a, b, c] = await Promise.all([scriptMatch(s), scriptMatch(s), scriptMatch(s)]);
    const res = await bet(m, {
      type: 'parlay',
      stake: 100,
      selections: [
        { selectionId: await a.sel('1x2', 'home'), odds: 2.1 },
        { selectionId: await b.sel('ah', 'visit', -0.25), odds: 1.95 },
        { selectionId: await c.sel('btts', 'yes'), odds: 1.8 },
      ],
    });
    expect(res.code).toBe(0);
    // 2.1 * 1.95 * 1.8 = 7.371
    expect(res.data).toMatchObject({ odds: 7.37, potentialReturn: 737.1, status: 'pending' });
    expect((await records(m)).data.list[0].legs).toHaveLength(3);
  });
});

describe('the in-play delay', () => {
  it('holds an in-play bet, then confirms it at its price or rejects it and returns the stake', async () => {
    await setConfig(s.deps.db, 1, 'sports_inplay_delay_ms', '300');
    try {
      const m = await funded();
      const match = await scriptMatch(s, { markets: FOOTBALL_MARKETS() });
      await goLive(s, match);
      const home = await match.sel('1x2', 'home');
      const held = await bet(m, { type: 'single', stake: 100, selections: [{ selectionId: home, odds: 2.1 }] });
      expect(held.data.status).toBe('pending_delay');
      expect(held.data.confirmAt).toBeGreaterThan(Date.now());
      expect(await mainBalance(s, m.memberId)).toBe(90_000n);
      const dropped = await bet(m, { type: 'single', stake: 100, selections: [{ selectionId: await match.sel('btts', 'yes'), odds: 1.8 }] });
      await setPrices(s, match, [priced('btts', [1.6, 2.2])]);
      await new Promise((r) => setTimeout(r, 350));
      const list = await records(m);
      const byId = new Map(list.data.list.map((b: { orderId: string }) => [b.orderId, b]));
      expect(byId.get(held.data.orderId)).toMatchObject({ status: 'pending' });
      expect(byId.get(dropped.data.orderId)).toMatchObject({ status: 'rejected', rejectReason: Errors.ODDS_CHANGED.msg, payout: 0 });
      expect(await mainBalance(s, m.memberId)).toBe(90_000n);
    } finally {
      await setConfig(s.deps.db, 1, 'sports_inplay_delay_ms', '0');
    }
  });
});

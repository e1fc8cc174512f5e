import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors, type TableOutcome } from '@bp/contract';
import { shiftToMorning, startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { expectLedgerSound, newKey } from '../wallet/testing.ts';
import { runTables } from './index.ts';
import { betReturn } from './games/index.ts';
import { currentRound, storedRound, toNextRound } from './testing.ts';

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

/** A member with `amount` at AG. */
async function playerAtAg(amount: number, siteId?: number) {
  const m = await s.member(siteId ? { siteId } : {});
  const headers = siteId ? { 'x-site-id': String(siteId) } : undefined;
  const pay = await s.call('/api/wallet/pay/types', {}, { token: m.token, headers });
  const payTypeId = pay.data.find((t: { kind: string }) => t.kind === 'sandbox').payTypeId;
  expect((await s.call('/api/wallet/pay/payVal', { payTypeId, amount }, { token: m.token, key: newKey(), headers })).code).toBe(0);
  const moved = await s.call('/api/wallet/transfer', { api_name: 'AG', amount, transfer_out: false }, { token: m.token, key: newKey(), headers });
  expect(moved.code, moved.msg).toBe(0);
  return { ...m, headers };
}

const bet = (m: { token: string; headers?: Record<string, string> }, body: object, key = newKey()) =>
  s.call('/api/tables/bet', body, { token: m.token, key, headers: m.headers });
const state = (m: { token: string } | null, tableId: string) => s.call('/api/tables/state', { tableId }, m ? { token: m.token } : {});
const agBalance = async (m: { token: string }) => (await state(m, 'bac1')).data.balance as number;
const records = async (m: { token: string }) => (await s.call('/api/game/records', { api_name: 'AG' }, { token: m.token })).data;

/** Plays the dealer at the round's moments: its close (the deal), then its reveal (the payout). */
async function dealAndSettle(tableId: string, r: { closesAt: number; revealAt: number; roundNo: number }) {
  clock.shift(r.closesAt - clock.now());
  await runTables(s.deps);
  const dealt = await storedRound(s, tableId, r.roundNo);
  clock.shift(r.revealAt - clock.now());
  await runTables(s.deps);
  return dealt!.outcome!;
}

describe('live dealer tables', () => {
  it('are AG games in the catalogue, listed with their round, timing and limits in the site currency', async () => {
    const games = await s.deps.db.execute(sql`SELECT game_id FROM casino_games WHERE api_name = 'AG' ORDER BY game_id`);
    expect(games.rows.map((r) => (r as { game_id: string }).game_id)).toEqual(['ag-baccarat', 'ag-dragon-tiger', 'ag-roulette']);
    const list = await s.call('/api/tables/list', {});
    expect(list.code, list.msg).toBe(0);
    expect(list.data.list.map((t: { tableId: string; game: string }) => [t.tableId, t.game])).toEqual([
      ['bac1', 'baccarat'],
      ['dt1', 'dragon-tiger'],
      ['rou1', 'roulette'],
    ]);
    const bac = list.data.list[0];
    expect(bac.round.status).toBe('betting');
    expect(bac.round.closesAt - bac.round.startsAt).toBe(bac.timing.betMs);
    expect(bac.limits).toContainEqual({ kind: 'main', name: '庄/闲', min: 10, max: 50000 });
    const usdt = await s.call('/api/tables/list', {}, { headers: { 'x-site-id': '2' } });
    expect(usdt.data.list[0].limits).toContainEqual({ kind: 'main', name: '庄/闲', min: 1, max: 7000 });
  });

  it('a baccarat round: bets in the window, the deal at its close, payouts at its reveal, records and turnover as the money moved', async () => {
    const m = await playerAtAg(1000);
    const r = await toNextRound(s, 'bac1');
    await runTables(s.deps);
    const stakes = { player: 100, banker: 100, tie: 20, player_pair: 10, banker_pair: 10 };
    const placed = await bet(m, { tableId: 'bac1', roundNo: r.roundNo, bets: Object.entries(stakes).map(([spot, amount]) => ({ spot, amount })) });
    expect(placed.code, placed.msg).toBe(0);
    expect(placed.data).toMatchObject({ roundNo: r.roundNo, stake: 240, balance: 760 });
    const open = await records(m);
    expect(open.list[0]).toMatchObject({ status: 'open', stake: 240, balanceBefore: 1000, gameName: '百家乐 A', kind: 'live' });

    const outcome = (await dealAndSettle('bac1', r)) as TableOutcome & { game: 'baccarat' };
    expect(outcome.game).toBe('baccarat');
    const payout = betReturn(
      Object.entries(stakes).map(([spot, amount]) => ({ spot, amountMinor: BigInt(amount * 100) })),
      outcome,
    );
    expect(await agBalance(m)).toBe(760 + Number(payout) / 100);
    const [record] = (await records(m)).list;
    expect(record).toMatchObject({ status: 'settled', payout: Number(payout) / 100, balanceAfter: 760 + Number(payout) / 100 });
    expect(record.detail.outcome).toEqual(outcome);
    const mine = (await state(m, 'bac1')).data.myBets;
    expect(mine[0]).toMatchObject({ status: 'settled', payout: Number(payout) / 100 });
    // The round's result joins the road; the table's next round takes bets.
    const after = await state(null, 'bac1');
    expect(after.data.table.history.at(-1)).toEqual({ roundNo: r.roundNo, shoeNo: expect.any(Number), outcome });
    const valid = await s.deps.db.execute(sql`SELECT valid_minor::text AS v FROM vip_valid_bets WHERE member_id = ${m.memberId}`);
    const net = payout - 24000n;
    expect(valid.rows).toEqual([{ v: String(net < 0n ? (-net < 24000n ? -net : 24000n) : net < 24000n ? net : 24000n) }]);
  });

  it('a tie pushes player and banker: the stake comes back and counts no turnover', async () => {
    const m = await playerAtAg(500);
    // Rounds until one ties; each bet 10 on the player.
    for (let i = 0; i < 200; i++) {
      const r = await toNextRound(s, 'bac1');
      expect((await bet(m, { tableId: 'bac1', roundNo: r.roundNo, bets: [{ spot: 'player', amount: 10 }] })).code).toBe(0);
      const outcome = await dealAndSettle('bac1', r);
      if (outcome.game === 'baccarat' && outcome.winner === 'tie') {
        const [record] = (await records(m)).list;
        expect(record).toMatchObject({ stake: 10, payout: 10, status: 'settled' });
        const valid = await s.deps.db.execute(sql`SELECT valid_minor::text AS v FROM vip_valid_bets WHERE ref = ${record.roundId}`);
        expect(valid.rows).toEqual([{ v: '0' }]);
        return;
      }
    }
    throw new Error('no tie in 200 rounds');
  }, 120_000);

  it('dragon tiger and roulette rounds pay by their own rules', async () => {
    const m = await playerAtAg(1000);
    const dt = await toNextRound(s, 'dt1');
    expect(
      (
        await bet(m, {
          tableId: 'dt1',
          roundNo: dt.roundNo,
          bets: [
            { spot: 'dragon', amount: 50 },
            { spot: 'tie', amount: 10 },
          ],
        })
      ).code,
    ).toBe(0);
    const dtOutcome = await dealAndSettle('dt1', dt);
    const dtPaid = betReturn(
      [
        { spot: 'dragon', amountMinor: 5000n },
        { spot: 'tie', amountMinor: 1000n },
      ],
      dtOutcome,
    );
    expect(await agBalance(m)).toBe(940 + Number(dtPaid) / 100);

    const before = await agBalance(m);
    const ro = await toNextRound(s, 'rou1');
    const spots = [
      { spot: 'straight:17', amount: 5 },
      { spot: 'split:0-1', amount: 5 },
      { spot: 'red', amount: 10 },
      { spot: 'dozen:2', amount: 10 },
      { spot: 'column:3', amount: 10 },
    ];
    expect((await bet(m, { tableId: 'rou1', roundNo: ro.roundNo, bets: spots })).code).toBe(0);
    const roOutcome = await dealAndSettle('rou1', ro);
    expect(roOutcome).toMatchObject({ game: 'roulette', number: expect.any(Number) });
    const roPaid = betReturn(
      spots.map((x) => ({ spot: x.spot, amountMinor: BigInt(x.amount * 100) })),
      roOutcome,
    );
    expect(await agBalance(m)).toBeCloseTo(before - 40 + Number(roPaid) / 100, 2);
  });

  it('refuses bets outside the window, unknown spots, outside the limits, 3 decimals and more than the AG balance, in words, taking nothing', async () => {
    const m = await playerAtAg(100);
    const r = await toNextRound(s, 'bac1');
    const refused = async (body: object, error: { code: number; msg: string }) => {
      const res = await bet(m, body);
      expect(res.code, JSON.stringify(res)).toBe(error.code);
      expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
      return res;
    };
    await refused({ tableId: 'bac1', roundNo: r.roundNo - 1, bets: [{ spot: 'player', amount: 10 }] }, Errors.TABLE_BETTING_CLOSED);
    await refused({ tableId: 'bac1', roundNo: r.roundNo + 1, bets: [{ spot: 'player', amount: 10 }] }, Errors.TABLE_BETTING_CLOSED);
    await refused({ tableId: 'nope', roundNo: r.roundNo, bets: [{ spot: 'player', amount: 10 }] }, Errors.TABLE_UNKNOWN);
    expect((await refused({ tableId: 'bac1', roundNo: r.roundNo, bets: [{ spot: 'dragon', amount: 10 }] }, Errors.TABLE_SPOT_UNKNOWN)).msg).toContain('dragon');
    expect((await refused({ tableId: 'bac1', roundNo: r.roundNo, bets: [{ spot: 'player', amount: 5 }] }, Errors.TABLE_BET_BELOW_MIN)).msg).toContain('10');
    await refused({ tableId: 'bac1', roundNo: r.roundNo, bets: [{ spot: 'tie', amount: 5001 }] }, Errors.TABLE_BET_ABOVE_MAX);
    const decimals = await refused({ tableId: 'bac1', roundNo: r.roundNo, bets: [{ spot: 'player', amount: 10.005 }] }, Errors.VALIDATION);
    expect(decimals.msg).toContain('小数');
    await refused(
      {
        tableId: 'bac1',
        roundNo: r.roundNo,
        bets: [
          { spot: 'player', amount: 100 },
          { spot: 'banker', amount: 10 },
        ],
      },
      Errors.GAME_STAKE_ABOVE_BALANCE,
    );
    // The betting window closed: the round is dealt, and a bet on it is refused.
    clock.shift(r.closesAt - clock.now());
    await refused({ tableId: 'bac1', roundNo: r.roundNo, bets: [{ spot: 'player', amount: 10 }] }, Errors.TABLE_BETTING_CLOSED);
    await runTables(s.deps);
    expect((await storedRound(s, 'bac1', r.roundNo))!.status).toBe('dealt');
    expect(await agBalance(m)).toBe(100);
    expect((await records(m)).total).toBe(0);
    // A visitor is refused.
    expect((await s.call('/api/tables/bet', { tableId: 'bac1', roundNo: r.roundNo + 1, bets: [{ spot: 'player', amount: 10 }] }, { key: newKey() })).code).toBe(
      Errors.AUTH_INVALID.code,
    );
  });

  it('limits count what the member already staked on the spot this round', async () => {
    const m = await playerAtAg(20_000);
    const r = await toNextRound(s, 'bac1');
    expect((await bet(m, { tableId: 'bac1', roundNo: r.roundNo, bets: [{ spot: 'tie', amount: 3000 }] })).code).toBe(0);
    expect((await bet(m, { tableId: 'bac1', roundNo: r.roundNo, bets: [{ spot: 'tie', amount: 2001 }] })).code).toBe(Errors.TABLE_BET_ABOVE_MAX.code);
    expect((await bet(m, { tableId: 'bac1', roundNo: r.roundNo, bets: [{ spot: 'tie', amount: 2000 }] })).code).toBe(0);
    await dealAndSettle('bac1', r);
  });

  it('concurrent bets over one balance never overdraw; a repeated key takes one stake and answers the first bet', async () => {
    const m = await playerAtAg(100);
    const r = await toNextRound(s, 'bac1');
    const body = { tableId: 'bac1', roundNo: r.roundNo, bets: [{ spot: 'banker', amount: 30 }] };
    const answers = await Promise.all(Array.from({ length: 8 }, () => bet(m, body)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === Errors.GAME_STAKE_ABOVE_BALANCE.code)).toBe(true);
    expect(await agBalance(m)).toBe(10);

    const key = newKey();
    const again = await Promise.all([1, 2, 3].map(() => bet(m, { ...body, bets: [{ spot: 'player', amount: 10 }] }, key)));
    expect(again.map((a) => a.code)).toEqual([0, 0, 0]);
    expect(new Set(again.map((a) => a.data.betId)).size).toBe(1);
    expect(await agBalance(m)).toBe(0);
    expect((await records(m)).total).toBe(4);
    await dealAndSettle('bac1', r);
    // Settling again moves nothing.
    const settled = await agBalance(m);
    await runTables(s.deps);
    expect(await agBalance(m)).toBe(settled);
    expect((await records(m)).list.every((x: { status: string }) => x.status === 'settled')).toBe(true);
  });

  it('a round never dealt in its time is void and every stake goes back; a dealt round left unpaid is paid from its stored outcome', async () => {
    const m = await playerAtAg(200);
    const r = await toNextRound(s, 'bac1');
    expect((await bet(m, { tableId: 'bac1', roundNo: r.roundNo, bets: [{ spot: 'player', amount: 50 }] })).code).toBe(0);
    // The dealer was away until after the round's reveal: nothing was drawn.
    clock.shift(r.revealAt + 1 - clock.now());
    await runTables(s.deps);
    expect((await storedRound(s, 'bac1', r.roundNo))!).toMatchObject({ status: 'void', outcome: null });
    expect(await agBalance(m)).toBe(200);
    expect((await records(m)).list[0]).toMatchObject({ status: 'refunded', payout: 50, balanceAfter: 200 });

    const next = await toNextRound(s, 'bac1');
    expect((await bet(m, { tableId: 'bac1', roundNo: next.roundNo, bets: [{ spot: 'banker', amount: 50 }] })).code).toBe(0);
    clock.shift(next.closesAt - clock.now());
    await runTables(s.deps);
    const dealt = (await storedRound(s, 'bac1', next.roundNo))!;
    expect(dealt.status).toBe('dealt');
    // Long after (a restart): paid from what was drawn then.
    clock.shift(next.endsAt + 60_000 - clock.now());
    await runTables(s.deps);
    expect((await storedRound(s, 'bac1', next.roundNo))!.status).toBe('settled');
    expect(await agBalance(m)).toBe(150 + Number(betReturn([{ spot: 'banker', amountMinor: 5000n }], dealt.outcome!)) / 100);
  });

  it('deals the shoe in order and starts a new shoe past the cut card', async () => {
    const r = await currentRound(s, 'bac1');
    await s.deps.db.execute(sql`UPDATE dealer_shoes SET position = cut_at WHERE table_id = 'bac1'`);
    const shoeBefore = (await s.deps.db.execute(sql`SELECT max(shoe_no)::int AS n FROM dealer_shoes WHERE table_id = 'bac1'`)).rows[0] as { n: number };
    const next = await toNextRound(s, 'bac1');
    expect(next.roundNo).toBeGreaterThan(r.roundNo);
    await dealAndSettle('bac1', next);
    const stored = (await storedRound(s, 'bac1', next.roundNo))!;
    expect(stored.shoe_no).toBe(shoeBefore.n + 1);
    const { rows } = await s.deps.db.execute(sql`SELECT cards, burned, position FROM dealer_shoes WHERE table_id = 'bac1' AND shoe_no = ${stored.shoe_no}`);
    const shoe = rows[0] as { cards: string; burned: number; position: number };
    const o = stored.outcome as TableOutcome & { game: 'baccarat' };
    const dealtCards = shoe.cards.split(' ').slice(shoe.burned, shoe.position);
    const byOrder = [...o.order].map((side, i) => (side === 'p' ? o.player : o.banker)[[...o.order].slice(0, i).filter((x) => x === side).length]);
    expect(dealtCards).toEqual(byOrder);
    // The road shows the new shoe alone.
    expect((await state(null, 'bac1')).data.table.history.map((h: { roundNo: number }) => h.roundNo)).toEqual([next.roundNo]);
  });
});

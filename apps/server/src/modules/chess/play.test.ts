import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { SandboxVenue } from '../venue/index.ts';
import { setVenueStatus } from '../venue/testing.ts';
import { finishIdleHands } from './play.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const atKy = (memberId: number) => new SandboxVenue(s.deps.db, 'KY').balance(memberId);
const deal = (token: string, amount: number, key = newKey()) => s.call('/api/chess/niuniu/deal', { amount }, { token, key });
const bid = (token: string, roundId: string, value: number, key = newKey()) => s.call('/api/chess/niuniu/bid', { roundId, bid: value }, { token, key });
const records = async (token: string) => (await s.call('/api/game/records', { api_name: 'KY' }, { token })).data;

/** A member with `amount` at KY. */
async function playerAtKy(amount: number) {
  const m = await s.member();
  await w.fund(m.token, amount);
  expect((await w.move('/api/wallet/transfer', { api_name: 'KY', amount, transfer_out: false }, m.token)).code).toBe(0);
  return m;
}
const cashOut = (token: string) => w.move('/api/wallet/recover', {}, token);

describe('抢庄牛牛 at KY', () => {
  it('[S7-11] a deal holds 20 bases and shows four cards; the bid settles it: the hold back less the loss or with the win, the round in the records', async () => {
    const m = await playerAtKy(100);
    const dealt = await deal(m.token, 2);
    expect(dealt.code, dealt.msg).toBe(0);
    expect(dealt.data).toMatchObject({ status: 'bidding', base: 2, held: 40, balance: 60, houseBid: null, member: null });
    expect(dealt.data.cards).toHaveLength(4);
    expect(await atKy(m.memberId)).toBe(6000n);
    // While open, the records show the hold and never the cards still hidden.
    const open = (await records(m.token)).list[0];
    expect(open).toMatchObject({ roundId: dealt.data.roundId, status: 'open', stake: 40, balanceBefore: 100, balanceAfter: null, gameName: '抢庄牛牛' });
    expect(JSON.stringify(open.detail)).not.toContain('house');
    // The info call resumes the open hand.
    expect((await s.call('/api/chess/niuniu/info', {}, { token: m.token })).data).toMatchObject({ balance: 60, round: { roundId: dealt.data.roundId } });

    const shown = await bid(m.token, dealt.data.roundId, 2);
    expect(shown.code, shown.msg).toBe(0);
    const r = shown.data;
    expect(r.status).toBe('settled');
    expect(r.cards.slice(0, 4)).toEqual(dealt.data.cards);
    expect(r.bankerMultiple).toBe(Math.max(1, 2, r.houseBid));
    expect(r.banker).toBe(r.houseBid < 2 ? 'member' : r.houseBid > 2 ? 'house' : r.banker);
    const winner = r.won ? r.member : r.house;
    expect(r.amount).toBe(2 * r.bankerMultiple * winner.multiplier);
    expect(r.net).toBeCloseTo(r.won ? r.amount * 0.95 : -r.amount, 6);
    expect(r.balance).toBeCloseTo(100 + r.net, 6);
    expect(await atKy(m.memberId)).toBe(BigInt(Math.round(r.balance * 100)));

    const settled = (await records(m.token)).list[0];
    expect(settled).toMatchObject({ status: 'settled', stake: r.amount, balanceBefore: 100, balanceAfter: r.balance });
    expect(settled.payout).toBeCloseTo(r.won ? r.amount * 1.95 : 0, 6);
    expect(settled.detail).toMatchObject({ memberHand: r.member.name, houseHand: r.house.name, memberBid: 2, houseBid: r.houseBid, houseCards: r.house.cards });
    await cashOut(m.token);
  });

  it('a repeated key answers the first deal and bid and moves nothing again; twin deals open one round, twin bids settle it once', async () => {
    const m = await playerAtKy(50);
    const key = newKey();
    const twins = await Promise.all([deal(m.token, 1, key), deal(m.token, 1, key), deal(m.token, 1, key)]);
    expect(new Set(twins.map((t) => t.data.roundId)).size).toBe(1);
    expect(await atKy(m.memberId)).toBe(3000n);

    const rivals = await Promise.all([deal(m.token, 1), deal(m.token, 1)]);
    for (const rival of rivals) expect(rival).toMatchObject({ code: Errors.NIUNIU_ROUND_OPEN.code, msg: '上一局还未结束，请先抢庄' });
    expect(await atKy(m.memberId)).toBe(3000n);

    const roundId = twins[0].data.roundId;
    const bidKey = newKey();
    const [a, b] = await Promise.all([bid(m.token, roundId, 4, bidKey), bid(m.token, roundId, 4, bidKey)]);
    expect(a.data).toEqual(b.data);
    const other = await bid(m.token, roundId, 1);
    expect(other).toMatchObject({ code: Errors.NIUNIU_ROUND_OVER.code, msg: '本局已结束，请重新开局' });
    expect(await atKy(m.memberId)).toBe(BigInt(Math.round((50 + a.data.net) * 100)));
    expect((await records(m.token)).total).toBe(1);
    await cashOut(m.token);
  });

  it('rounds over one balance never overdraw it: concurrent deals and a transfer out share the KY balance', async () => {
    const m = await playerAtKy(30);
    const [dealt, out] = await Promise.all([deal(m.token, 1), w.move('/api/wallet/transfer', { api_name: 'KY', amount: 15, transfer_out: true }, m.token)]);
    const held = dealt.code === 0 ? 2000n : 0n;
    const moved = out.code === 0 ? 1500n : 0n;
    expect(dealt.code === 0 || out.code === 0).toBe(true);
    expect(await atKy(m.memberId)).toBe(3000n - held - moved);
    if (dealt.code === 0) await bid(m.token, dealt.data.roundId, 0);
    await cashOut(m.token);
  });

  it('refuses bad input in words: a bid outside 0-4, another member’s or no round, a base the balance cannot hold, a closed venue', async () => {
    const m = await playerAtKy(10);
    expect(await deal(m.token, 1)).toMatchObject({ code: Errors.NIUNIU_BALANCE_SHORT.code, msg: '棋牌余额不足：开局须有底注的 20 倍，请先转入额度' });
    expect((await deal(m.token, -1)).code).toBe(Errors.VALIDATION.code);
    expect((await deal(m.token, 0.5)).code).toBe(0);
    const open = (await s.call('/api/chess/niuniu/info', {}, { token: m.token })).data.round;
    expect((await bid(m.token, open.roundId, 5)).code).toBe(Errors.VALIDATION.code);
    const stranger = await s.member();
    expect(await bid(stranger.token, open.roundId, 1)).toMatchObject({ code: Errors.NIUNIU_ROUND_UNKNOWN.code, msg: '牌局不存在' });
    expect((await s.call('/api/chess/niuniu/deal', { amount: 1 }, { key: newKey() })).code).toBe(Errors.AUTH_INVALID.code);
    await setVenueStatus(s.deps.db, 'KY', 1);
    try {
      expect(await deal(stranger.token, 1)).toMatchObject({ code: Errors.GAME_VENUE_CLOSED.code });
      // A hand dealt before the maintenance is still settled.
      expect((await bid(m.token, open.roundId, 0)).code).toBe(0);
    } finally {
      await setVenueStatus(s.deps.db, 'KY', 0);
    }
    expect(await atKy(m.memberId)).toBeGreaterThan(0n);
    await cashOut(m.token);
  });

  it('a hand left without a bid is settled as 不抢 once idle: the hold comes back less any loss, the round closed', async () => {
    const m = await playerAtKy(40);
    const dealt = await deal(m.token, 1);
    expect(await finishIdleHands(s.deps.db, new Date(Date.now() - 60_000))).toBe(0);
    expect(await finishIdleHands(s.deps.db, new Date(Date.now() + 1_000))).toBeGreaterThanOrEqual(1);
    const round = (await records(m.token)).list[0];
    expect(round).toMatchObject({ roundId: dealt.data.roundId, status: 'settled', detail: { memberBid: 0 } });
    expect(await atKy(m.memberId)).toBe(BigInt(Math.round(round.balanceAfter * 100)));
    expect((await s.call('/api/chess/niuniu/info', {}, { token: m.token })).data.round).toBeNull();
    await cashOut(m.token);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, FISH_KINDS } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { SandboxVenue } from '../venue/index.ts';
import { catchesOutOf, FISH_RTP, FISH_TABLE, shoot } from './shooter.ts';

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

const atFish = (memberId: number) => new SandboxVenue(s.deps.db, 'FISH').balance(memberId);
const fire = (token: string, amount: number, shots: string[], key = newKey()) => s.call('/api/fish/shoot', { amount, shots }, { token, key });

async function playerAtFish(amount: number) {
  const m = await s.member();
  // Deposits start at 10: what is not moved to the fish venue stays in the main wallet.
  await w.fund(m.token, Math.max(amount, 10));
  expect((await w.move('/api/wallet/transfer', { api_name: 'FISH', amount, transfer_out: false }, m.token)).code).toBe(0);
  return m;
}

describe('the fish shooter', () => {
  it('every fish pays bet × multiplier with probability RTP / multiplier: each shot returns the stated RTP', () => {
    for (const f of FISH_TABLE) {
      expect(Number.isInteger(catchesOutOf(f.kind))).toBe(true);
      expect((catchesOutOf(f.kind) / 1_000_000) * f.multiplier).toBeCloseTo(FISH_RTP, 12);
      // The draw just under the threshold catches, the one at it does not.
      expect(shoot(f.kind, () => catchesOutOf(f.kind) - 1)).toEqual({ kind: f.kind, caught: true, multiplier: f.multiplier });
      expect(shoot(f.kind, () => catchesOutOf(f.kind))).toEqual({ kind: f.kind, caught: false, multiplier: 0 });
    }
    expect(FISH_TABLE.map((f) => f.kind)).toEqual([...FISH_KINDS]);
  });

  it('[S7-11] a batch of shots is one round: each costs the bet, the catches paid, the venue balance and the records agree', async () => {
    const m = await playerAtFish(20);
    const res = await fire(m.token, 0.5, ['clown', 'clown', 'shark', 'turtle']);
    expect(res.code, res.msg).toBe(0);
    const { hits, stake, payout, balance } = res.data;
    expect(stake).toBe(2);
    expect(hits).toHaveLength(4);
    const multipliers = Object.fromEntries(FISH_TABLE.map((f) => [f.kind, f.multiplier]));
    for (const h of hits) expect(h.win).toBe(h.caught ? 0.5 * multipliers[h.kind] : 0);
    expect(payout).toBeCloseTo(
      hits.reduce((sum: number, h: { win: number }) => sum + h.win, 0),
      6,
    );
    expect(balance).toBeCloseTo(20 - 2 + payout, 6);
    expect(await atFish(m.memberId)).toBe(BigInt(Math.round(balance * 100)));
    const [round] = (await s.call('/api/game/records', { api_name: 'FISH' }, { token: m.token })).data.list;
    expect(round).toMatchObject({
      roundId: res.data.roundId,
      kind: 'fish',
      venueName: '海王捕鱼',
      stake: 2,
      payout,
      balanceBefore: 20,
      balanceAfter: balance,
      status: 'settled',
    });
    expect(round.detail).toMatchObject({ bet: 0.5, shots: 4 });
    await w.move('/api/wallet/recover', {}, m.token);
  });

  it('a repeated key shoots once; concurrent batches never take more than the balance holds', async () => {
    const m = await playerAtFish(3);
    const key = newKey();
    const twins = await Promise.all([1, 2, 3].map(() => fire(m.token, 1, ['ray'], key)));
    expect(new Set(twins.map((t) => t.data.roundId)).size).toBe(1);
    const afterOne = await atFish(m.memberId);
    expect(afterOne).toBe(BigInt(Math.round(twins[0].data.balance * 100)));
    // Ten batches of one bet at once against what is left: each taken only while the balance holds it.
    const batches = await Promise.all(Array.from({ length: 10 }, () => fire(m.token, 1, ['dragon'])));
    const played = batches.filter((b) => b.code === 0);
    for (const b of batches.filter((x) => x.code !== 0)) expect(b).toMatchObject({ code: Errors.FISH_BALANCE_SHORT.code, msg: '捕鱼余额不足，请先转入额度' });
    const won = played.reduce((sum, b) => sum + b.data.payout, 0);
    expect(await atFish(m.memberId)).toBe(afterOne - BigInt(played.length * 100) + BigInt(Math.round(won * 100)));
    expect(await atFish(m.memberId)).toBeGreaterThanOrEqual(0n);
    const total = (await s.call('/api/game/records', { api_name: 'FISH' }, { token: m.token })).data.total;
    expect(total).toBe(1 + played.length);
    await w.move('/api/wallet/recover', {}, m.token);
  });

  it('refuses bad input in words and changes nothing', async () => {
    const m = await playerAtFish(5);
    expect((await fire(m.token, 1, ['whale'])).code).toBe(Errors.VALIDATION.code);
    expect((await fire(m.token, 1, [])).code).toBe(Errors.VALIDATION.code);
    expect((await fire(m.token, 1, Array(21).fill('clown'))).code).toBe(Errors.VALIDATION.code);
    expect((await fire(m.token, 0, ['clown'])).code).toBe(Errors.VALIDATION.code);
    expect((await fire(m.token, 1, Array(6).fill('clown'))).code).toBe(Errors.FISH_BALANCE_SHORT.code);
    expect((await s.call('/api/fish/shoot', { amount: 1, shots: ['clown'] }, { key: newKey() })).code).toBe(Errors.AUTH_INVALID.code);
    expect(await atFish(m.memberId)).toBe(500n);
    await w.move('/api/wallet/recover', {}, m.token);
  });
});

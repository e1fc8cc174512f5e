import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { referenceDice, referenceKeno, referenceLimbo, referencePlinko } from './reference.testing.ts';

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

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const dice = (token: string, body: object, key = newKey()) => s.call('/api/originals/dice/play', body, { token, key });
const limbo = (token: string, body: object, key = newKey()) => s.call('/api/originals/limbo/play', body, { token, key });
const seed = async (token: string) => (await s.call('/api/originals/seed', {}, { token })).data;
const main = async (token: string) => (await w.balance(token)).main as number;

async function funded(amount: number, siteId?: number) {
  const m = await s.member(siteId ? { siteId } : {});
  if (siteId) {
    const site = { 'x-site-id': String(siteId) };
    const payTypeId = await w.sandboxPayType(m.token, site);
    const res = await s.call('/api/wallet/pay/payVal', { payTypeId, amount }, { token: m.token, key: newKey(), headers: site });
    expect(res.code, res.msg).toBe(0);
  } else await w.fund(m.token, amount);
  return m;
}

describe('house originals: seeds, dice and limbo', () => {
  it('rounds recompute from the revealed seed by an independent implementation; rotation reveals the seed whose hash was shown and resets the nonce', async () => {
    const m = await funded(500);
    const before = await seed(m.token);
    expect(before.nonce).toBe(0);
    expect(before.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

    const rounds = [];
    for (let i = 0; i < 6; i++) {
      const res =
        i % 2 === 0
          ? await dice(m.token, { amount: 2, target: 40 + i, condition: i % 4 === 0 ? 'over' : 'under' })
          : await limbo(m.token, { amount: 1.5, targetMultiplier: 1.5 + i });
      expect(res.code, res.msg).toBe(0);
      expect(res.data).toMatchObject({ serverSeedHash: before.serverSeedHash, clientSeed: before.clientSeed, nonce: i });
      rounds.push(res.data);
    }
    const plinko = await s.call('/api/originals/plinko/play', { amount: 1, rows: 12, risk: 'high' }, { token: m.token, key: newKey() });
    const keno = await s.call('/api/originals/keno/play', { amount: 1, picks: [1, 7, 13, 22, 40] }, { token: m.token, key: newKey() });
    expect([plinko.code, keno.code]).toEqual([0, 0]);
    expect((await seed(m.token)).nonce).toBe(8);

    const rotated = await s.call('/api/originals/seed/rotate', { clientSeed: 'my-own:seed' }, { token: m.token });
    expect(rotated.code, rotated.msg).toBe(0);
    const serverSeed = rotated.data.revealedServerSeed;
    expect(sha256(serverSeed)).toBe(before.serverSeedHash);
    expect(rotated.data).toMatchObject({ clientSeed: 'my-own:seed', nonce: 0 });
    expect(rotated.data.serverSeedHash).not.toBe(before.serverSeedHash);
    expect(await seed(m.token)).toEqual({ serverSeedHash: rotated.data.serverSeedHash, clientSeed: 'my-own:seed', nonce: 0 });

    for (const r of rounds) {
      const args = [serverSeed, r.clientSeed, r.nonce] as const;
      if (r.game === 'dice') {
        expect(r.result).toBe(referenceDice(...args));
        const target = 40 + r.nonce;
        const won = r.nonce % 4 === 0 ? r.result > target : r.result < target;
        expect(r.win).toBe(won);
        const chance = r.nonce % 4 === 0 ? 100 - target : target;
        expect(r.multiplier).toBe(Math.floor((99 / chance) * 10_000) / 10_000);
      } else {
        expect(r.result).toBe(referenceLimbo(...args));
        expect(r.win).toBe(r.result >= 1.5 + r.nonce);
        expect(r.multiplier).toBe(1.5 + r.nonce);
      }
      expect(r.payout).toBe(r.win ? Math.floor(r.amount * 100 * r.multiplier) / 100 : 0);
    }
    expect(plinko.data.path).toEqual(referencePlinko(12, serverSeed, before.clientSeed, 6));
    expect(keno.data.drawn).toEqual(referenceKeno(serverSeed, before.clientSeed, 7));

    // The rounds list now carries the revealed seed; the revealed pairs list has it with 8 rounds.
    const listed = await s.call('/api/originals/rounds', { size: 20 }, { token: m.token });
    expect(listed.data.total).toBe(8);
    expect(listed.data.list.every((r: { serverSeed: string }) => r.serverSeed === serverSeed)).toBe(true);
    const pairs = await s.call('/api/originals/seeds', {}, { token: m.token });
    expect(pairs.data.list[0]).toMatchObject({ serverSeed, serverSeedHash: before.serverSeedHash, clientSeed: before.clientSeed, rounds: 8 });
    // Before a rotation, a round's server seed is not told.
    await dice(m.token, { amount: 1, target: 50, condition: 'over' });
    expect((await s.call('/api/originals/rounds', { game: 'dice', size: 1 }, { token: m.token })).data.list[0]).toMatchObject({ serverSeed: null, nonce: 0 });
  });

  it('[S7-11] every round is in the game records under ORIG, with the main balance before and after, and the wallet moves exactly', async () => {
    const m = await funded(100);
    const res = await dice(m.token, { amount: 10, target: 50, condition: 'under' });
    const after = 100 - 10 + res.data.payout;
    expect(res.data.balance).toBe(after);
    expect(await main(m.token)).toBe(after);
    const records = await s.call('/api/game/records', { api_name: 'ORIG' }, { token: m.token });
    expect(records.data.list[0]).toMatchObject({
      roundId: res.data.roundId,
      api_name: 'ORIG',
      venueName: '原创游戏',
      kind: 'originals',
      gameCode: 'dice',
      stake: 10,
      payout: res.data.payout,
      balanceBefore: 100,
      balanceAfter: after,
      status: 'settled',
    });
    expect(records.data.list[0].detail).toMatchObject({ target: 50, condition: 'under', roll: res.data.result, nonce: res.data.nonce });
  });

  it('concurrent rounds over one balance never overdraw; every nonce is used once', async () => {
    const m = await funded(10);
    // Limbo at 1000x: almost every round loses, so the balance runs out part-way.
    const answers = await Promise.all(Array.from({ length: 16 }, () => limbo(m.token, { amount: 1, targetMultiplier: 1000 })));
    const played = answers.filter((a) => a.code === 0).map((a) => a.data);
    const refused = answers.filter((a) => a.code !== 0);
    expect(refused.every((a) => a.code === Errors.INSUFFICIENT_BALANCE.code)).toBe(true);
    expect(played.length).toBeGreaterThanOrEqual(10);
    expect(played.map((p) => p.nonce).sort((a, b) => a - b)).toEqual(played.map((_, i) => i));
    const paid = played.reduce((sum, p) => sum + p.payout, 0);
    expect(await main(m.token)).toBeCloseTo(10 - played.length + paid, 2);
    expect(await main(m.token)).toBeGreaterThanOrEqual(0);
  });

  it('a repeated Idempotency-Key plays one round and answers it again; the key with another body is refused', async () => {
    const m = await funded(50);
    const key = newKey();
    const body = { amount: 5, target: 50, condition: 'over' };
    const twins = await Promise.all([1, 2, 3].map(() => dice(m.token, body, key)));
    const later = await dice(m.token, body, key);
    const ok = [...twins, later].filter((a) => a.code === 0);
    expect(ok.length).toBeGreaterThanOrEqual(2);
    for (const a of ok) expect(a.data).toEqual(ok[0].data);
    for (const a of twins.filter((t) => t.code !== 0)) expect(a.code).toBe(Errors.IDEMPOTENCY_IN_FLIGHT.code);
    expect(await main(m.token)).toBe(50 - 5 + ok[0].data.payout);
    expect((await seed(m.token)).nonce).toBe(1);
    expect((await dice(m.token, { ...body, amount: 6 }, key)).code).toBe(Errors.IDEMPOTENCY_MISMATCH.code);
    expect((await s.call('/api/originals/dice/play', body, { token: m.token })).code).toBe(Errors.IDEMPOTENCY_KEY_REQUIRED.code);
  });

  it('bad input is refused in words with its own code and changes nothing', async () => {
    const m = await funded(20);
    const refusals: Array<[string, object, number]> = [
      ['/api/originals/dice/play', { amount: 1, target: 1, condition: 'over' }, Errors.ORIGINALS_DICE_TARGET.code],
      ['/api/originals/dice/play', { amount: 1, target: 98.01, condition: 'under' }, Errors.ORIGINALS_DICE_TARGET.code],
      ['/api/originals/dice/play', { amount: 1, target: 0, condition: 'under' }, Errors.ORIGINALS_DICE_TARGET.code],
      ['/api/originals/dice/play', { amount: 1, target: 50.123, condition: 'over' }, Errors.ORIGINALS_DICE_TARGET.code],
      ['/api/originals/dice/play', { amount: 1, target: 50, condition: 'sideways' }, Errors.VALIDATION.code],
      ['/api/originals/dice/play', { amount: 1.005, target: 50, condition: 'over' }, Errors.VALIDATION.code],
      ['/api/originals/dice/play', { amount: 0.5, target: 50, condition: 'over' }, Errors.ORIGINALS_AMOUNT_RANGE.code],
      ['/api/originals/dice/play', { amount: 100_001, target: 50, condition: 'over' }, Errors.ORIGINALS_AMOUNT_RANGE.code],
      ['/api/originals/limbo/play', { amount: 1, targetMultiplier: 1 }, Errors.ORIGINALS_LIMBO_TARGET.code],
      ['/api/originals/limbo/play', { amount: 1, targetMultiplier: 1_000_000.01 }, Errors.ORIGINALS_LIMBO_TARGET.code],
      ['/api/originals/limbo/play', { amount: 1, targetMultiplier: 2.555 }, Errors.ORIGINALS_LIMBO_TARGET.code],
      ['/api/originals/plinko/play', { amount: 1, rows: 7, risk: 'low' }, Errors.ORIGINALS_PLINKO_ROWS.code],
      ['/api/originals/plinko/play', { amount: 1, rows: 8.5, risk: 'low' }, Errors.ORIGINALS_PLINKO_ROWS.code],
      ['/api/originals/keno/play', { amount: 1, picks: [3, 3] }, Errors.ORIGINALS_KENO_PICKS.code],
      ['/api/originals/keno/play', { amount: 1, picks: [0, 5] }, Errors.ORIGINALS_KENO_PICKS.code],
      ['/api/originals/keno/play', { amount: 1, picks: [] }, Errors.ORIGINALS_KENO_PICKS.code],
      ['/api/originals/keno/play', { amount: 1, picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, Errors.ORIGINALS_KENO_PICKS.code],
    ];
    for (const [url, body, code] of refusals) {
      const res = await s.call(url, body, { token: m.token, key: newKey() });
      expect(res.code, `${url} ${JSON.stringify(body)}: ${res.msg}`).toBe(code);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await s.call('/api/originals/dice/play', { amount: 1.005, target: 50, condition: 'over' }, { token: m.token, key: newKey() })).msg).toContain(
      '两位小数',
    );
    const bigger = await dice(m.token, { amount: 21, target: 50, condition: 'over' });
    expect(bigger.code).toBe(Errors.INSUFFICIENT_BALANCE.code);
    const badSeed = await s.call('/api/originals/seed/rotate', { clientSeed: 'has space' }, { token: m.token });
    expect(badSeed.code).toBe(Errors.ORIGINALS_CLIENT_SEED.code);
    expect(await main(m.token)).toBe(20);
    expect((await seed(m.token)).nonce).toBe(0);
    expect((await s.call('/api/originals/rounds', {}, { token: m.token })).data.total).toBe(0);
    expect((await s.call('/api/originals/seed', {})).code).toBe(Errors.AUTH_INVALID.code);
  });

  it('[S7-11] ORIG plays from the main wallet: never a venue balance, never a transfer target', async () => {
    const m = await funded(10);
    await dice(m.token, { amount: 1, target: 50, condition: 'over' });
    const balance = await w.balance(m.token);
    expect(balance.venues.map((v: { api_name: string }) => v.api_name)).not.toContain('ORIG');
    const into = await w.move('/api/wallet/transfer', { api_name: 'ORIG', amount: 1, transfer_out: false }, m.token);
    expect(into.code).toBe(Errors.VENUE_PLAYS_FROM_MAIN.code);
    const out = await w.move('/api/wallet/transfer', { api_name: 'ORIG', amount: 1, transfer_out: true }, m.token);
    expect(out.code).toBe(Errors.VENUE_PLAYS_FROM_MAIN.code);
    expect((await w.move('/api/wallet/recover', {}, m.token)).code).toBe(0);
    const games = await s.call('/api/originals/games', {});
    expect(games.data.list.map((g: { game: string }) => g.game)).toEqual(['dice', 'limbo', 'mines', 'plinko', 'keno']);
    for (const g of games.data.list) expect(g.rtp).toBeGreaterThan(0.985);
  });

  it('on the USDT site a round plays in USDT from its main wallet', async () => {
    const m = await funded(30, 2);
    const site = { 'x-site-id': '2' };
    const res = await s.call('/api/originals/limbo/play', { amount: 3, targetMultiplier: 2 }, { token: m.token, key: newKey(), headers: site });
    expect(res.code, res.msg).toBe(0);
    const balance = (await s.call('/api/wallet/balance', {}, { token: m.token, headers: site })).data;
    expect(balance.currency).toBe('USDT');
    expect(balance.main).toBe(27 + res.data.payout);
  });
});

import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  diceRoll,
  kenoDraw,
  limboResult,
  minesOf,
  outcomeOf,
  plinkoPath,
  seedFloats,
  seedFloatsAsync,
  theoreticalRtp,
  type HmacSha256Async,
} from '@bp/contract';
import { hmacSha256 } from './seeds.ts';
import { referenceDice, referenceFloats, referenceKeno, referenceLimbo, referenceMines, referencePlinko } from './reference.testing.ts';

/** Random seeds as members get them, and some they might type. */
function randomSeeds() {
  const clientSeeds = [randomBytes(8).toString('hex'), 'my-lucky:seed', '!~', 'a'.repeat(64)];
  return { serverSeed: randomBytes(32).toString('hex'), clientSeed: clientSeeds[randomInt(clientSeeds.length)], nonce: randomInt(1_000_000) };
}

/** Web Crypto's HMAC, as the verification page computes it in the browser. */
const webHmac: HmacSha256Async = async (key, message) => {
  const enc = new TextEncoder();
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, enc.encode(message)));
};

describe('provably fair outcomes (Stake scheme) against an independent implementation', () => {
  it('floats, dice, limbo, mines, plinko and keno agree over 3,000 random seed pairs', () => {
    for (let i = 0; i < 3_000; i++) {
      const s = randomSeeds();
      const args = [s.serverSeed, s.clientSeed, s.nonce] as const;
      const floats = seedFloats(hmacSha256, s, 24);
      expect(floats).toEqual(referenceFloats(...args, 24));
      expect(diceRoll(floats[0])).toBe(referenceDice(...args));
      expect(limboResult(floats[0])).toBe(referenceLimbo(...args));
      const mines = 1 + (i % 24);
      expect(minesOf(floats, mines)).toEqual(referenceMines(mines, ...args));
      const rows = 8 + (i % 9);
      expect(plinkoPath(seedFloats(hmacSha256, s, rows))).toEqual(referencePlinko(rows, ...args));
      expect(kenoDraw(floats.slice(0, 10))).toEqual(referenceKeno(...args));
    }
  });

  it('the browser path (Web Crypto HMAC) gives the same floats as node:crypto', async () => {
    for (let i = 0; i < 200; i++) {
      const s = randomSeeds();
      expect(await seedFloatsAsync(webHmac, s, 16)).toEqual(referenceFloats(s.serverSeed, s.clientSeed, s.nonce, 16));
    }
  });

  it('a known pair: dice and limbo as the published formulas give them', () => {
    // Fixed inputs, so a change of the byte scheme (message, byte order) shows as a failure here.
    const s = { serverSeed: 'b'.repeat(64), clientSeed: 'client', nonce: 7 };
    const f = referenceFloats(s.serverSeed, s.clientSeed, s.nonce, 1)[0];
    expect(outcomeOf('dice', { target: 50, condition: 'over' }, [f]).result).toBe(Math.floor(f * 10001) / 100);
    expect(outcomeOf('limbo', { targetMultiplier: 2 }, [f]).result).toBe(Math.max(1, Math.floor((1 / f) * 0.99 * 100) / 100));
  });

  it('measured RTP of 200,000 rounds per game is near the theoretical figure (a statistical check; bench/ runs 1,000,000)', () => {
    const n = 200_000;
    const sample = (game: 'dice' | 'limbo', params: never) => {
      let paid = 0;
      for (let i = 0; i < n; i++) {
        const o = outcomeOf(game, params, [Math.random()]);
        if (o.win) paid += o.multiplier4 / 10_000;
      }
      return paid / n;
    };
    // Standard errors: dice at 50 % about 0.22 pp, limbo at 2x about 0.22 pp over 200,000 rounds.
    expect(Math.abs(sample('dice', { target: 50.5, condition: 'over' } as never) - theoreticalRtp('dice').rtp)).toBeLessThan(0.012);
    expect(Math.abs(sample('limbo', { targetMultiplier: 2 } as never) - theoreticalRtp('limbo').rtp)).toBeLessThan(0.012);
  });
});

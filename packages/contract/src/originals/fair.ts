/**
 * Provably fair outcomes of the house originals, Stake's published scheme (API.md "Casino, game
 * records, provably fair house games"), shared by the server that plays a round and the browser
 * that verifies it. Bytes come from HMAC_SHA256(serverSeed, `${clientSeed}:${nonce}:${round}`),
 * round 0, 1, ... as more are needed; each 4 bytes make a float sum(b_i / 256^(i+1)) in [0, 1).
 * The HMAC itself is the caller's (node:crypto on the server, Web Crypto in the browser): this
 * file is pure arithmetic over its digests.
 */

export interface SeedPair {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** The HMAC message of one 32-byte digest of a round. */
export const hmacMessage = (clientSeed: string, nonce: number, round: number): string => `${clientSeed}:${nonce}:${round}`;

/** How many 32-byte digests `floatCount` floats need (8 floats per digest). */
export const digestsFor = (floatCount: number): number => Math.ceil(floatCount / 8);

/** The first `count` floats of the digests, 4 bytes each, in order. */
export function floatsFromDigests(digests: readonly Uint8Array[], count: number): number[] {
  const floats: number[] = [];
  for (let i = 0; i < count; i++) {
    const digest = digests[Math.floor(i / 8)];
    const at = (i % 8) * 4;
    floats.push(digest[at] / 256 + digest[at + 1] / 256 ** 2 + digest[at + 2] / 256 ** 3 + digest[at + 3] / 256 ** 4);
  }
  return floats;
}

/** A synchronous HMAC-SHA256 (key, message) -> 32 bytes. */
export type HmacSha256 = (key: string, message: string) => Uint8Array;
/** The same, as Web Crypto answers it. */
export type HmacSha256Async = (key: string, message: string) => Promise<Uint8Array>;

/** A seed pair's first `count` floats at its nonce. */
export function seedFloats(hmac: HmacSha256, seeds: SeedPair, count: number): number[] {
  const digests = Array.from({ length: digestsFor(count) }, (_, round) => hmac(seeds.serverSeed, hmacMessage(seeds.clientSeed, seeds.nonce, round)));
  return floatsFromDigests(digests, count);
}

export async function seedFloatsAsync(hmac: HmacSha256Async, seeds: SeedPair, count: number): Promise<number[]> {
  const digests = await Promise.all(
    Array.from({ length: digestsFor(count) }, (_, round) => hmac(seeds.serverSeed, hmacMessage(seeds.clientSeed, seeds.nonce, round))),
  );
  return floatsFromDigests(digests, count);
}

// Multipliers are kept in ten-thousandths (integers): a won round pays floor(amount x m / 10000)
// minor units, which is floor(amount x multiplier) with the multiplier as shown (4 decimals).
export const MULTIPLIER_SCALE = 10_000;

/** What a stake pays at a multiplier in ten-thousandths, rounded down to the minor unit. */
export const payoutMinorOf = (amountMinor: bigint, multiplier4: number): bigint => (amountMinor * BigInt(multiplier4)) / BigInt(MULTIPLIER_SCALE);

/** A player's shuffle of `size` tiles (Fisher-Yates over successive floats), as far as the floats go. */
export function shuffledTiles(floats: readonly number[], size: number): number[] {
  const tiles = Array.from({ length: size }, (_, i) => i);
  return floats.map((float, i) => tiles.splice(Math.floor(float * (size - i)), 1)[0]);
}

// Dice ------------------------------------------------------------------------------------------
/** The roll, 0.00 to 100.00: floor(float x 10001) / 100. */
export const diceRoll = (float: number): number => Math.floor(float * 10001) / 100;

/** Win chance in hundredths of a percent for a target (2 decimals) and condition. */
export const diceWinChance = (target: number, condition: 'over' | 'under'): number => {
  const targetH = Math.round(target * 100);
  return condition === 'over' ? 10_000 - targetH : targetH;
};
/** Win chances a dice bet may take, in hundredths of a percent: 0.01 % to 98 %. */
export const DICE_CHANCE = { min: 1, max: 9_800 } as const;
/** The payout multiplier (ten-thousandths): 99 / win chance, rounded down to 4 decimals. */
export const diceMultiplier = (winChanceH: number): number => Math.floor(99_000_000 / winChanceH);

export function diceWins(roll: number, target: number, condition: 'over' | 'under'): boolean {
  const rollH = Math.round(roll * 100);
  const targetH = Math.round(target * 100);
  return condition === 'over' ? rollH > targetH : rollH < targetH;
}

// Limbo -----------------------------------------------------------------------------------------
/** The crash point: max(1, floor(1e8 / (float x 1e8) x 0.99 x 100) / 100); a float of 0 is unbounded. */
export const limboResult = (float: number): number => Math.max(1, Math.floor((1e8 / (float * 1e8)) * 0.99 * 100) / 100);
export const LIMBO_TARGET = { min: 1.01, max: 1_000_000 } as const;
/** What a limbo result shows (the unbounded one of float 0 reads as the largest target). */
export const limboShown = (result: number): number => (Number.isFinite(result) ? result : LIMBO_TARGET.max);
export const limboMultiplier = (target: number): number => Math.round(target * 100) * 100;

// Mines -----------------------------------------------------------------------------------------
export const MINES_TILES = 25;
export const MINES_COUNT = { min: 1, max: 24 } as const;
/** The mines of a round: the first `mines` tiles of the shuffle of 25 (24 floats). */
export const minesOf = (floats: readonly number[], mines: number): number[] => shuffledTiles(floats.slice(0, MINES_TILES - 1), MINES_TILES).slice(0, mines);

/** The cash-out multiplier (ten-thousandths) after `revealed` safe tiles: 0.99 x C(25, k) / C(25 - mines, k). */
export function minesMultiplier(mines: number, revealed: number): number {
  if (revealed === 0) return MULTIPLIER_SCALE;
  let num = 99n * BigInt(MULTIPLIER_SCALE);
  let den = 100n;
  for (let i = 0; i < revealed; i++) {
    num *= BigInt(MINES_TILES - i);
    den *= BigInt(MINES_TILES - mines - i);
  }
  return Number(num / den);
}

// Plinko ----------------------------------------------------------------------------------------
/** The ball's path: one float per row, 0 left, 1 right; it lands in bucket = the number of rights. */
export const plinkoPath = (floats: readonly number[]): number[] => floats.map((float) => Math.floor(float * 2));
export const plinkoBucket = (path: readonly number[]): number => path.reduce((sum, step) => sum + step, 0);

// Keno ------------------------------------------------------------------------------------------
export const KENO_SQUARES = 40;
export const KENO_DRAWN = 10;
/** The 10 numbers drawn (1 to 40): the first 10 tiles of the shuffle of 40. */
export const kenoDraw = (floats: readonly number[]): number[] => shuffledTiles(floats.slice(0, KENO_DRAWN), KENO_SQUARES).map((tile) => tile + 1);

import {
  minesMultiplier,
  minesOf,
  outcomeOf,
  floatsFor,
  refuseParams,
  refuseMinesCount,
  seedFloatsAsync,
  Errors,
  MULTIPLIER_SCALE,
  type HmacSha256Async,
  type OneStepGame,
  type OriginalGame,
  type ParamsOf,
} from '@bp/contract';

/** HMAC-SHA256 in the browser (Web Crypto): the verification never trusts the server's arithmetic. */
export const webHmac: HmacSha256Async = async (key, message) => {
  const enc = new TextEncoder();
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, enc.encode(message)));
};

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface VerifyInput {
  game: OriginalGame;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: Record<string, unknown>;
}

export interface Verified {
  serverSeedHash: string;
  /** The number the round showed (roll, crash point, landed multiplier, hits), or null for mines. */
  result: number | null;
  multiplier: number;
  win: boolean | null;
  detail: Record<string, unknown>;
}

/** Recomputes a round from its seeds and parameters with the shared formulas; a refusal's message when the parameters are out of range. */
export async function verifyRound(v: VerifyInput): Promise<Verified | string> {
  const serverSeedHash = await sha256Hex(v.serverSeed);
  const seeds = { serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce };
  if (v.game === 'mines') {
    const mines = Number(v.params.mines);
    const refusal = refuseMinesCount(mines);
    if (refusal) return Errors[refusal].msg;
    const positions = minesOf(await seedFloatsAsync(webHmac, seeds, 24), mines);
    return { serverSeedHash, result: null, multiplier: minesMultiplier(mines, 1) / MULTIPLIER_SCALE, win: null, detail: { mines, minePositions: positions } };
  }
  const game = v.game as OneStepGame;
  const params = v.params as unknown as ParamsOf[OneStepGame];
  const refusal = refuseParams(game, params);
  if (refusal) return Errors[refusal].msg;
  const outcome = outcomeOf(game, params, await seedFloatsAsync(webHmac, seeds, floatsFor(game, params)));
  return { serverSeedHash, result: outcome.result, multiplier: outcome.multiplier4 / MULTIPLIER_SCALE, win: outcome.win, detail: { ...outcome.detail } };
}

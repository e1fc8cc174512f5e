import type { FastifyRequest } from 'fastify';
import { Headers, REPLAY_WINDOW_MS, signRequest } from '@bp/contract';
import { fail } from '../http/index.ts';
import { clock } from '../clock.ts';
import { sameSecret } from '../same-secret.ts';
import type { AppKeyStore, ClientKey } from './app-keys.ts';
import type { NonceStore } from './nonces.ts';

/** The seed's protection headers of one request, as sent (absent ones undefined). */
export interface ClientHeaders {
  appKey?: string;
  timestamp?: string;
  nonce?: string;
  sign?: string;
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

export const readClientHeaders = (req: FastifyRequest): ClientHeaders => ({
  appKey: header(req, Headers.appKey),
  timestamp: header(req, Headers.timestamp),
  nonce: header(req, Headers.nonce),
  sign: header(req, Headers.signature),
});

const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The instant of an `x-timestamp`: epoch ms (13 digits), or epoch seconds (10 digits, seed 9).
 * A malformed one fails as BAD_SIGNATURE; one outside the window either way as REPLAYED.
 */
export function checkTimestamp(timestamp: string): void {
  if (!/^(\d{10}|\d{13})$/.test(timestamp)) fail('BAD_SIGNATURE');
  const at = timestamp.length === 10 ? Number(timestamp) * 1000 : Number(timestamp);
  if (Math.abs(clock.now() - at) > REPLAY_WINDOW_MS) fail('REPLAYED');
}

/** The request path the client signed: the URL without its query string. */
export const signedPath = (req: FastifyRequest): string => req.url.split('?')[0];

/**
 * Verifies a signed request (seed 7): a known active app key of the site, a timestamp inside the
 * replay window, the HMAC over method, path, timestamp, nonce and the raw body as sent, and a
 * nonce never seen in the window. The nonce is claimed last, so a forged request cannot burn
 * a genuine client's nonce.
 */
export async function verifySignature(req: FastifyRequest, siteId: number, headers: ClientHeaders, keys: AppKeyStore, nonces: NonceStore): Promise<ClientKey> {
  const { appKey, timestamp, nonce, sign } = headers;
  if (!appKey || !timestamp || !nonce || !sign || !NONCE_PATTERN.test(nonce)) return fail('BAD_SIGNATURE');
  checkTimestamp(timestamp);
  const client = (await keys.find(siteId, appKey)) ?? fail('BAD_SIGNATURE');
  const expected = signRequest(client.secret, req.method, signedPath(req), timestamp, nonce, req.rawBody ?? '');
  if (!sameSecret(sign.toLowerCase(), expected)) fail('BAD_SIGNATURE');
  // A nonce lives as long as its timestamp could still pass the window: up to twice the window.
  if (!(await nonces.claim(`${siteId}:${appKey}:${nonce}`, 2 * REPLAY_WINDOW_MS))) fail('REPLAYED');
  return client;
}

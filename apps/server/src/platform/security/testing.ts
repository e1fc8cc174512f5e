import { DEV_CLIENT, Headers, decryptPayload, encryptPayload, newNonce, signRequest } from '@bp/contract';
import { clock } from '../clock.ts';

/**
 * A test client speaking the seed's protected protocol exactly as the web app does: signed
 * headers over the raw body, `xx` bodies, sealed answers. Tests use it to drive the real server.
 */
export interface ClientOptions {
  appKey?: string;
  secret?: string;
  timestamp?: string;
  nonce?: string;
}

export function signedHeaders(method: string, url: string, rawBody: string, opts: ClientOptions = {}): Record<string, string> {
  const timestamp = opts.timestamp ?? String(clock.now());
  const nonce = opts.nonce ?? newNonce();
  const secret = opts.secret ?? DEV_CLIENT.secret;
  return {
    [Headers.appKey]: opts.appKey ?? DEV_CLIENT.appKey,
    [Headers.timestamp]: timestamp,
    [Headers.nonce]: nonce,
    [Headers.signature]: signRequest(secret, method, url.split('?')[0], timestamp, nonce, rawBody),
  };
}

/** `{"xx": ...}` of a body, under the client's secret and the timestamp it sends. */
export function sealBody(body: unknown, timestamp: string, secret: string = DEV_CLIENT.secret): string {
  return JSON.stringify({ xx: encryptPayload(JSON.stringify(body), secret, timestamp) });
}

/** Opens a sealed answer into its envelope. */
export function openAnswer(text: string, timestamp: string, secret: string = DEV_CLIENT.secret): { code: number; data: unknown; msg: string } {
  const { xx } = JSON.parse(text) as { xx: string };
  return JSON.parse(decryptPayload(xx, secret, timestamp));
}

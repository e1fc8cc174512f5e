import type { FastifyRequest } from 'fastify';
import { PROVIDER_WINDOW_MS, ProviderHeaders } from '@bp/contract';
import type { Deps } from '../../platform/deps.ts';
import { clock } from '../../platform/clock.ts';
import { fail } from '../../platform/http/index.ts';
import { sameSecret } from '../../platform/same-secret.ts';
import { providerRow, type ProviderRow } from './providers.ts';
import { openSecret, signatureOf } from './secrets.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The provider whose signature checked out on a protocol call. */
    provider: ProviderRow | null;
  }
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * A protocol call's caller: a configured provider (PROVIDER_UNKNOWN), a timestamp inside the window
 * (PROVIDER_STALE_REQUEST), the HMAC of its secret over timestamp, path and body as sent
 * (PROVIDER_BAD_SIGNATURE). Checked before the body is read, so a refused call changes nothing.
 * A replay inside the window is harmless: every call is idempotent by its transaction id.
 */
export async function verifyProvider(deps: Pick<Deps, 'db' | 'config'>, req: FastifyRequest): Promise<void> {
  const apiName = header(req, ProviderHeaders.provider);
  const timestamp = header(req, ProviderHeaders.timestamp);
  const signature = header(req, ProviderHeaders.signature);
  if (!apiName || !timestamp || !signature || !/^\d{13}$/.test(timestamp)) return fail('PROVIDER_BAD_SIGNATURE');
  const provider = (await providerRow(deps.db, apiName)) ?? fail('PROVIDER_UNKNOWN');
  if (Math.abs(clock.now() - Number(timestamp)) > PROVIDER_WINDOW_MS) fail('PROVIDER_STALE_REQUEST');
  const secret = openSecret(provider.secret_cipher, deps.config.providerSecretKey) ?? fail('PROVIDER_BAD_SIGNATURE');
  const expected = signatureOf(secret, timestamp, req.url.split('?')[0], req.rawBody ?? '');
  if (!sameSecret(signature.toLowerCase(), expected)) fail('PROVIDER_BAD_SIGNATURE');
  req.provider = provider;
}

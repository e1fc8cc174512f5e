import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { providerSigningText } from '@bp/contract';

/**
 * Providers' callback secrets at rest: AES-256-GCM under a key from PROVIDER_SECRET_KEY (the HMAC
 * needs each secret back, so it is encrypted rather than hashed). Without that variable the
 * sandbox key below serves: the README says to set one before adding a real provider.
 */
const SANDBOX_KEY = 'sandbox-provider-secret-key';
const VERSION = 'v1';

const keyOf = (configured: string | null): Buffer =>
  createHash('sha256')
    .update(configured ?? SANDBOX_KEY)
    .digest();

export function sealSecret(secret: string, configured: string | null): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(configured), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The secret, or null when it was sealed under another key (PROVIDER_SECRET_KEY changed since). */
export function openSecret(sealed: string, configured: string | null): string | null {
  const [version, data] = sealed.split(':');
  if (version !== VERSION || !data) return null;
  const raw = Buffer.from(data, 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(configured), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A call's signature as the provider computes it (contract provider.ts). */
export const signatureOf = (secret: string, timestamp: string, path: string, body: string): string =>
  createHmac('sha256', secret)
    .update(providerSigningText(timestamp, path, body))
    .digest('hex');

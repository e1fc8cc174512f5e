import { gcm } from '@noble/ciphers/aes.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes, randomBytes } from '@noble/hashes/utils.js';

/**
 * The seed's request protection (section 7), one implementation for server and web:
 * - `xx`: a POST body encrypted with AES-256-GCM under a key derived from the client's app
 *   secret and the request's timestamp; the answer is encrypted under the same key.
 * - the signature: HMAC-SHA256 over method, path, timestamp, nonce and body.
 * - the login digest: a 32-character password is MD5(lower-cased name + password).
 */

const b64encode = (bytes: Uint8Array): string => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};
const b64decode = (text: string): Uint8Array => {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
};

/** The per-request key: the timestamp is mixed into the key, so a body cannot be replayed under another time. */
export function payloadKey(appSecret: string, timestamp: string): Uint8Array {
  return hmac(sha256, utf8ToBytes(appSecret), utf8ToBytes(`xx:${timestamp}`));
}

export function encryptPayload(plain: string, appSecret: string, timestamp: string): string {
  const iv = randomBytes(12);
  const sealed = gcm(payloadKey(appSecret, timestamp), iv).encrypt(utf8ToBytes(plain));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv, 0);
  out.set(sealed, iv.length);
  return b64encode(out);
}

/** Throws on a tampered or foreign ciphertext (GCM tag mismatch). */
export function decryptPayload(cipher: string, appSecret: string, timestamp: string): string {
  const bytes = b64decode(cipher);
  if (bytes.length < 12 + 16) throw new Error('ciphertext too short');
  const opened = gcm(payloadKey(appSecret, timestamp), bytes.subarray(0, 12)).decrypt(bytes.subarray(12));
  return new TextDecoder().decode(opened);
}

export function signatureBase(method: string, path: string, timestamp: string, nonce: string, body: string): string {
  return `${method.toUpperCase()}\n${path}\n${timestamp}\n${nonce}\n${body}`;
}

export function signRequest(appSecret: string, method: string, path: string, timestamp: string, nonce: string, body: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(appSecret), utf8ToBytes(signatureBase(method, path, timestamp, nonce, body))));
}

/** The client's password digest (seed 5: names are lower-cased for hashing; 32 characters = already hashed). */
export function loginDigest(name: string, password: string): string {
  return bytesToHex(md5(utf8ToBytes(name.toLowerCase() + password)));
}

export const DIGEST_LENGTH = 32;

export function newNonce(): string {
  return bytesToHex(randomBytes(16));
}

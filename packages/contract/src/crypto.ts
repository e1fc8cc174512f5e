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
const b64decode = (text: string): Uint8Array<ArrayBuffer> => {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
};

/** The per-request key: the timestamp is mixed into the key, so a body cannot be replayed under another time. */
export function payloadKey(appSecret: string, timestamp: string): Uint8Array {
  return hmac(sha256, utf8ToBytes(appSecret), utf8ToBytes(`xx:${timestamp}`));
}

type Gcm = typeof gcm;

/** The `xx` text: the IV, then the ciphertext with its tag, in base64. */
const joinSealed = (iv: Uint8Array, sealed: Uint8Array): string => {
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv, 0);
  out.set(sealed, iv.length);
  return b64encode(out);
};

const splitSealed = (cipher: string) => {
  const bytes = b64decode(cipher);
  if (bytes.length < 12 + 16) throw new Error('ciphertext too short');
  return { iv: bytes.subarray(0, 12), sealed: bytes.subarray(12) };
};

const sealWith = (cipherOf: Gcm, plain: Uint8Array, appSecret: string, timestamp: string): string => {
  const iv = randomBytes(12);
  return joinSealed(iv, cipherOf(payloadKey(appSecret, timestamp), iv).encrypt(plain));
};

const openWith = (cipherOf: Gcm, cipher: string, appSecret: string, timestamp: string): Uint8Array => {
  const { iv, sealed } = splitSealed(cipher);
  return cipherOf(payloadKey(appSecret, timestamp), iv).decrypt(sealed);
};

export const encryptPayload = (plain: string, appSecret: string, timestamp: string): string => sealWith(gcm, utf8ToBytes(plain), appSecret, timestamp);

/** Seals bytes as they are (an answer compressed inside the seal: SEALED_ZIP_FIELD). */
export const encryptBytes = (plain: Uint8Array, appSecret: string, timestamp: string): string => sealWith(gcm, plain, appSecret, timestamp);

/** Throws on a tampered or foreign ciphertext (GCM tag mismatch). */
export const decryptPayload = (cipher: string, appSecret: string, timestamp: string): string =>
  new TextDecoder().decode(decryptBytes(cipher, appSecret, timestamp));

/** The sealed bytes as they are; throws as `decryptPayload` does. */
export const decryptBytes = (cipher: string, appSecret: string, timestamp: string): Uint8Array => openWith(gcm, cipher, appSecret, timestamp);

/**
 * The same seal and signature on WebCrypto, where the runtime has it (a browser in a secure
 * context, Node): native code, where the pure-JavaScript cipher cost a phone's first screen about a
 * tenth of a second of main thread in key tables (Chromium's profile of a cold home page). Without
 * it (a site served over plain HTTP to another host) the JavaScript implementation above does it,
 * loaded then: the site's bundle leaves it out (its AES tables alone cost a cold page 8 ms). Either
 * side opens what the other sealed.
 */
const javascriptGcm = async () => (await import('@noble/ciphers/aes.js')).gcm;
/** Read at each call: a test takes it away to prove the JavaScript path. */
const subtleCrypto = () => globalThis.crypto?.subtle;
const utf8 = (text: string) => new TextEncoder().encode(text);
const hmacKeys = new Map<string, ReturnType<NonNullable<ReturnType<typeof subtleCrypto>>['importKey']>>();

function hmacKeyOf(secret: string) {
  let key = hmacKeys.get(secret);
  if (!key) hmacKeys.set(secret, (key = subtleCrypto()!.importKey('raw', utf8(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])));
  return key;
}

const hmacOf = async (secret: string, text: string) => new Uint8Array(await subtleCrypto()!.sign('HMAC', await hmacKeyOf(secret), utf8(text)));

async function aesKeyOf(appSecret: string, timestamp: string, usage: 'encrypt' | 'decrypt') {
  return subtleCrypto()!.importKey('raw', await hmacOf(appSecret, `xx:${timestamp}`), 'AES-GCM', false, [usage]);
}

/** `encryptPayload`, natively where possible. */
export async function encryptPayloadAsync(plain: string, appSecret: string, timestamp: string): Promise<string> {
  const subtle = subtleCrypto();
  if (!subtle) return sealWith(await javascriptGcm(), utf8(plain), appSecret, timestamp);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  return joinSealed(iv, new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, await aesKeyOf(appSecret, timestamp, 'encrypt'), utf8(plain))));
}

/** `decryptPayload`, natively where possible; rejects a tampered or foreign ciphertext. */
export async function decryptPayloadAsync(cipher: string, appSecret: string, timestamp: string): Promise<string> {
  return new TextDecoder().decode(await decryptBytesAsync(cipher, appSecret, timestamp));
}

/** The sealed bytes as they are, natively where possible; rejects a tampered or foreign ciphertext. */
export async function decryptBytesAsync(cipher: string, appSecret: string, timestamp: string): Promise<Uint8Array> {
  const subtle = subtleCrypto();
  if (!subtle) return openWith(await javascriptGcm(), cipher, appSecret, timestamp);
  const { iv, sealed } = splitSealed(cipher);
  return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv }, await aesKeyOf(appSecret, timestamp, 'decrypt'), sealed));
}

/** `signRequest`, natively where possible. */
export async function signRequestAsync(appSecret: string, method: string, path: string, timestamp: string, nonce: string, body: string): Promise<string> {
  if (!subtleCrypto()) return signRequest(appSecret, method, path, timestamp, nonce, body);
  return bytesToHex(await hmacOf(appSecret, signatureBase(method, path, timestamp, nonce, body)));
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

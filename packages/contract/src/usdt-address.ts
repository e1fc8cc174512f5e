import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { Errors } from './errors/index.ts';
import type { UsdtNetwork } from './wallet.ts';

/**
 * USDT address formats per network: TRC20 is `T` and 33 base58 characters, ERC20 is `0x` and 40
 * hex digits; each also carries its checksum (below). Server and site check with the same rule.
 */
export const USDT_ADDRESS_FORMAT: Readonly<Record<UsdtNetwork, RegExp>> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
};

/** What an address can still become while it is being typed: a wrong character or prefix never can. */
const USDT_ADDRESS_PREFIX: Readonly<Record<UsdtNetwork, RegExp>> = {
  TRC20: /^(T[1-9A-HJ-NP-Za-km-z]{0,33})?$/,
  ERC20: /^(0(x[0-9a-fA-F]{0,40})?)?$/,
};

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A base58 string's bytes (leading '1's are zero bytes). */
function base58Bytes(text: string): Uint8Array {
  let n = 0n;
  for (const ch of text) n = n * 58n + BigInt(BASE58.indexOf(ch));
  const bytes: number[] = [];
  for (; n > 0n; n >>= 8n) bytes.unshift(Number(n & 0xffn));
  const zeros = text.length - text.replace(/^1+/, '').length;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes]);
}

/**
 * TRC20 (TRON): base58check of 0x41 and 20 bytes, the last 4 bytes the first of sha256(sha256(the 21)),
 * so a mistyped character is caught before money is sent to an address nobody owns.
 */
function tronChecksumHolds(address: string): boolean {
  const bytes = base58Bytes(address);
  if (bytes.length !== 25 || bytes[0] !== 0x41) return false;
  const check = sha256(sha256(bytes.subarray(0, 21)));
  return check.subarray(0, 4).every((b, i) => b === bytes[21 + i]);
}

/**
 * ERC20 (Ethereum): an address in one case carries no checksum; in mixed case it is EIP-55's, each
 * letter upper case where that nibble of keccak256(the lower-case hex) is 8 or more.
 */
function eip55Holds(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  return [...hex].every((ch, i) => {
    if (/[0-9]/.test(ch)) return true;
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    return nibble >= 8 ? ch === ch.toUpperCase() : ch === ch.toLowerCase();
  });
}

/** The TRC20 address of 20 account bytes (base58check with TRON's 0x41): the sandbox's and the tests' addresses. */
export function tronAddress(account: Uint8Array): string {
  const body = Uint8Array.from([0x41, ...account.subarray(0, 20)]);
  const bytes = Uint8Array.from([...body, ...sha256(sha256(body)).subarray(0, 4)]);
  let n = bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
  let text = '';
  for (; n > 0n; n /= 58n) text = BASE58[Number(n % 58n)] + text;
  return text;
}

const CHECKSUM: Readonly<Record<UsdtNetwork, (address: string) => boolean>> = { TRC20: tronChecksumHolds, ERC20: eip55Holds };

export function checkUsdtAddress(network: UsdtNetwork, address: string): string | null {
  return USDT_ADDRESS_FORMAT[network].test(address) && CHECKSUM[network](address) ? null : Errors.USDT_ADDRESS_INVALID.msg;
}

/**
 * Whether a partly typed address could still be right (an empty one can): a wrong character or
 * prefix never can, nor a whole one whose checksum fails (typing more only makes it too long).
 */
export const couldBeUsdtAddress = (network: UsdtNetwork, partial: string): boolean =>
  USDT_ADDRESS_PREFIX[network].test(partial) && (!USDT_ADDRESS_FORMAT[network].test(partial) || CHECKSUM[network](partial));

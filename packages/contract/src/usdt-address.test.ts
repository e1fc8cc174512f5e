import { describe, expect, it } from 'vitest';
import { Errors } from './errors/index.ts';
import { checkUsdtAddress, couldBeUsdtAddress, tronAddress } from './usdt-address.ts';

/** Tether's own contract addresses on TRON and Ethereum: real, checksummed. */
const TRC = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ERC = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describe('USDT addresses', () => {
  it('accept a TRC20 address (T + 33 base58) and an ERC20 one (0x + 40 hex), each on its own network', () => {
    expect(checkUsdtAddress('TRC20', TRC)).toBeNull();
    expect(checkUsdtAddress('ERC20', ERC)).toBeNull();
    expect(checkUsdtAddress('ERC20', TRC)).toBe(Errors.USDT_ADDRESS_INVALID.msg);
    expect(checkUsdtAddress('TRC20', ERC)).toBe(Errors.USDT_ADDRESS_INVALID.msg);
  });

  it('refuse base58 look-alikes, a short or long address and stray spaces', () => {
    for (const bad of [TRC.replace('q', '0'), TRC.replace('q', 'O'), TRC.replace('q', 'l'), TRC.slice(0, -1), `${TRC}a`, ` ${TRC}`]) {
      expect(checkUsdtAddress('TRC20', bad), bad).toBe(Errors.USDT_ADDRESS_INVALID.msg);
    }
    for (const bad of [`${ERC}0`, ERC.slice(0, -1), ERC.replace('a', 'g'), ERC.replace('0x', '0X')])
      expect(checkUsdtAddress('ERC20', bad), bad).toBe(Errors.USDT_ADDRESS_INVALID.msg);
  });

  it('[hardening] check the checksum: a TRC20 address with one character changed, or an ERC20 one in the wrong mixed case, is refused', () => {
    const lastChanged = `${TRC.slice(0, -1)}${TRC.endsWith('u') ? 'v' : 'u'}`;
    expect(checkUsdtAddress('TRC20', lastChanged)).toBe(Errors.USDT_ADDRESS_INVALID.msg);
    expect(checkUsdtAddress('TRC20', TRC.replace('q', 'r'))).toBe(Errors.USDT_ADDRESS_INVALID.msg);
    // EIP-55: one case carries no checksum; a mixed case must be the checksum's.
    expect(checkUsdtAddress('ERC20', ERC.toLowerCase())).toBeNull();
    expect(checkUsdtAddress('ERC20', `0x${ERC.slice(2).toUpperCase()}`)).toBeNull();
    expect(checkUsdtAddress('ERC20', ERC.replace('dAC', 'DAC'))).toBe(Errors.USDT_ADDRESS_INVALID.msg);
    // The addresses the sandbox and the tests make pass, and differ by their account bytes.
    const made = [1, 2].map((seed) => tronAddress(new Uint8Array(20).fill(seed)));
    for (const address of made) expect(checkUsdtAddress('TRC20', address), address).toBeNull();
    expect(made[0]).not.toBe(made[1]);
  });

  it('tell while typing whether the address can still become right', () => {
    for (const ok of ['', 'T', TRC.slice(0, 10), TRC]) expect(couldBeUsdtAddress('TRC20', ok), ok).toBe(true);
    for (const bad of ['t', 'A', 'T0', `${TRC}a`, `${TRC.slice(0, -1)}u`]) expect(couldBeUsdtAddress('TRC20', bad), bad).toBe(false);
    for (const ok of ['', '0', '0x', ERC.slice(0, 12), ERC]) expect(couldBeUsdtAddress('ERC20', ok), ok).toBe(true);
    for (const bad of ['x', '0X', '0xg', `${ERC}a`]) expect(couldBeUsdtAddress('ERC20', bad), bad).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { Errors } from './errors/index.ts';
import { checkUsdtAddress, couldBeUsdtAddress } from './usdt-address.ts';

const TRC = 'TnQkbwNPBNzHcmkGioV53nXuucYCEoUR3m';
const ERC = `0x${'a1B2'.repeat(10)}`;

describe('USDT addresses', () => {
  it('accept a TRC20 address (T + 33 base58) and an ERC20 one (0x + 40 hex), each on its own network', () => {
    expect(checkUsdtAddress('TRC20', TRC)).toBeNull();
    expect(checkUsdtAddress('ERC20', ERC)).toBeNull();
    expect(checkUsdtAddress('ERC20', TRC)).toBe(Errors.USDT_ADDRESS_INVALID.msg);
    expect(checkUsdtAddress('TRC20', ERC)).toBe(Errors.USDT_ADDRESS_INVALID.msg);
  });

  it('refuse base58 look-alikes, a short or long address and stray spaces', () => {
    for (const bad of [TRC.replace('k', '0'), TRC.replace('k', 'O'), TRC.replace('k', 'l'), TRC.slice(0, -1), `${TRC}a`, ` ${TRC}`]) {
      expect(checkUsdtAddress('TRC20', bad), bad).toBe(Errors.USDT_ADDRESS_INVALID.msg);
    }
    for (const bad of [`${ERC}0`, ERC.slice(0, -1), ERC.replace('a', 'g'), ERC.replace('0x', '0X')])
      expect(checkUsdtAddress('ERC20', bad), bad).toBe(Errors.USDT_ADDRESS_INVALID.msg);
  });

  it('tell while typing whether the address can still become right', () => {
    for (const ok of ['', 'T', TRC.slice(0, 10), TRC]) expect(couldBeUsdtAddress('TRC20', ok), ok).toBe(true);
    for (const bad of ['t', 'A', 'T0', `${TRC}a`]) expect(couldBeUsdtAddress('TRC20', bad), bad).toBe(false);
    for (const ok of ['', '0', '0x', ERC.slice(0, 12), ERC]) expect(couldBeUsdtAddress('ERC20', ok), ok).toBe(true);
    for (const bad of ['x', '0X', '0xg', `${ERC}a`]) expect(couldBeUsdtAddress('ERC20', bad), bad).toBe(false);
  });
});

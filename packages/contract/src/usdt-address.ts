import { Errors } from './errors/index.ts';
import type { UsdtNetwork } from './wallet.ts';

/**
 * USDT address formats per network: TRC20 is `T` and 33 base58 characters, ERC20 is `0x` and 40
 * hex digits. Server and site check with the same rule.
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

export function checkUsdtAddress(network: UsdtNetwork, address: string): string | null {
  return USDT_ADDRESS_FORMAT[network].test(address) ? null : Errors.USDT_ADDRESS_INVALID.msg;
}

/** Whether a partly typed address could still be right (an empty one can). */
export const couldBeUsdtAddress = (network: UsdtNetwork, partial: string): boolean => USDT_ADDRESS_PREFIX[network].test(partial);

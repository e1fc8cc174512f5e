import type { SettlementUnit, WalletType } from './enums.ts';

/** The seed's currency table (section 3). */
export interface Currency {
  code: 'CNY' | 'USDT';
  symbol: string;
  unit: string;
  /** How a withdrawal destination is called. */
  destination: string;
  walletType: WalletType;
}

export const CURRENCIES: Record<SettlementUnit, Currency> = {
  cny: { code: 'CNY', symbol: '¥', unit: '元', destination: '银行卡', walletType: 'RMB' },
  usdt: { code: 'USDT', symbol: '₮', unit: 'USDT', destination: '地址', walletType: 'USDT' },
};

export function currencyOf(unit: string | undefined | null): Currency {
  return unit === 'usdt' ? CURRENCIES.usdt : CURRENCIES.cny;
}

/** Money travels as decimal numbers with at most 2 decimals; it is stored in minor units. */
export function toMinor(amount: number): bigint {
  return BigInt(Math.round(amount * 100));
}
/** Minor units (as a database driver answers them: bigint, number or text) to the API's decimal number. */
export function fromMinor(minor: bigint | number | string): number {
  return Number(minor) / 100;
}

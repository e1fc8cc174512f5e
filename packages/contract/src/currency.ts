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

/** Seed 9: amounts with 2 decimals, thousands grouped, and the currency table's symbol: ¥1,234.50, -₮12.00. */
export function formatMoney(amount: number, settlementUnit?: string | null): string {
  const { symbol } = currencyOf(settlementUnit);
  const sign = amount < 0 ? '-' : '';
  const [whole, cents] = Math.abs(amount).toFixed(2).split('.');
  return `${sign}${symbol}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Money travels as decimal numbers with at most 2 decimals; it is stored in minor units. */
export function toMinor(amount: number): bigint {
  return BigInt(Math.round(amount * 100));
}
/** Minor units (as a database driver answers them: bigint, number or text) to the API's decimal number. */
export function fromMinor(minor: bigint | number | string): number {
  return Number(minor) / 100;
}

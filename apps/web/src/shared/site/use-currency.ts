import { currencyOf } from '@bp/contract';
import { formatMoney } from '../ui/format.ts';
import { usePerInfo } from './site-info.ts';

/**
 * The site's currency (seed 3: the currency table) and its money format: symbol, 2 decimals. Until
 * the site's info arrives an amount reads '—': a ₮ site never shows ¥, not even for a moment.
 */
export function useCurrency() {
  const { data } = usePerInfo();
  const unit = data?.settlementUnit ?? 'cny';
  const currency = currencyOf(unit);
  return {
    unit,
    currency,
    /** Whether the site's currency is known yet (before its info arrives, `unit` is only the default). */
    known: data !== undefined,
    usdtSite: currency.code === 'USDT',
    money: (amount: number) => (data ? formatMoney(amount, unit) : '—'),
  };
}

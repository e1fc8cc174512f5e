import { currencyOf } from '@bp/contract';
import { usePerInfo } from '../../../shared/site/site-info.ts';
import { formatMoney } from '../../../shared/ui/format.ts';

/** The site's currency (seed 3: the currency table) and its money format: symbol, 2 decimals. */
export function useCurrency() {
  const { data } = usePerInfo();
  const unit = data?.settlementUnit ?? 'cny';
  const currency = currencyOf(unit);
  return { unit, currency, usdtSite: currency.code === 'USDT', money: (amount: number) => formatMoney(amount, unit) };
}

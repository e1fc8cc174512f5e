import { checkAmount, type Currency } from '@bp/contract';
import { formatMoney } from '../../../shared/ui/format.ts';

/**
 * Amounts as the member types them (seed 5: at most 2 decimals): only digits and one point are
 * kept, a third decimal never appears, and leading zeros go ("007" is 7, "0.5" stays).
 */
export function typedAmount(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  const whole = (point < 0 ? cleaned : cleaned.slice(0, point)).replace(/^0+(?=\d)/, '');
  if (point < 0) return whole;
  const cents = cleaned
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${whole || '0'}.${cents}`;
}

export interface AmountLimits {
  min?: number;
  max?: number;
}

/** What is wrong with a typed amount against the limits, in zh-CN; null when it may be sent, or nothing is typed yet. */
export function amountProblem(text: string, limits: AmountLimits, currency: Pick<Currency, 'code'>): string | null {
  if (text === '') return null;
  const value = Number(text);
  const broken = checkAmount(value);
  if (broken) return broken;
  const unit = currency.code === 'USDT' ? 'usdt' : 'cny';
  if (limits.min !== undefined && value < limits.min) return `单笔最低 ${formatMoney(limits.min, unit)}`;
  if (limits.max !== undefined && value > limits.max) return `单笔最高 ${formatMoney(limits.max, unit)}`;
  return null;
}

/** The amount to send, or null while the text is empty or wrong. */
export function amountToSend(text: string, limits: AmountLimits, currency: Pick<Currency, 'code'>): number | null {
  return text !== '' && amountProblem(text, limits, currency) === null ? Number(text) : null;
}

const LADDER = [50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

/** Quick picks of a deposit form: round sums inside the pay type's limits, at most six. */
export function quickPicks(limits: AmountLimits, count = 6): number[] {
  const min = limits.min ?? 0;
  const max = limits.max ?? Number.POSITIVE_INFINITY;
  return LADDER.filter((n) => n >= min && n <= max).slice(0, count);
}

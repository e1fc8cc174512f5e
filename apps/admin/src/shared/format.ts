import dayjs from 'dayjs';

const SYMBOLS: Record<string, string> = { CNY: '¥', USDT: '₮' };

/** Money as the operator reads it: symbol, thousands, two decimals. */
export function money(amount: number, currency = 'CNY'): string {
  const text = Math.abs(amount).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${amount < 0 ? '-' : ''}${SYMBOLS[currency] ?? ''}${text}${SYMBOLS[currency] ? '' : ` ${currency}`}`;
}

export const dateTime = (epochMs: number | null | undefined): string => (epochMs ? dayjs(epochMs).format('YYYY-MM-DD HH:mm:ss') : '—');

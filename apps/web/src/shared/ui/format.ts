import { shanghaiDateTime } from '@bp/contract';

/** Display rules of the seed (section 9). Money's format is the contract's, shared with the server's words. */
export { formatMoney } from '@bp/contract';

/** Card numbers in groups of 4: 6222 0200 1234 5678 901 (masks such as **** kept as they are). */
export function formatCardNumber(cardNum: string): string {
  return cardNum.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Large counts in ten-thousands: 9999 -> 9999, 12345 -> 1.2万, 100000 -> 10万. */
export function formatCount(count: number): string {
  if (Math.abs(count) < 10_000) return String(count);
  const wan = Math.floor((count / 10_000) * 10) / 10;
  return `${Number.isInteger(wan) ? wan.toFixed(0) : wan.toFixed(1)}万`;
}

/**
 * A phone number masked by its length: an 11-digit China number keeps 3 + 4 (138****5678); other
 * numbers keep about a quarter at each end, never less than one digit, and mask the rest.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\s+/g, '');
  const n = digits.length;
  if (n === 0) return '';
  if (n < 3) return '*'.repeat(n);
  const head = n === 11 ? 3 : Math.max(1, Math.floor(n / 4));
  const tail = n === 11 ? 4 : Math.max(1, Math.floor(n / 4));
  return digits.slice(0, head) + '*'.repeat(n - head - tail) + digits.slice(n - tail);
}

/** Epoch time from the wire: 10 digits are seconds (seed 9), 13 are milliseconds. */
export function toEpochMs(time: number | string): number {
  const n = typeof time === 'string' ? Number(time.trim()) : time;
  if (!Number.isFinite(n)) return NaN;
  return String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n;
}

/** `YYYY-MM-DD HH:mm` in Shanghai time, whatever the device's zone. */
export function formatDateTime(time: number | string): string {
  const ms = toEpochMs(time);
  if (!Number.isFinite(ms)) return '';
  return shanghaiDateTime(ms);
}

import { DAY_MS, shanghaiMidnight, type GameRecord } from '@bp/contract';
import type { RecordFilter } from './api.ts';

/** The records' periods: today, the last 7 or 30 Shanghai days including today, or days the member picks. */
export const RECORD_PERIODS = ['today', 'week', 'month', 'custom'] as const;
export type RecordPeriod = (typeof RECORD_PERIODS)[number];
const DAYS = { today: 1, week: 7, month: 30 } as const;

export interface RecordQuery {
  api_name: string | null;
  period: RecordPeriod;
  /** The picked days (custom): the first day's and the last day's start, device-local dates read as Shanghai days. */
  range: [number, number] | null;
}

/** The call's filter: the venue, and from the first day's Shanghai midnight to the end of the last. */
export function recordFilter(q: RecordQuery, now: number): RecordFilter {
  const venue = q.api_name ? { api_name: q.api_name } : {};
  if (q.period === 'custom' && q.range) return { ...venue, from: shanghaiMidnight(q.range[0]), to: shanghaiMidnight(q.range[1]) + DAY_MS - 1 };
  const days = q.period === 'custom' ? DAYS.month : DAYS[q.period];
  return { ...venue, from: shanghaiMidnight(now) - (days - 1) * DAY_MS, to: now };
}

const CARD = /^([SHCD])(A|[2-9]|10|J|Q|K)$/;
const SUIT_SIGNS: Record<string, string> = { S: '♠', H: '♥', C: '♣', D: '♦' };
/** A card code as a player reads it: SK is ♠K. */
export const cardText = (code: string) => {
  const m = CARD.exec(code);
  return m ? `${SUIT_SIGNS[m[1]]}${m[2]}` : code;
};
export const isRed = (code: string) => code[0] === 'H' || code[0] === 'D';

/** Detail fields that are amounts of money (shown with the currency's symbol). */
export const MONEY_DETAILS = new Set(['base', 'held', 'bet', 'amount', 'win']);

/** A detail value as text: cards with their suits, lists joined, numbers and words as they are. */
export function detailText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? cardText(v) : detailText(v))).join(' ');
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The member's net result of a settled round (payout less stake). */
export const netOf = (r: GameRecord) => (r.status === 'settled' ? Math.round((r.payout - r.stake) * 100) / 100 : null);

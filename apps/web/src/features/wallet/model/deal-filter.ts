import { DAY_MS, DEAL_TYPES, shanghaiMidnight, type DealType } from '@bp/contract';

/** The history's filters (queryDealRecord): the kind of movement and a period of Shanghai days. */
export const DEAL_PERIODS = ['today', 'week', 'month', 'all'] as const;
export type DealPeriod = (typeof DEAL_PERIODS)[number];
export const DEAL_FILTER_TYPES: ReadonlyArray<DealType | 'all'> = ['all', ...DEAL_TYPES];

const DAYS: Record<Exclude<DealPeriod, 'all'>, number> = { today: 1, week: 7, month: 30 };

/** A period as the call's startTime/endTime: today, the last 7 or 30 Shanghai days including today (seed 1: whatever the device's zone), or no bound. */
export function periodRange(period: DealPeriod, now: number): { startTime?: number; endTime?: number } {
  if (period === 'all') return {};
  return { startTime: shanghaiMidnight(now) - (DAYS[period] - 1) * DAY_MS, endTime: now };
}

export interface DealQuery {
  type: DealType | 'all';
  period: DealPeriod;
}

/** The body of one page of the history. */
export function dealRecordBody(q: DealQuery, page: number, size: number, now: number) {
  return { page, size, ...(q.type === 'all' ? {} : { type: q.type }), ...periodRange(q.period, now) };
}

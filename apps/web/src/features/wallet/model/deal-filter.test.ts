import { describe, expect, it } from 'vitest';
import { DEAL_TYPES } from '@bp/contract';
import { DEAL_FILTER_TYPES, dealRecordBody, periodRange } from './deal-filter.ts';

// 2025-08-06 01:30 in Shanghai is 2025-08-05 17:30 UTC.
const NOW = Date.UTC(2025, 7, 5, 17, 30);
const SHANGHAI_MIDNIGHT = Date.UTC(2025, 7, 5, 16, 0);

describe('history filters (queryDealRecord)', () => {
  it('[S1-05] count days in Asia/Shanghai, whatever the device zone', () => {
    expect(periodRange('today', SHANGHAI_MIDNIGHT).startTime).toBe(SHANGHAI_MIDNIGHT);
    expect(periodRange('today', SHANGHAI_MIDNIGHT - 1).startTime).toBe(SHANGHAI_MIDNIGHT - 86_400_000);
  });

  it('turn a period into startTime and endTime: today, the last 7 or 30 days including today, or no bound', () => {
    expect(periodRange('today', NOW)).toEqual({ startTime: SHANGHAI_MIDNIGHT, endTime: NOW });
    expect(periodRange('week', NOW)).toEqual({ startTime: SHANGHAI_MIDNIGHT - 6 * 86_400_000, endTime: NOW });
    expect(periodRange('month', NOW)).toEqual({ startTime: SHANGHAI_MIDNIGHT - 29 * 86_400_000, endTime: NOW });
    expect(periodRange('all', NOW)).toEqual({});
  });

  it('ask for a page with the type only when one is chosen', () => {
    expect(dealRecordBody({ type: 'all', period: 'all' }, 2, 20, NOW)).toEqual({ page: 2, size: 20 });
    expect(dealRecordBody({ type: 'transfer', period: 'today' }, 1, 20, NOW)).toEqual({
      page: 1,
      size: 20,
      type: 'transfer',
      startTime: SHANGHAI_MIDNIGHT,
      endTime: NOW,
    });
    expect(DEAL_FILTER_TYPES).toEqual(['all', ...DEAL_TYPES]);
  });
});

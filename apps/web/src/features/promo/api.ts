import { useQuery } from '@tanstack/react-query';
import type { DrawKind } from '@bp/contract';
import { call, keyed } from '../../shared/api/request.ts';

/** The activity calls (API.md "VIP, rebates and activities"). */
export const promoApi = {
  list: () => call('/api/activity/list', {}, { cacheMs: 30_000 }),
  sign: () => call('/api/activity/sign/config', {}),
  wheel: () => call('/api/activity/wheel/config', {}),
  lottery: () => call('/api/activity/lottery/config', {}),
  deposit: () => call('/api/activity/deposit/config', {}),
  draw: (kind: DrawKind, key: string) => call(`/api/activity/${kind}/draw`, {}, keyed(key)),
  records: (kind: DrawKind) => call(`/api/activity/${kind}/records`, { page: 1, size: 30 }),
  receive: (kind: DrawKind, recordId: number, key: string) => call(`/api/activity/${kind}/receive`, { recordId }, keyed(key)),
};

/** Query keys: the list is the site's; the rest under 'member' (a logout forgets them). */
export const promoKeys = {
  list: ['promo', 'list'] as const,
  member: ['member', 'promo'] as const,
  config: (kind: string) => ['member', 'promo', kind, 'config'] as const,
  records: (kind: DrawKind) => ['member', 'promo', kind, 'records'] as const,
};

export const useActivities = () => useQuery({ queryKey: promoKeys.list, queryFn: promoApi.list, staleTime: 30_000 });
export const useSignConfig = () => useQuery({ queryKey: promoKeys.config('sign'), queryFn: promoApi.sign });
export const useWheelConfig = () => useQuery({ queryKey: promoKeys.config('wheel'), queryFn: promoApi.wheel });
export const useLotteryConfig = () => useQuery({ queryKey: promoKeys.config('lottery'), queryFn: promoApi.lottery });
export const useDepositConfig = () => useQuery({ queryKey: promoKeys.config('deposit'), queryFn: promoApi.deposit });
export const useRecords = (kind: DrawKind) => useQuery({ queryKey: promoKeys.records(kind), queryFn: () => promoApi.records(kind) });

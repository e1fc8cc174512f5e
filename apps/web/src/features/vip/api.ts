import { useQuery } from '@tanstack/react-query';
import { call, keyed } from '../../shared/api/request.ts';

/** The VIP, rebate and welfare calls (API.md "VIP, rebates and activities"). */
export const vipApi = {
  info: () => call('/api/member/vip/info', {}),
  rules: () => call('/api/member/vip/rules', {}, { cacheMs: 60_000 }),
  fanshui: () => call('/api/member/fanshui/info', {}),
  receiveFanshui: (key: string) => call('/api/member/fanshui/receive', {}, keyed(key)),
  welfare: () => call('/api/member/welfare/list', {}),
  wagering: () => call('/api/member/welfare/wagering', {}),
  points: () => call('/api/member/points/info', {}),
  pointRecords: (page: number, size: number) => call('/api/member/points/records', { page, size }),
  exchange: (itemId: number, key: string) => call('/api/member/points/exchange', { itemId }, keyed(key)),
  birthday: () => call('/api/member/vip/birthday', {}),
  receiveWelfare: (welfareId: number, key: string) => call('/api/member/welfare/receive', { welfareId }, keyed(key)),
};

/** Query keys, under 'member' (a logout forgets them). */
export const vipKeys = {
  all: ['member', 'vip'] as const,
  info: ['member', 'vip', 'info'] as const,
  rules: ['member', 'vip', 'rules'] as const,
  fanshui: ['member', 'vip', 'fanshui'] as const,
  welfare: ['member', 'vip', 'welfare'] as const,
  wagering: ['member', 'vip', 'wagering'] as const,
  points: ['member', 'vip', 'points'] as const,
  pointRecords: ['member', 'vip', 'points', 'records'] as const,
  birthday: ['member', 'vip', 'birthday'] as const,
};

export const useVipInfo = () => useQuery({ queryKey: vipKeys.info, queryFn: vipApi.info });
export const useVipRules = () => useQuery({ queryKey: vipKeys.rules, queryFn: vipApi.rules, staleTime: 60_000 });
export const useFanshui = () => useQuery({ queryKey: vipKeys.fanshui, queryFn: vipApi.fanshui });
export const useWelfare = () => useQuery({ queryKey: vipKeys.welfare, queryFn: vipApi.welfare });
export const useWagering = () => useQuery({ queryKey: vipKeys.wagering, queryFn: vipApi.wagering });
export const usePoints = () => useQuery({ queryKey: vipKeys.points, queryFn: vipApi.points });
export const usePointRecords = () => useQuery({ queryKey: vipKeys.pointRecords, queryFn: () => vipApi.pointRecords(1, 30) });
export const useBirthdayBonus = () => useQuery({ queryKey: vipKeys.birthday, queryFn: vipApi.birthday });

import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/request.ts';

/** 抢庄牛牛 at KY: the member's balance there and any round waiting for a bid; deal; bid. */
export const NIUNIU_KEY = ['member', 'niuniu'] as const;
export const niuniuApi = {
  info: () => call('/api/chess/niuniu/info', {}),
  deal: (amount: number, key: string) => call('/api/chess/niuniu/deal', { amount }, { idempotencyKey: key, silent: true }),
  bid: (roundId: string, bid: number, key: string) => call('/api/chess/niuniu/bid', { roundId, bid }, { idempotencyKey: key, silent: true }),
};
export const useNiuniuInfo = () => useQuery({ queryKey: NIUNIU_KEY, queryFn: niuniuApi.info });

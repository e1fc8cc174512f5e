import { useQuery } from '@tanstack/react-query';
import type { FishKind } from '@bp/contract';
import { call } from '../../shared/api/request.ts';

/** 捕鱼: the member's balance at the fish venue, the fish and their multipliers; a batch of shots. */
export const FISH_KEY = ['member', 'fish'] as const;
export const fishApi = {
  info: () => call('/api/fish/info', {}),
  shoot: (amount: number, shots: FishKind[], key: string) => call('/api/fish/shoot', { amount, shots }, { idempotencyKey: key, silent: true }),
};
export const useFishInfo = () => useQuery({ queryKey: FISH_KEY, queryFn: fishApi.info });

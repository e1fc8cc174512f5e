import { useQuery } from '@tanstack/react-query';
import type { ApiData } from '@bp/contract';
import { call } from '../api/request.ts';
import { useLoggedIn } from '../session/use-session.ts';

export type Balance = ApiData<'/api/wallet/balance'>;

/** Under 'member' (a logout forgets it); the wallet's realtime frames and every money action make it stale. */
export const BALANCE_KEY = ['member', 'balance'] as const;

/** The member's balance, one query for every screen that shows it (wallet, slip, personal centre). */
export function useBalance() {
  const loggedIn = useLoggedIn();
  return useQuery({ queryKey: BALANCE_KEY, queryFn: () => call('/api/wallet/balance', {}), enabled: loggedIn, staleTime: 5_000 });
}

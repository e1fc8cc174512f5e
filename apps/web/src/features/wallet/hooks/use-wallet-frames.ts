import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onMemberFrame } from '../../../shared/realtime/member-socket.ts';
import { walletKeys } from '../api.ts';

/** While a wallet screen is open, a wallet.balance frame also refreshes its orders, history and interest wallet. */
export function useWalletFrames(): void {
  const queryClient = useQueryClient();
  useEffect(() => onMemberFrame('wallet.balance', () => void queryClient.invalidateQueries({ queryKey: walletKeys.all })), [queryClient]);
}

import { useRef } from 'react';
import { Toast } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/request.ts';
import { BALANCE_KEY } from '../../../shared/wallet/balance.ts';
import { MoneyIntent } from '../model/money-intent.ts';
import { showsOwnRefusal } from '../model/refusal.ts';
import { walletKeys } from '../api.ts';

const toastRefusal = (err: ApiError) => {
  if (showsOwnRefusal(err.code)) Toast.show({ content: err.message });
};

/**
 * A money-moving action of a screen, as a mutation: one `Idempotency-Key` per intent (kept for a
 * retry of the same request), busy against double taps, the refusal shown as the server worded
 * it, and the balance and every wallet figure read again once money moved.
 */
export function useMoneyAction<B, R>(send: (body: B, key: string) => Promise<R>, refused: (err: ApiError) => void = toastRefusal) {
  const intent = useRef(new MoneyIntent()).current;
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: B) => send(body, intent.keyFor(body)),
    onSuccess: () => {
      intent.done();
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });

  const run = async (body: B): Promise<R | null> => {
    if (mutation.isPending) return null;
    try {
      return await mutation.mutateAsync(body);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      refused(err);
      return null;
    }
  };
  return { run, busy: mutation.isPending };
}

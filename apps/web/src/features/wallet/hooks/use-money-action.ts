import { useRef, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/request.ts';
import { MoneyIntent } from '../model/money-intent.ts';
import { showsOwnRefusal } from '../model/refusal.ts';
import { walletKeys } from '../api.ts';

const toastRefusal = (err: ApiError) => {
  if (showsOwnRefusal(err.code)) Toast.show({ content: err.message });
};

/**
 * A money-moving action of a screen: one `Idempotency-Key` per intent (kept for a retry of the
 * same request), a busy flag against double taps, the refusal shown as the server worded it, and
 * every wallet figure read again once money moved.
 */
export function useMoneyAction<B, R>(send: (body: B, key: string) => Promise<R>, refused: (err: ApiError) => void = toastRefusal) {
  const intent = useRef(new MoneyIntent()).current;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const run = async (body: B): Promise<R | null> => {
    if (busy) return null;
    setBusy(true);
    try {
      const result = await send(body, intent.keyFor(body));
      intent.done();
      void queryClient.invalidateQueries({ queryKey: walletKeys.balance });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      return result;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      refused(err);
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

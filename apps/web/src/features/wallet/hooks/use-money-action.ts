import { useRef } from 'react';
import { Toast } from 'antd-mobile';
import type { ApiError } from '../../../shared/api/request.ts';
import { useAction } from '../../../shared/api/use-action.ts';
import { BALANCE_KEY } from '../../../shared/wallet/balance.ts';
import { MoneyIntent } from '../../../shared/api/money-intent.ts';
import { showsOwnRefusal } from '../model/refusal.ts';
import { walletKeys } from '../api.ts';

/** A refusal the common path did not speak for, said as the server worded it. */
export const toastRefusal = (err: ApiError) => {
  if (showsOwnRefusal(err.code)) Toast.show({ content: err.message });
};

/**
 * A money-moving action of a screen: one `Idempotency-Key` per intent (kept for a retry of the
 * same request), busy against double taps, the refusal shown as the server worded it, and the
 * balance and every wallet figure read again once money moved.
 */
export function useMoneyAction<B, R>(send: (body: B, key: string) => Promise<R>, refused: (err: ApiError) => void = toastRefusal) {
  const intent = useRef(new MoneyIntent()).current;
  return useAction((body: B) => send(body, intent.keyFor(body)), {
    refused,
    done: () => intent.done(),
    invalidates: [BALANCE_KEY, walletKeys.all],
  });
}

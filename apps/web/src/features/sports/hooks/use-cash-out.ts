import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { Errors, type BetRecord } from '@bp/contract';
import { ApiError } from '../../../shared/api/request.ts';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { BALANCE_KEY } from '../../../shared/wallet/balance.ts';
import { sportsApi, sportsKeys } from '../api.ts';
import { keyFor, type KeyedBet } from '../model/placement-key.ts';

/**
 * Cashing out an open single at the offer the member saw: confirmed first; if the offer fell
 * meanwhile, the new one is offered again; refused while the market is suspended. The same
 * offer tried again (a lost answer) keeps its Idempotency-Key.
 */
export function useCashOut() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const queryClient = useQueryClient();
  const keys = useRef(new Map<string, KeyedBet>());

  const attempt = async (orderId: string, amount: number): Promise<void> => {
    const body = { orderId, cashOutAmount: amount };
    const keyed = keyFor(keys.current.get(orderId), body);
    keys.current.set(orderId, keyed);
    try {
      const done = await sportsApi.cashOut(orderId, amount, keyed.key);
      keys.current.delete(orderId);
      Toast.show({ icon: 'success', content: t('sports.rec.cashedOut', { amount: money(done.payout) }) });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const offer = (err.data as { cashOut?: number } | null)?.cashOut;
      if (err.code === Errors.CASHOUT_CHANGED.code && offer) {
        const again = await Dialog.confirm({
          content: t('sports.rec.cashOutChanged', { amount: money(offer) }),
          cancelText: t('common.cancel'),
          confirmText: t('common.confirm'),
        });
        if (again) return attempt(orderId, offer);
      } else Toast.show({ content: err.message });
    }
  };

  // Whatever became of it, the records and the balance are read again.
  const cashing = useMutation({
    mutationFn: ({ orderId, amount }: { orderId: string; amount: number }) => attempt(orderId, amount),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sportsKeys.allRecords });
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
    },
  });

  const cashOut = async (bet: BetRecord) => {
    if (bet.cashOut === null || cashing.isPending) return;
    const ok = await Dialog.confirm({
      content: t('sports.rec.cashOutConfirm', { amount: money(bet.cashOut) }),
      cancelText: t('common.cancel'),
      confirmText: t('common.confirm'),
    });
    if (ok) await cashing.mutateAsync({ orderId: bet.orderId, amount: bet.cashOut });
  };
  /** The bet being cashed out now, if any. */
  const busy = cashing.isPending ? cashing.variables.orderId : null;
  return { cashOut, busy };
}

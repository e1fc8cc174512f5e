import { useRef } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MoneyIntent } from '../../shared/api/money-intent.ts';
import { useAction } from '../../shared/api/use-action.ts';
import { BALANCE_KEY } from '../../shared/wallet/balance.ts';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { vipKeys } from './api.ts';

/**
 * Receiving a bonus into the main wallet: one Idempotency-Key per intent (the same on a retry), the
 * amount received said in a toast, the server's refusal as it worded it; balance and lists read again.
 */
export function useReceive<B>(send: (body: B, key: string) => Promise<{ amount: number; main: number }>) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const intent = useRef(new MoneyIntent()).current;
  const action = useAction((body: B) => send(body, intent.keyFor(body)), {
    refused: (err) => Toast.show({ content: err.message }),
    done: (answer) => {
      intent.done();
      Toast.show({ icon: 'success', content: t('vip.received', { amount: money(answer.amount) }) });
    },
    invalidates: [BALANCE_KEY, vipKeys.all],
  });
  return action;
}

import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/request.ts';
import { walletKeys } from '../api.ts';
import { useBack } from './use-back.ts';

/**
 * Saving a bank card or USDT address: a busy flag against double taps, the server's refusal kept
 * for the form to show, and on success the wallet and the member's info read again, then back to
 * the list.
 */
export function useSaveDestination() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const done = useBack('/app/wallet/cards');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (send: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    try {
      await send();
      Toast.show({ icon: 'success', content: t('wallet.cards.saved') });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['member', 'info'] });
      done();
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err.message);
    } finally {
      setBusy(false);
    }
  };
  return { save, busy, refusal, setRefusal };
}

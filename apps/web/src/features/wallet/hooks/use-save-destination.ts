import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useFormCall } from '../../../shared/api/use-form-call.ts';
import { walletKeys } from '../api.ts';
import { useBack } from './use-back.ts';

/**
 * Saving a bank card or USDT address: busy against double taps, the server's refusal kept for the
 * form to show, and on success back to the list, the wallet and the member's info read again.
 */
export function useSaveDestination() {
  const { t } = useTranslation();
  const done = useBack('/app/wallet/cards');
  const { error, setError, busy, run } = useFormCall(undefined, [walletKeys.all, ['member', 'info']]);
  const save = (send: () => Promise<unknown>) =>
    run(async () => {
      await send();
      Toast.show({ icon: 'success', content: t('wallet.cards.saved') });
      done();
    });
  return { save, busy, refusal: error, clearRefusal: () => setError('') };
}

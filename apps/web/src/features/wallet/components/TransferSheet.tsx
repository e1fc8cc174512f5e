import { Button, Popup, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { walletApi, type Balance } from '../api.ts';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { useMoneyAction } from '../hooks/use-money-action.ts';
import { amountProblem, amountToSend } from '../model/amount.ts';
import { transferDirections, transferRequest, transferable, type TransferDirection, type TransferRequest } from '../model/transfer.ts';
import { AmountField } from './AmountField.tsx';

type Venue = Balance['venues'][number];

/** Money between the main wallet and one venue (seed 3: transfer_out, api_name); a venue not offered takes nothing in. */
export function TransferSheet({ venue, main, onClose }: { venue: Venue; main: number; onClose(): void }) {
  const { t } = useTranslation();
  const { money, currency } = useCurrency();
  const directions = transferDirections(venue.offered);
  const [direction, setDirection] = useState<TransferDirection>(directions[0]);
  const [text, setText] = useState('');
  const available = transferable(direction, main, venue.balance);
  const limits = { max: available };
  const problem = amountProblem(text, limits, currency);
  const amount = amountToSend(text, limits, currency);
  const transfer = useMoneyAction((body: TransferRequest, key: string) => walletApi.transfer(body, key));

  const submit = async () => {
    if (amount === null) return;
    if (await transfer.run(transferRequest(venue.api_name, amount, direction))) {
      Toast.show({ icon: 'success', content: t('wallet.transfer.done') });
      onClose();
    }
  };
  const turn = (next: TransferDirection) => {
    setDirection(next);
    setText('');
  };
  const [from, to] = direction === 'in' ? [t('wallet.main'), venue.name] : [venue.name, t('wallet.main')];

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="bp-sheet" destroyOnClose>
      <div className="bp-sheet-title">{t('wallet.transfer.title')}</div>
      <div className="bp-segments" role="tablist">
        {directions.map((d) => (
          <button key={d} role="tab" aria-selected={direction === d} className={direction === d ? 'is-active' : ''} onClick={() => turn(d)}>
            {t(`wallet.transfer.${d}`)}
          </button>
        ))}
      </div>
      <div className="bp-transfer-route">
        <div>
          <span className="bp-muted">{t('wallet.transfer.from')}</span>
          <strong>{from}</strong>
        </div>
        <span className="bp-transfer-arrow">→</span>
        <div>
          <span className="bp-muted">{t('wallet.transfer.to')}</span>
          <strong>{to}</strong>
        </div>
      </div>
      <AmountField
        value={text}
        onChange={setText}
        placeholder={t('wallet.transfer.placeholder')}
        problem={problem}
        hint={t('wallet.transfer.available', { amount: money(available) })}
        all={available}
      />
      <Button block color="primary" shape="rounded" size="large" disabled={amount === null} loading={transfer.busy} onClick={() => void submit()}>
        {t('wallet.transfer.submit')}
      </Button>
    </Popup>
  );
}

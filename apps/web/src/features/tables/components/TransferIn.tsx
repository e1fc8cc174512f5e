import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popup, Toast } from 'antd-mobile';
import { checkAmount } from '@bp/contract';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { BALANCE_KEY, useBalance } from '../../../shared/wallet/balance.ts';
import { newIdempotencyKey } from '../../../shared/api/request.ts';
import { tablesApi } from '../api.ts';

/** Money from the main wallet into AG, without leaving the table. */
export function TransferIn({ open, onClose, tableId }: { open: boolean; onClose(): void; tableId: string }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const queries = useQueryClient();
  const balance = useBalance();
  const [typed, setTyped] = useState('');
  const [sending, setSending] = useState(false);
  const key = useRef(newIdempotencyKey());
  const main = balance.data?.main ?? 0;
  const amount = Number(typed);
  const broken = typed ? checkAmount(amount) : null;

  const send = async () => {
    setSending(true);
    try {
      await tablesApi.transferIn(amount, key.current);
      key.current = newIdempotencyKey();
      Toast.show({ content: `${t('tables.transferDone')} ${money(amount)}`, icon: 'success' });
      setTyped('');
      onClose();
    } catch (err) {
      Toast.show((err as Error).message);
    } finally {
      setSending(false);
      void queries.invalidateQueries({ queryKey: ['tables', 'state', tableId] });
      void queries.invalidateQueries({ queryKey: BALANCE_KEY });
    }
  };

  return (
    <Popup visible={open} onMaskClick={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div className="bp-transfer-in">
        <h3>{t('tables.transferTitle')}</h3>
        <div className="bp-transfer-main">{t('tables.mainBalance', { amount: money(main) })}</div>
        <div className="bp-transfer-row">
          <Input type="number" inputMode="decimal" placeholder={t('tables.amount')} value={typed} onChange={setTyped} aria-label={t('tables.amount')} />
          <Button size="small" onClick={() => setTyped(String(main))} disabled={main <= 0}>
            {t('tables.all')}
          </Button>
        </div>
        {broken ? <div className="bp-transfer-error">{broken}</div> : null}
        <Button block color="primary" disabled={!typed || !!broken || amount > main || sending} loading={sending} onClick={() => void send()}>
          {t('tables.transferIn')}
        </Button>
      </div>
    </Popup>
  );
}

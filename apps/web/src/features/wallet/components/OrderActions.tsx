import { Button, Dialog, Input, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/api/use-action.ts';
import { useCancelCount, walletApi, walletKeys, type Deposit } from '../api.ts';
import { toastRefusal } from '../hooks/use-money-action.ts';
import { depositActions } from '../model/deposit-actions.ts';

/** "I have paid", appeal and cancel of a waiting deposit order, each only when the order allows it. */
export function OrderActions({ order, onChange }: { order: Deposit; onChange(order: Deposit): void }) {
  const { t } = useTranslation();
  const can = depositActions(order);
  const { data: cancels } = useCancelCount();
  const [payerName, setPayerName] = useState('');
  const { run, busy } = useAction((work: () => Promise<Deposit>) => work(), { refused: toastRefusal, invalidates: [walletKeys.all] });

  const act = async (work: () => Promise<Deposit>, done: string) => {
    const updated = await run(work);
    if (!updated) return;
    onChange(updated);
    Toast.show({ icon: 'success', content: done });
  };

  const appeal = async () => {
    let reason = '';
    const ok = await Dialog.confirm({
      title: t('wallet.order.appealTitle'),
      content: (
        <TextArea
          placeholder={t('wallet.order.appealPlaceholder')}
          maxLength={500}
          rows={3}
          showCount
          onChange={(v) => (reason = v)}
          className="bp-boxed-area"
        />
      ),
      confirmText: t('common.submit'),
      cancelText: t('common.cancel'),
    });
    if (ok) await act(() => walletApi.appeal(order.orderId, reason.trim()), t('wallet.order.appealed'));
  };
  const cancel = async () => {
    const ok = await Dialog.confirm({
      content: t('wallet.order.cancelConfirm', { remaining: cancels?.remaining ?? 0 }),
      confirmText: t('wallet.order.cancel'),
      cancelText: t('common.back'),
    });
    if (ok) await act(() => walletApi.cancelDeposit(order.orderId), t('wallet.order.cancelled'));
  };

  if (!can.confirm && !can.appeal && !can.cancel) return null;
  return (
    <div className="bp-order-actions">
      {can.confirm ? (
        <div className="bp-card">
          <Input className="bp-boxed-input" value={payerName} onChange={setPayerName} placeholder={t('wallet.order.payerName')} maxLength={48} clearable />
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            disabled={!payerName.trim() || busy}
            onClick={() => void act(() => walletApi.confirmTransfer(order.orderId, payerName.trim()), t('wallet.order.confirmed'))}
          >
            {t('wallet.order.confirm')}
          </Button>
        </div>
      ) : null}
      <div className="bp-button-row">
        {can.appeal ? (
          <Button shape="rounded" fill="outline" color="primary" disabled={busy} onClick={() => void appeal()}>
            {t('wallet.order.appeal')}
          </Button>
        ) : null}
        {can.cancel ? (
          <Button shape="rounded" fill="outline" disabled={busy || cancels?.remaining === 0} onClick={() => void cancel()}>
            {t('wallet.order.cancel')}
          </Button>
        ) : null}
      </div>
      {can.cancel && cancels ? <p className="bp-muted bp-center bp-small">{t('wallet.order.cancelsLeft', cancels)}</p> : null}
    </div>
  );
}

import { Button, Result, Skeleton } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { walletApi, usePayTypes, type Deposit, type PayType } from '../api.ts';
import { AmountField } from '../components/AmountField.tsx';
import { HeaderLink } from '../components/HeaderLink.tsx';
import { PayTypePicker } from '../components/PayTypePicker.tsx';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { useMoneyAction } from '../hooks/use-money-action.ts';
import { amountProblem, amountToSend, quickPicks } from '../model/amount.ts';
import { hasOrderScreen } from '../model/deposit-actions.ts';
import '../wallet.css';

interface DepositRequest {
  type: PayType;
  amount: number;
}

/** Deposit: the pay type, the amount (limits checked as it is typed), then the order or, in the sandbox, the money. */
export function DepositPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { money, currency } = useCurrency();
  const { data: types } = usePayTypes();
  const [typeId, setTypeId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [credited, setCredited] = useState<Deposit | null>(null);
  useEffect(() => setTypeId((id) => id ?? types?.[0]?.payTypeId ?? null), [types]);

  const type = types?.find((p) => p.payTypeId === typeId) ?? null;
  const limits = type ? { min: type.min, max: type.max } : {};
  const problem = amountProblem(text, limits, currency);
  const amount = amountToSend(text, limits, currency);
  const pay = useMoneyAction(({ type, amount }: DepositRequest, key: string) =>
    type.kind === 'usdt' ? walletApi.usdtPay({ payTypeId: type.payTypeId, amount }, key) : walletApi.payVal({ payTypeId: type.payTypeId, amount }, key),
  );

  const submit = async () => {
    if (!type || amount === null) return;
    const order = await pay.run({ type, amount });
    if (!order) return;
    if (hasOrderScreen(order.kind)) navigate(`/app/wallet/deposit/${order.orderId}`);
    else setCredited(order);
  };

  if (credited) {
    return (
      <div className="bp-page bp-wallet">
        <PageHeader title={t('walletPages.deposit')} fallback="/app/wallet" />
        <div className="bp-page-body">
          <Result
            className="bp-result"
            status="success"
            title={t('wallet.deposit.success')}
            description={t('wallet.deposit.successDetail', { amount: money(credited.amount) })}
          />
          <p className="bp-muted bp-center">
            {t('wallet.deposit.orderNo')} {credited.orderNo}
          </p>
          <div className="bp-button-row">
            <Button
              shape="rounded"
              fill="outline"
              color="primary"
              onClick={() => {
                setCredited(null);
                setText('');
              }}
            >
              {t('wallet.deposit.again')}
            </Button>
            <Button shape="rounded" color="primary" onClick={() => navigate('/app/wallet')}>
              {t('wallet.deposit.backToWallet')}
            </Button>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="bp-page bp-wallet">
      <PageHeader title={t('walletPages.deposit')} fallback="/app/wallet" right={<HeaderLink to="/app/wallet/orders" label={t('wallet.deposit.orders')} />} />
      <div className="bp-page-body">
        <div className="bp-section-title">{t('wallet.deposit.payTypes')}</div>
        {types ? (
          <PayTypePicker
            types={types}
            value={typeId}
            onChange={(id) => {
              setTypeId(id);
              setText('');
            }}
          />
        ) : (
          <Skeleton.Paragraph lineCount={3} animated />
        )}
        <div className="bp-section-title">{t('wallet.deposit.amount')}</div>
        <div className="bp-card">
          <AmountField
            value={text}
            onChange={setText}
            placeholder={t('wallet.deposit.placeholder')}
            problem={problem}
            hint={type ? t('wallet.amount.limits', { min: money(type.min), max: money(type.max) }) : undefined}
            picks={quickPicks(limits)}
          />
          {type ? <p className="bp-tip">{t(`wallet.deposit.tips.${type.kind}`, { network: type.network ?? '' })}</p> : null}
          <Button block color="primary" shape="rounded" size="large" disabled={amount === null} loading={pay.busy} onClick={() => void submit()}>
            {t('wallet.deposit.submit')}
          </Button>
        </div>
      </div>
    </div>
  );
}

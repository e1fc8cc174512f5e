import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useDeposit, walletKeys, type Deposit } from '../api.ts';
import { OrderActions } from '../components/OrderActions.tsx';
import { ProofUpload } from '../components/ProofUpload.tsx';
import { ReceiveAccount } from '../components/ReceiveAccount.tsx';
import { StatusTag } from '../components/StatusTag.tsx';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { useWalletFrames } from '../hooks/use-wallet-frames.ts';
import { depositActions } from '../model/deposit-actions.ts';
import '../wallet.css';

/** A speedPay or USDT deposit order: where to pay, the receipt, and what the member can do next. */
export function DepositOrderPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const orderId = Number(useParams().orderId);
  const queryClient = useQueryClient();
  const { data: order, isError } = useDeposit(orderId);
  useWalletFrames();
  const update = (next: Deposit) => queryClient.setQueryData(walletKeys.of('deposit', orderId), next);

  return (
    <div className="bp-page bp-wallet">
      <PageHeader title={t('walletPages.depositOrder')} fallback="/app/wallet/orders" />
      <div className="bp-page-body">
        {isError ? <ErrorBlock status="empty" title={t('wallet.empty')} description="" /> : null}
        {!order && !isError ? <Skeleton.Paragraph lineCount={6} animated /> : null}
        {order ? (
          <>
            <div className="bp-card bp-order-head">
              <StatusTag order="deposit" status={order.status} />
              <strong className="bp-order-amount">{money(order.amount)}</strong>
              <span className="bp-muted bp-small">
                {order.orderNo} · {formatDateTime(order.createdAt)}
              </span>
              {order.appealReason ? (
                <p className="bp-order-appeal">
                  {t('wallet.order.appealReason')}：{order.appealReason}
                </p>
              ) : null}
            </div>
            <div className="bp-section-title">{t('wallet.order.receive')}</div>
            <ReceiveAccount order={order} />
            {depositActions(order).upload ? (
              <>
                <div className="bp-section-title">{t('wallet.order.proof')}</div>
                <div className="bp-card">
                  <ProofUpload order={order} onUploaded={update} />
                </div>
              </>
            ) : null}
            <OrderActions order={order} onChange={update} />
          </>
        ) : null}
      </div>
    </div>
  );
}

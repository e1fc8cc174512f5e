import { Button, Dialog, Tabs, Toast } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useDeposits, useWithdrawals, walletApi, type Deposit, type Withdrawal } from '../api.ts';
import { PagedList } from '../../../shared/ui/PagedList.tsx';
import { StatusTag } from '../components/StatusTag.tsx';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { useMoneyAction } from '../hooks/use-money-action.ts';
import { useWalletFrames } from '../hooks/use-wallet-frames.ts';
import { shortMasked } from '../model/card-input.ts';
import { hasOrderScreen } from '../model/deposit-actions.ts';
import '../wallet.css';

const TABS = ['deposit', 'withdraw'] as const;

/** The member's deposit and withdrawal orders and their states; a withdrawal under review can be cancelled. */
export function OrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'withdraw' ? 'withdraw' : 'deposit';
  useWalletFrames();
  return (
    <div className="bp-page bp-wallet">
      <PageHeader title={t('walletPages.orders')} fallback="/app/wallet" />
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })} className="bp-tabs">
        {TABS.map((key) => (
          <Tabs.Tab key={key} title={t(key === 'deposit' ? 'wallet.deposit.orders' : 'wallet.withdraw.orders')} />
        ))}
      </Tabs>
      <div className="bp-page-body">{tab === 'deposit' ? <DepositOrders /> : <WithdrawOrders />}</div>
    </div>
  );
}

function DepositOrders() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { money } = useCurrency();
  const query = useDeposits();
  const render = (o: Deposit) => {
    const opens = hasOrderScreen(o.kind);
    return (
      <button className="bp-order-row" onClick={() => opens && navigate(`/app/wallet/deposit/${o.orderId}`)} disabled={!opens}>
        <div className="bp-order-main">
          <strong>{money(o.amount)}</strong>
          <span className="bp-muted bp-small">
            {t(`wallet.deposit.kinds.${o.kind}`, { network: o.receive?.network ?? '' })} · {formatDateTime(o.createdAt)}
          </span>
        </div>
        <StatusTag order="deposit" status={o.status} />
        {opens ? <RightOutline className="bp-muted" /> : null}
      </button>
    );
  };
  return <PagedList query={query} render={render} itemKey={(o) => o.orderId} empty={t('wallet.empty')} />;
}

function WithdrawOrders() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const query = useWithdrawals();
  const cancel = useMoneyAction((orderId: number, key: string) => walletApi.cancelWithdrawal(orderId, key));
  const confirmCancel = async (o: Withdrawal) => {
    if (!(await Dialog.confirm({ content: t('wallet.withdraw.cancelConfirm'), confirmText: t('wallet.withdraw.cancel'), cancelText: t('common.back') })))
      return;
    if (await cancel.run(o.orderId)) Toast.show({ icon: 'success', content: t('wallet.withdraw.cancelled') });
  };
  const render = (o: Withdrawal) => (
    <div className="bp-order-row" data-order={o.orderNo}>
      <div className="bp-order-main">
        <strong>{money(o.amount)}</strong>
        <span className="bp-muted bp-small">
          {t('wallet.withdraw.destinationLabel')} {shortMasked(o.destination)}
        </span>
        <span className="bp-muted bp-small">
          {t('wallet.withdraw.feeLine', { fee: money(o.fee), receivable: o.usdtAmount === null ? money(o.receivable) : `${o.usdtAmount.toFixed(2)} USDT` })}
        </span>
        <span className="bp-muted bp-small">{formatDateTime(o.createdAt)}</span>
      </div>
      <div className="bp-order-side">
        <StatusTag order="withdraw" status={o.status} />
        {o.status === 'pending' ? (
          <Button size="mini" shape="rounded" fill="outline" loading={cancel.busy} onClick={() => void confirmCancel(o)}>
            {t('wallet.withdraw.cancel')}
          </Button>
        ) : null}
      </div>
    </div>
  );
  return <PagedList query={query} render={render} itemKey={(o) => o.orderId} empty={t('wallet.empty')} />;
}

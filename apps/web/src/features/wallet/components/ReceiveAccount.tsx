import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { formatCardNumber } from '../../../shared/ui/format.ts';
import type { Deposit } from '../api.ts';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { InfoRow } from './InfoRow.tsx';

/** Where the member pays: the operator's bank account (speedPay), or the USDT address with its QR code. */
export function ReceiveAccount({ order }: { order: Deposit }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const r = order.receive;
  if (!r) return null;
  if (order.kind === 'usdt' && r.address) {
    return (
      <div className="bp-card bp-receive">
        <div className="bp-receive-qr">
          <QRCodeSVG value={r.address} size={148} marginSize={2} />
        </div>
        <InfoRow label={t('wallet.order.network')} value={r.network} />
        <InfoRow label={t('wallet.order.address')} value={<span className="bp-mono">{r.address}</span>} copy={r.address} />
        <InfoRow label={t('wallet.order.usdtAmount')} value={`${r.usdtAmount?.toFixed(2)} USDT`} copy={r.usdtAmount?.toFixed(2)} strong />
        <p className="bp-tip">{t('wallet.order.usdtNotice', { network: r.network })}</p>
      </div>
    );
  }
  return (
    <div className="bp-card bp-receive">
      <InfoRow label={t('wallet.order.bankName')} value={r.bankName} copy={r.bankName ?? undefined} />
      <InfoRow label={t('wallet.order.accountName')} value={r.accountName} copy={r.accountName ?? undefined} />
      <InfoRow label={t('wallet.order.cardNum')} value={<span className="bp-digits">{formatCardNumber(r.cardNum ?? '')}</span>} copy={r.cardNum ?? undefined} />
      {r.branch ? <InfoRow label={t('wallet.order.branch')} value={r.branch} /> : null}
      <InfoRow label={t('wallet.order.transferAmount')} value={money(order.amount)} copy={order.amount.toFixed(2)} strong />
      <p className="bp-tip">{t('wallet.order.bankNotice')}</p>
    </div>
  );
}

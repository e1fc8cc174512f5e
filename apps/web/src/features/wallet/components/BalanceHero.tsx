import { RedoOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../../shared/wallet/balance.ts';
import { useWalletType } from '../api.ts';
import { useCurrency } from '../../../shared/site/use-currency.ts';

/** Everything the member holds: main, interest wallet, venues and what is frozen, and the actions below it. */
export function BalanceHero({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const balance = useBalance();
  const { data: type } = useWalletType();
  const b = balance.data;
  const total = b ? b.main + b.yeb + b.frozen + b.venues.reduce((sum, v) => sum + v.balance, 0) : null;
  return (
    <section className="bp-wallet-hero">
      <div className="bp-wallet-hero-top">
        <span className="bp-muted">{t('wallet.total')}</span>
        {type ? <span className="bp-wallet-type">{t('wallet.walletType', { type: type.walletType })}</span> : null}
        <button className="bp-wallet-refresh" aria-label={t('wallet.refresh')} onClick={() => void balance.refetch()}>
          <RedoOutline className={balance.isFetching ? 'is-spinning' : undefined} />
        </button>
      </div>
      <strong className="bp-wallet-total bp-gold-text" data-testid="wallet-total">
        {total === null ? '—' : money(Math.round(total * 100) / 100)}
      </strong>
      <div className="bp-wallet-split">
        <Figure label={t('wallet.main')} value={b ? money(b.main) : '—'} testId="wallet-main" />
        <Figure label={t('wallet.yeb')} value={b ? money(b.yeb) : '—'} />
        <Figure label={t('wallet.frozen')} value={b ? money(b.frozen) : '—'} />
      </div>
      {children}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="bp-wallet-figure">
      <span className="bp-muted">{label}</span>
      <strong data-testid={testId}>{value}</strong>
    </div>
  );
}

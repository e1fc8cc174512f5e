import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useDeals, type DealPage } from '../api.ts';
import { PagedList } from '../../../shared/ui/PagedList.tsx';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { useWalletFrames } from '../hooks/use-wallet-frames.ts';
import { DEAL_FILTER_TYPES, DEAL_PERIODS, type DealQuery } from '../model/deal-filter.ts';
import '../wallet.css';

type Deal = DealPage['list'][number];

/** The history (queryDealRecord): every movement of the main and interest wallets, by kind and period. */
export function RecordsPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const [q, setQ] = useState<DealQuery>({ type: 'all', period: 'week' });
  const query = useDeals(q);
  useWalletFrames();

  const render = (d: Deal) => (
    <div className="bp-deal" data-kind={d.kind}>
      <div className="bp-deal-main">
        <strong>
          {d.typeName}
          {d.wallet === 'yeb' ? <span className="bp-deal-tag">{t('wallet.history.yebTag')}</span> : null}
        </strong>
        {d.detail ? <span className="bp-muted bp-small">{d.detail}</span> : null}
        <span className="bp-muted bp-small">{formatDateTime(d.createdAt)}</span>
      </div>
      <div className="bp-deal-side">
        <strong className={d.amount >= 0 ? 'bp-credit' : 'bp-debit'}>
          {d.amount >= 0 ? '+' : ''}
          {money(d.amount)}
        </strong>
        <span className="bp-muted bp-small">{t('wallet.history.balanceAfter', { amount: money(d.balanceAfter) })}</span>
      </div>
    </div>
  );

  return (
    <div className="bp-page bp-wallet">
      <PageHeader title={t('walletPages.records')} fallback="/app/wallet" />
      <div className="bp-filters">
        <div className="bp-chips" role="tablist" aria-label="type">
          {DEAL_FILTER_TYPES.map((type) => (
            <button
              key={type}
              role="tab"
              aria-selected={q.type === type}
              className={`bp-chip${q.type === type ? ' is-active' : ''}`}
              onClick={() => setQ({ ...q, type })}
            >
              {t(`wallet.history.types.${type}`)}
            </button>
          ))}
        </div>
        <div className="bp-segments bp-segments--small" role="tablist" aria-label="period">
          {DEAL_PERIODS.map((period) => (
            <button
              key={period}
              role="tab"
              aria-selected={q.period === period}
              className={q.period === period ? 'is-active' : ''}
              onClick={() => setQ({ ...q, period })}
            >
              {t(`wallet.history.periods.${period}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="bp-page-body">
        <div className="bp-card bp-deals">
          <PagedList query={query} render={render} itemKey={(d) => `${d.id}:${d.wallet}`} empty={t('wallet.history.empty')} />
        </div>
      </div>
    </div>
  );
}

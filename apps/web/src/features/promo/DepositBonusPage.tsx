import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useDepositConfig } from './api.ts';
import { Rules } from './parts.tsx';
import './promo.css';

/** First and continue deposit: each deposit's match and cap; the bonus waits in the welfare centre once the deposit is credited. */
export function DepositBonusPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const navigate = useNavigate();
  const { data } = useDepositConfig();

  return (
    <div className="bp-page bp-promo">
      <PageHeader title={t('promoPages.deposit')} fallback="/app/home" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data ? (
          <>
            <section className="bp-hero-card bp-promo-hero">
              <ol className="bp-promo-tiers">
                {data.tiers.map((tier) => (
                  <li key={tier.nth} data-testid="deposit-tier">
                    <span>{t('promo.deposit.tier', { nth: tier.nth })}</span>
                    <b className="bp-gold-text">{t('promo.deposit.match', { percent: tier.percent })}</b>
                    <span className="bp-muted">{t('promo.deposit.cap', { amount: money(tier.cap) })}</span>
                  </li>
                ))}
              </ol>
              <span className="bp-muted">
                {t('promo.deposit.min', { amount: money(data.minDeposit) })} · {t('promo.deposit.multiple', { multiple: data.multiple })}
              </span>
              <div className="bp-promo-actions">
                <Button color="primary" shape="rounded" onClick={() => navigate('/app/wallet/deposit')}>
                  {t('promo.deposit.go')}
                </Button>
                <Button shape="rounded" onClick={() => navigate('/app/vip/welfare')}>
                  {t('promo.deposit.welfare')}
                </Button>
              </div>
            </section>
            <Rules rules={data.rules} />
          </>
        ) : null}
      </div>
    </div>
  );
}

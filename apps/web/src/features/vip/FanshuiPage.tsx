import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { REBATE_VALID_DAYS, VIP_CATEGORIES } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useFanshui, useVipInfo, useVipRules, vipApi } from './api.ts';
import { useReceive } from './use-receive.ts';
import './vip.css';

/**
 * Rebate (返水): what waits to be received, received at once, and each day's rebate by category;
 * the member's own rates and how rebates are paid, so an empty list still tells what comes.
 */
export function FanshuiPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useFanshui();
  const { data: info } = useVipInfo();
  const { data: rules } = useVipRules();
  const rule = info && rules?.list.find((r) => r.vipLevel === info.vipLevel);
  const receive = useReceive((_: null, key: string) => vipApi.receiveFanshui(key));

  return (
    <div className="bp-page bp-vip">
      <PageHeader title={t('vipPages.fanshui')} fallback="/app/vip" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={6} animated /> : null}
        {data ? (
          <>
            <section className="bp-vip-hero bp-vip-pending">
              <span className="bp-muted">{t('vip.pending')}</span>
              <strong className="bp-vip-grade bp-gold-text" data-testid="fanshui-pending">
                {money(data.pending)}
              </strong>
              <Button color="primary" shape="rounded" disabled={data.pending <= 0} loading={receive.busy} onClick={() => void receive.run(null)}>
                {t('vip.receiveAll')}
              </Button>
            </section>
            {data.list.length === 0 ? (
              <p className="bp-muted bp-vip-empty">{t('vip.noRebate')}</p>
            ) : (
              <table className="bp-vip-table bp-vip-rebates">
                <thead>
                  <tr>
                    <th>{t('vip.day')}</th>
                    <th>{t('vip.category')}</th>
                    <th>{t('vip.turnover')}</th>
                    <th>{t('vip.rate')}</th>
                    <th>{t('vip.amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((r) => (
                    <tr key={`${r.day}:${r.category}`}>
                      <td>{r.day.slice(5)}</td>
                      <td>{t(`vip.categories.${r.category}`)}</td>
                      <td>{money(r.turnover)}</td>
                      <td>{`${r.rate}%`}</td>
                      <td>
                        {money(r.amount)}
                        <small className={`bp-vip-status is-${r.status}`}>{t(`vip.status.${r.status}`)}</small>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {rule ? (
              <>
                <section className="bp-card bp-vip-my-rates" data-testid="fanshui-rates">
                  <div className="bp-vip-my-rates-head">
                    <strong>{t('vip.myRates')}</strong>
                    <span className="bp-muted">{rule.grade}</span>
                    <Link to="/app/vip">{t('vip.allRates')}</Link>
                  </div>
                  <ul>
                    {VIP_CATEGORIES.map((c) => (
                      <li key={c}>
                        <span className="bp-muted">{t(`vip.categories.${c}`)}</span>
                        <strong>{`${rule.rebate[c]}%`}</strong>
                      </li>
                    ))}
                  </ul>
                </section>
                <p className="bp-muted bp-vip-rules">
                  {t('vip.rebateRules', {
                    days: REBATE_VALID_DAYS,
                    wagering: rule.bonusMultiple > 0 ? t('vip.rebateWagering', { multiple: rule.bonusMultiple }) : t('vip.rebateNoWagering'),
                  })}
                </p>
              </>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

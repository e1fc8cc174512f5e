import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useFanshui, vipApi } from './api.ts';
import { useReceive } from './use-receive.ts';
import './vip.css';

/** Rebate (返水): what waits to be received, received at once, and each day's rebate by category. */
export function FanshuiPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useFanshui();
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
          </>
        ) : null}
      </div>
    </div>
  );
}

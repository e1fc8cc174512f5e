import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { shanghaiDateTime } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useWelfare, vipApi } from './api.ts';
import { useReceive } from './use-receive.ts';
import './vip.css';

/** The welfare centre (福利中心): everything the member may claim now, each received on its own. */
export function WelfarePage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useWelfare();
  const receive = useReceive((welfareId: number, key: string) => vipApi.receiveWelfare(welfareId, key));

  return (
    <div className="bp-page bp-vip">
      <PageHeader title={t('vipPages.welfare')} fallback="/app/vip" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={6} animated /> : null}
        {data && data.list.length === 0 ? <p className="bp-muted bp-vip-empty">{t('vip.noWelfare')}</p> : null}
        {data?.list.map((w) => (
          <article key={w.welfareId} className="bp-card bp-vip-welfare" data-testid="welfare-item">
            <div>
              <strong>{w.title}</strong>
              <span className="bp-muted">
                {t('vip.multiple', { multiple: w.multiple })}
                {w.expiresAt ? ` · ${t('vip.expires', { date: shanghaiDateTime(w.expiresAt) })}` : ''}
              </span>
            </div>
            <div className="bp-vip-welfare-act">
              <b className="bp-gold-text">{money(w.amount)}</b>
              <Button size="small" color="primary" shape="rounded" loading={receive.busy} onClick={() => void receive.run(w.welfareId)}>
                {t('vip.receive')}
              </Button>
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}

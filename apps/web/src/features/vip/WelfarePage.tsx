import { Button, List, ProgressBar, Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { shanghaiDateTime } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useWagering, useWelfare, vipApi } from './api.ts';
import { useReceive } from './use-receive.ts';
import './vip.css';

/** Bonuses received and their turnover (流水) progress: what still asks turnover, the stake limit, the forfeit rule. */
function Wagering() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useWagering();
  if (!data || data.list.length === 0) return null;
  return (
    <section aria-label={t('vip.wagering')} data-testid="wagering">
      <div className="bp-section-title">{t('vip.wagering')}</div>
      <p className="bp-muted bp-small bp-vip-wager-rules">
        {t('vip.wagerRules', { odds: data.lowOdds, days: data.days })}
        {data.maxStake !== null ? t('vip.wagerMaxStake', { amount: money(data.maxStake) }) : ''}
        {data.forfeit > 0 ? t('vip.wagerForfeit', { amount: money(data.forfeit) }) : ''}
      </p>
      {data.list.map((b) => (
        <article key={b.welfareId} className="bp-card bp-vip-wager" data-testid="wager-item">
          <div className="bp-vip-wager-head">
            <strong>{b.title}</strong>
            <span className={`bp-vip-wager-state bp-vip-wager-${b.state}`}>{t(`vip.wagerState.${b.state}`)}</span>
          </div>
          <ProgressBar percent={b.required > 0 ? Math.min(100, (b.wagered / b.required) * 100) : 100} />
          <span className="bp-muted bp-small">
            {t('vip.wagerProgress', { wagered: money(b.wagered), required: money(b.required), amount: money(b.amount) })}
            {b.state === 'wagering' ? ` · ${t('vip.wagerUntil', { date: shanghaiDateTime(b.until) })}` : ''}
            {b.forfeited > 0 ? ` · ${t('vip.wagerForfeited', { amount: money(b.forfeited) })}` : ''}
          </span>
        </article>
      ))}
    </section>
  );
}

/** The activities that earn more to claim here: invite friends and novice tasks. */
function MoreWelfare() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section aria-label={t('vip.moreWelfare')}>
      <div className="bp-section-title">{t('vip.moreWelfare')}</div>
      <List className="bp-card bp-vip-more">
        <List.Item onClick={() => navigate('/app/promotions/novice')} data-testid="welfare-novice">
          {t('promoPages.novice')}
        </List.Item>
        <List.Item onClick={() => navigate('/app/promotions/invite')} data-testid="welfare-invite">
          {t('promoPages.invite')}
        </List.Item>
      </List>
    </section>
  );
}

/** The welfare centre (福利中心): everything the member may claim now, each received on its own; then the turnover bonuses received still ask. */
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
        <Wagering />
        <MoreWelfare />
      </div>
    </div>
  );
}

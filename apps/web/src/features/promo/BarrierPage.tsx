import { Button, ProgressBar, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BALANCE_KEY } from '../../shared/wallet/balance.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { promoApi, promoKeys, useBarrierConfig } from './api.ts';
import { stageProgress } from './barrier.ts';
import { Records, Rules, useMoneyCall } from './parts.tsx';
import './promo.css';

/** 闯关: today's valid turnover along the stages; a reached stage's prize received once a day (领取), the others show what is left to bet. */
export function BarrierPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const navigate = useNavigate();
  const { data } = useBarrierConfig();
  const take = useMoneyCall(
    (stage: number, key: string) => promoApi.takeStage(stage, key),
    (answer) => Toast.show({ icon: 'success', content: t('promo.barrier.paid', { amount: money(answer.amount) }) }),
    [BALANCE_KEY, promoKeys.member],
  );

  return (
    <div className="bp-page bp-promo">
      <PageHeader title={t('promoPages.barrier')} fallback="/app/promotions" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data ? (
          <>
            <section className="bp-hero-card bp-promo-hero bp-promo-barrier" data-testid="barrier-hero">
              <span className="bp-muted">{t('promo.barrier.today')}</span>
              <strong className="bp-promo-tickets bp-gold-text" data-testid="barrier-turnover">
                {money(data.turnover)}
              </strong>
              <ProgressBar
                percent={stageProgress(
                  data.turnover,
                  data.stages.map((s) => s.turnover),
                )}
                className="bp-promo-barrier-bar"
              />
              <div className="bp-promo-barrier-marks">
                {data.stages.map((s) => (
                  <span key={s.stage} className={s.status === 'locked' ? 'bp-muted' : 'bp-gold-text'}>
                    {t('promo.barrier.stage', { n: s.stage })}
                  </span>
                ))}
              </div>
              <span className="bp-muted bp-small">{t('promo.barrier.reset')}</span>
            </section>
            <section className="bp-card bp-promo-records">
              <h3>{t('promo.barrier.stages')}</h3>
              {data.stages.map((s) => (
                <div key={s.stage} className="bp-promo-record" data-testid="barrier-stage">
                  <div>
                    <strong>{t('promo.barrier.stage', { n: s.stage })}</strong>
                    <span className="bp-muted">{t('promo.barrier.need', { amount: money(s.turnover) })}</span>
                  </div>
                  <div className="bp-promo-record-act">
                    <b className="bp-gold-text">{money(s.prize)}</b>
                    {s.status === 'reached' || s.status === 'pending' ? (
                      <Button size="mini" color="primary" shape="rounded" loading={take.busy} onClick={() => void take.run(s.stage)}>
                        {t('promo.barrier.take')}
                      </Button>
                    ) : (
                      <span className="bp-muted">
                        {s.status === 'locked' ? t('promo.barrier.locked', { amount: money(s.turnover - data.turnover) }) : t(`promo.barrier.${s.status}`)}
                      </span>
                    )}
                  </div>
                </div>
              ))}
              <Button block color="primary" fill="outline" shape="rounded" onClick={() => navigate('/app/sports')}>
                {t('promo.barrier.bet')}
              </Button>
            </section>
            <Records kind="barrier" />
            <Rules rules={data.rules} />
          </>
        ) : null}
      </div>
    </div>
  );
}

import { Button, ProgressBar, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { NoviceTask } from '@bp/contract';
import { BALANCE_KEY } from '../../shared/wallet/balance.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { promoApi, promoKeys, useNoviceConfig } from './api.ts';
import { Rules, useMoneyCall } from './parts.tsx';
import './promo.css';

/** Where each task is done (去完成). */
export const TASK_SCREEN: Record<NoviceTask, string> = {
  bind_phone: '/app/member/phone',
  bind_payout: '/app/wallet/cards',
  profile: '/app/member/profile',
  first_deposit: '/app/wallet/deposit',
  first_bet: '/app/sports',
};

/** 新手任务: each task with its reward; 去完成 leads to its screen, 领取 pays a done task once. */
export function NovicePage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const navigate = useNavigate();
  const { data } = useNoviceConfig();
  const claim = useMoneyCall(
    (task: NoviceTask, key: string) => promoApi.claim(task, key),
    (answer) => Toast.show({ icon: 'success', content: t('promo.novice.paid', { amount: money(answer.amount) }) }),
    [BALANCE_KEY, promoKeys.member],
  );
  const claimed = data?.tasks.filter((task) => task.status === 'claimed').length ?? 0;

  return (
    <div className="bp-page bp-promo">
      <PageHeader title={t('promoPages.novice')} fallback="/app/promotions" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data ? (
          <>
            <section className="bp-hero-card bp-promo-hero bp-promo-novice">
              <b>{t('promo.novice.done', { n: claimed, total: data.tasks.length })}</b>
              <ProgressBar percent={(claimed / Math.max(1, data.tasks.length)) * 100} />
            </section>
            <section className="bp-card bp-promo-records">
              <h3>{t('promo.novice.tasks')}</h3>
              {data.tasks.map((task) => (
                <div key={task.task} className="bp-promo-record" data-testid="novice-task">
                  <div>
                    <strong>{task.title}</strong>
                    <span className="bp-gold-text">{t('promo.novice.reward', { amount: money(task.reward) })}</span>
                  </div>
                  <div className="bp-promo-record-act">
                    {task.status === 'todo' ? (
                      <Button size="mini" shape="rounded" onClick={() => navigate(TASK_SCREEN[task.task])}>
                        {t('promo.novice.go')}
                      </Button>
                    ) : null}
                    {task.status === 'claimable' ? (
                      <Button size="mini" color="primary" shape="rounded" loading={claim.busy} onClick={() => void claim.run(task.task)}>
                        {t('promo.novice.claim')}
                      </Button>
                    ) : null}
                    {task.status === 'claimed' ? <span className="bp-muted">{t('promo.novice.claimed')}</span> : null}
                  </div>
                </div>
              ))}
            </section>
            <Rules rules={data.rules} />
          </>
        ) : null}
      </div>
    </div>
  );
}

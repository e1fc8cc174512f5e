import { Button, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useLotteryConfig } from './api.ts';
import { Records, Rules, useDraw } from './parts.tsx';
import './promo.css';

/** Lottery (幸运抽奖): the member's tickets and how they are earned, the prize pool with its stock, one draw per ticket, the records. */
export function LotteryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { money } = useCurrency();
  const { data } = useLotteryConfig();
  const draw = useDraw('lottery', (answer) => {
    const won = answer.prize.kind === 'none' ? t('promo.wheel.none') : t('promo.wheel.won', { prize: money(answer.prize.amount) });
    Toast.show({ icon: answer.prize.kind === 'none' ? undefined : 'success', content: won });
  });

  return (
    <div className="bp-page bp-promo">
      <PageHeader title={t('promoPages.lottery')} fallback="/app/promotions" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data ? (
          <>
            <section className="bp-hero-card bp-promo-hero bp-promo-lottery" data-testid="lottery-hero">
              <span className="bp-muted">{t('promo.lottery.tickets')}</span>
              <strong className="bp-promo-tickets bp-gold-text">{data.tickets.left}</strong>
              <span>{t('promo.lottery.left', { n: data.tickets.left, used: data.tickets.used })}</span>
              <span className="bp-muted bp-small">
                {t('promo.lottery.earn', { deposit: money(data.depositPerTicket), turnover: money(data.turnoverPerTicket) })}
              </span>
              {data.tickets.left > 0 ? (
                <Button color="primary" shape="rounded" loading={draw.busy} onClick={() => void draw.run(undefined)} data-testid="lottery-draw">
                  {t('promo.lottery.draw')}
                </Button>
              ) : (
                <Button color="primary" fill="outline" shape="rounded" onClick={() => navigate('/app/wallet/deposit')}>
                  {t('promo.lottery.deposit')}
                </Button>
              )}
            </section>
            <section className="bp-card bp-promo-pool">
              <h3>{t('promo.lottery.prizes')}</h3>
              <ul>
                {data.prizes.map((p) => (
                  <li key={p.prizeNo} data-testid="lottery-prize">
                    <b className={p.prize.kind === 'none' ? 'bp-muted' : 'bp-gold-text'}>{p.prize.kind === 'none' ? p.prize.name : money(p.prize.amount)}</b>
                    {p.left !== null ? <span className="bp-muted bp-small">{t('promo.wheel.stock', { n: p.left })}</span> : null}
                  </li>
                ))}
              </ul>
            </section>
            <Rules rules={data.rules} />
            <Records kind="lottery" />
          </>
        ) : null}
      </div>
    </div>
  );
}

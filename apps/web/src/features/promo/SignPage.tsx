import { Button, Skeleton, Toast } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useSignConfig } from './api.ts';
import { Records, Rules, useDraw } from './parts.tsx';
import './promo.css';

/** Daily sign-in: the streak, the cycle's days (milestones marked), today's sign-in, the records. */
export function SignPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useSignConfig();
  const sign = useDraw('sign', (answer) =>
    Toast.show({ icon: 'success', content: t('promo.sign.won', { prize: answer.prize.name + ' ' + money(answer.prize.amount) }) }),
  );
  const cycle = data?.days.length ?? 7;
  // The cycle's days done: the streak's place in its cycle (a full cycle shows every day done).
  const done = data && data.streak > 0 ? ((data.streak - 1) % cycle) + 1 : 0;

  return (
    <div className="bp-page bp-promo">
      <PageHeader title={t('promoPages.sign')} fallback="/app/home" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data ? (
          <>
            <section className="bp-hero-card bp-promo-hero" data-testid="sign-hero">
              <span className="bp-muted">{t('promo.sign.streak')}</span>
              <b className="bp-promo-streak">{t('promo.sign.days', { n: data.streak })}</b>
              <span className="bp-muted">{t('promo.sign.month', { n: data.signedDays.length })}</span>
              <ol className="bp-promo-days">
                {data.days.map((d) => (
                  <li key={d.day} className={`${d.day <= done ? 'is-done' : ''} ${d.milestone ? 'is-milestone' : ''}`} data-testid="sign-day">
                    <span>{t('promo.sign.day', { n: d.day })}</span>
                    {d.day <= done ? <CheckOutline className="bp-promo-check" /> : <b>{money(d.prize.amount)}</b>}
                    {d.milestone ? <em>{t('promo.sign.milestone')}</em> : null}
                  </li>
                ))}
              </ol>
              <Button block color="primary" shape="rounded" disabled={data.signedToday} loading={sign.busy} onClick={() => void sign.run(undefined)}>
                {data.signedToday ? t('promo.sign.signed') : t('promo.sign.today')}
              </Button>
            </section>
            <Rules rules={data.rules} />
            <Records kind="sign" />
          </>
        ) : null}
      </div>
    </div>
  );
}

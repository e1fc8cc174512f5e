import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useBirthdayBonus, useVipInfo, vipApi } from './api.ts';
import { useReceive } from './use-receive.ts';
import { plainAmount } from './progress.ts';
import './vip.css';

/** The birthday bonus (生日礼金): this year's (received here or in the welfare centre), what each level pays, and the way to set the birthday. */
export function BirthdayPage() {
  const { t } = useTranslation();
  const { money, currency } = useCurrency();
  const { data } = useBirthdayBonus();
  const { data: info } = useVipInfo();
  const receive = useReceive((welfareId: number, key: string) => vipApi.receiveWelfare(welfareId, key));

  return (
    <div className="bp-page bp-vip">
      <PageHeader title={t('vipPages.birthday')} fallback="/app/vip" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={6} animated /> : null}
        {data ? (
          <>
            <section className="bp-hero-card bp-vip-hero" data-testid="birthday-hero">
              <span className="bp-muted">{data.birthday ? t('birthday.yours', { date: data.birthday }) : t('birthday.unset')}</span>
              <strong className="bp-vip-grade bp-gold-text">{money(data.amount)}</strong>
              <span className="bp-vip-next">{statusLine(t, data)}</span>
              {data.birthday === null ? (
                <Link to="/app/member/profile" className="bp-vip-hero-link">
                  <Button size="small" color="primary" shape="rounded">
                    {t('birthday.set')}
                  </Button>
                </Link>
              ) : null}
              {data.welfareId !== null && data.status === 'pending' ? (
                <Button size="small" color="primary" shape="rounded" loading={receive.busy} onClick={() => void receive.run(data.welfareId!)}>
                  {t('vip.receive')}
                </Button>
              ) : null}
            </section>
            <h3 className="bp-section-title">{t('birthday.byLevel')}</h3>
            <div className="bp-vip-table-wrap">
              <table className="bp-vip-table">
                <thead>
                  <tr>
                    <th>{t('vip.level')}</th>
                    <th>{`${t('vipPages.birthday')}(${currency.symbol})`}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.levels.map((l) => (
                    <tr key={l.vipLevel} className={l.vipLevel === info?.vipLevel ? 'is-current' : ''}>
                      <th scope="row">{l.grade}</th>
                      <td>{plainAmount(l.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="bp-muted bp-vip-rules">{t('birthday.rules')}</p>
          </>
        ) : null}
      </div>
    </div>
  );
}

type Bonus = NonNullable<ReturnType<typeof useBirthdayBonus>['data']>;

function statusLine(t: (key: string) => string, b: Bonus): string {
  if (b.birthday === null) return t('birthday.setFirst');
  if (b.status === 'received') return t('birthday.received');
  if (b.status === 'expired') return t('birthday.expired');
  if (b.status === 'pending') return t('birthday.ready');
  if (b.inMonth) return t('birthday.noneAtLevel');
  return t('birthday.inMonth');
}

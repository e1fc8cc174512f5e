import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { VIP_CATEGORIES, type ApiData } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useVipInfo, useVipRules } from './api.ts';
import { percentOf, plainAmount } from './progress.ts';
import './vip.css';

type Rule = ApiData<'/api/member/vip/rules'>['list'][number];

/** The VIP page: the member's grade and progress to the next, the way to rewards and rebate, every level's benefits. */
export function VipPage() {
  const { t } = useTranslation();
  const { money, currency } = useCurrency();
  const { data: info } = useVipInfo();
  const { data: rules } = useVipRules();
  const next = info?.next ? rules?.list.find((r) => r.vipLevel === info.next!.vipLevel) : undefined;

  return (
    <div className="bp-page bp-vip">
      <PageHeader title={t('vipPages.vip')} fallback="/app/member" />
      <div className="bp-page-body">
        {!info || !rules ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {info && rules ? (
          <>
            <section className="bp-hero-card bp-vip-hero" data-testid="vip-hero">
              <span className="bp-muted">{t('vip.current')}</span>
              <strong className="bp-vip-grade bp-gold-text">{info.grade}</strong>
              {info.next && next ? (
                <>
                  <span className="bp-vip-next">{t('vip.toNext', { grade: next.grade })}</span>
                  <Progress label={t('vip.deposit')} value={info.deposit} target={info.next.deposit} format={money} />
                  <Progress label={t('vip.turnover')} value={info.turnover} target={info.next.turnover} format={money} />
                </>
              ) : (
                <span className="bp-vip-next">{t('vip.top')}</span>
              )}
            </section>
            <nav className="bp-vip-links">
              <Link to="/app/vip/welfare" className="bp-card">
                <strong>{t('vipPages.welfare')}</strong>
                <span className="bp-muted">{t('vip.welfareNote')}</span>
              </Link>
              <Link to="/app/vip/fanshui" className="bp-card">
                <strong>{t('vipPages.fanshui')}</strong>
                <span className="bp-muted">{t('vip.fanshuiNote')}</span>
              </Link>
              <Link to="/app/vip/points" className="bp-card">
                <strong>{t('vipPages.points')}</strong>
                <span className="bp-muted">{t('vip.pointsNote')}</span>
              </Link>
              <Link to="/app/vip/birthday" className="bp-card">
                <strong>{t('vipPages.birthday')}</strong>
                <span className="bp-muted">{t('vip.birthdayNote')}</span>
              </Link>
            </nav>
            <h3 className="bp-section-title">{t('vip.benefits')}</h3>
            <BenefitsTable rules={rules.list} current={info.vipLevel} unit={currency.symbol} />
            <p className="bp-muted bp-vip-rules">{t('vip.rules')}</p>
          </>
        ) : null}
      </div>
    </div>
  );
}

function Progress({ label, value, target, format }: { label: string; value: number; target: number; format: (n: number) => string }) {
  const percent = percentOf(value, target);
  return (
    <div className="bp-vip-progress">
      <div className="bp-vip-progress-label">
        <span>{label}</span>
        <span className="bp-muted">{`${format(Math.min(value, target))} / ${format(target)}`}</span>
      </div>
      <div className="bp-vip-bar" role="progressbar" aria-label={label} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <i style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Every level's bonuses, withdrawal limit and rebate rates; the member's own row marked. Scrolls sideways, the level column staying. */
function BenefitsTable({ rules, current, unit }: { rules: Rule[]; current: number; unit: string }) {
  const { t } = useTranslation();
  const money = (key: string) => `${t(key)}(${unit})`;
  return (
    <div className="bp-vip-table-wrap">
      <table className="bp-vip-table">
        <thead>
          <tr>
            <th>{t('vip.level')}</th>
            <th>{money('vip.upgradeBonus')}</th>
            <th>{money('vip.weeklyBonus')}</th>
            <th>{money('vip.monthlyBonus')}</th>
            <th>{money('vip.withdrawMax')}</th>
            {VIP_CATEGORIES.map((c) => (
              <th key={c}>{`${t(`vip.categories.${c}`)}${t('vip.rebate')}`}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rules.map((r) => (
            <tr key={r.vipLevel} className={r.vipLevel === current ? 'is-current' : ''}>
              <th scope="row">{r.grade}</th>
              <td>{plainAmount(r.upgradeBonus)}</td>
              <td>{plainAmount(r.weeklyBonus)}</td>
              <td>{plainAmount(r.monthlyBonus)}</td>
              <td>{plainAmount(r.withdrawMax)}</td>
              {VIP_CATEGORIES.map((c) => (
                <td key={c}>{`${r.rebate[c]}%`}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

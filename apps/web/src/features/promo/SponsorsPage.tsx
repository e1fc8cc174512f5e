import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useSponsors } from './api.ts';
import { Badge } from './content-parts.tsx';
import './promo.css';

/** 赞助伙伴: the site's sponsorship partners, each with its badge, years and a few words. */
export function SponsorsPage() {
  const { t } = useTranslation();
  const { data } = useSponsors();
  return (
    <div className="bp-page bp-promo">
      <PageHeader title={t('promoPages.sponsors')} fallback="/app/promotions" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data && data.list.length === 0 ? <p className="bp-muted bp-promo-empty">{t('promo.sponsors.empty')}</p> : null}
        {data?.list.map((p) => (
          <article key={p.sponsorId} className="bp-card bp-promo-sponsor" data-testid="sponsor">
            <Badge text={p.badge.text} color={p.badge.color} />
            <div>
              <div className="bp-promo-card-head">
                <strong>{p.name}</strong>
                <span className="bp-promo-tag">{t(`promo.sponsors.kinds.${p.kind}`)}</span>
              </div>
              <span className="bp-muted">
                {p.toYear === null ? t('promo.sponsors.years', { from: p.fromYear }) : t('promo.sponsors.span', { from: p.fromYear, to: p.toYear })}
              </span>
              <p>{p.summary}</p>
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}

import { useState } from 'react';
import { Button, CapsuleTabs, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ACTIVITY_CATEGORIES, shanghaiDateTime, type ActivityKind } from '@bp/contract';
import { FireFill, StarFill } from 'antd-mobile-icons';
import { useActivities } from './api.ts';
import './promo.css';

/** Each activity's own page. */
export const PAGE_OF: Record<ActivityKind, string> = {
  sign: '/app/promotions/sign',
  wheel: '/app/promotions/wheel',
  lottery: '/app/promotions/lottery',
  first_deposit: '/app/promotions/deposit',
  continue_deposit: '/app/promotions/deposit',
  invite: '/app/promotions/invite',
  novice: '/app/promotions/novice',
  guess: '/app/promotions/guess',
  barrier: '/app/promotions/barrier',
  soccer_lottery: '/app/promotions/soccer-lottery',
  quiz: '/app/promotions/quiz',
};

/** The content pages beside the activities. */
const CONTENT = [
  { key: 'experts', path: '/app/promotions/experts', icon: <FireFill /> },
  { key: 'sponsors', path: '/app/promotions/sponsors', icon: <StarFill /> },
] as const;

/** The 优惠 tab: the site's activities by category, each leading to its page. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useActivities();
  const [category, setCategory] = useState<string>('all');
  const shown = (data?.list ?? []).filter((a) => a.status !== 'ended' && (category === 'all' || a.category === category));
  const day = (at: number) => shanghaiDateTime(at).slice(0, 10);

  return (
    <div className="bp-page bp-promo">
      <header className="bp-promo-title">{t('promoPages.list')}</header>
      <CapsuleTabs activeKey={category} onChange={setCategory} className="bp-promo-tabs">
        {['all', ...ACTIVITY_CATEGORIES].map((c) => (
          <CapsuleTabs.Tab key={c} title={t(`promo.categories.${c}`)} />
        ))}
      </CapsuleTabs>
      <div className="bp-page-body">
        <nav className="bp-promo-content">
          {CONTENT.map((c) => (
            <button key={c.key} type="button" className="bp-card" data-testid={`promo-content-${c.key}`} onClick={() => navigate(c.path)}>
              {c.icon}
              <strong>{t(`promo.content.${c.key}`)}</strong>
              <span className="bp-muted">{t(`promo.content.${c.key}Note`)}</span>
            </button>
          ))}
        </nav>
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data && shown.length === 0 ? <p className="bp-muted bp-promo-empty">{t('promo.empty')}</p> : null}
        {shown.map((a) => (
          <article
            key={a.activityId}
            className={`bp-card bp-promo-card bp-promo-card--${a.kind}`}
            data-testid="promo-card"
            onClick={() => navigate(PAGE_OF[a.kind])}
          >
            <div className="bp-promo-card-head">
              <strong>{a.title}</strong>
              <span className={`bp-promo-tag bp-promo-tag--${a.status}`}>{t(`promo.status.${a.status}`)}</span>
            </div>
            <p>{a.rules[0]}</p>
            <div className="bp-promo-card-foot">
              <span className="bp-muted">{t('promo.window', { from: day(a.startAt), to: day(a.endAt) })}</span>
              <Button size="mini" color="primary" shape="rounded">
                {t('promo.join')}
              </Button>
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}

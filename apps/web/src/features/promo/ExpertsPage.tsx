import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useExpert, useExperts } from './api.ts';
import { Badge, ExpertRecord, PickCard } from './content-parts.tsx';
import './promo.css';

/** 专家推荐: each expert with their record (graded by our book's results) and latest tips; a tip leads to its match. */
export function ExpertsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useExperts();
  return (
    <div className="bp-page bp-promo">
      <PageHeader title={t('promoPages.experts')} fallback="/app/promotions" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data && data.list.length === 0 ? <p className="bp-muted bp-promo-empty">{t('promo.experts.empty')}</p> : null}
        {data?.list.map((e) => (
          <section key={e.expertId} className="bp-card bp-promo-expert" data-testid="expert">
            <header className="bp-promo-expert-head" onClick={() => navigate(`/app/promotions/experts/${e.expertId}`)} role="button">
              <Badge text={e.badge.text} color={e.badge.color} />
              <div>
                <strong>{e.name}</strong>
                <span className="bp-muted">{e.title}</span>
              </div>
              <span className="bp-promo-expert-more">{t('promo.experts.more')}</span>
            </header>
            <ExpertRecord record={e.record} />
            {e.open.length === 0 ? <p className="bp-muted">{t('promo.experts.noOpen')}</p> : null}
            {e.open.map((p) => (
              <PickCard key={p.pickId} p={p} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

/** One expert: who they are, their record, their coming and settled tips. */
export function ExpertPage() {
  const { t } = useTranslation();
  const expertId = Number(useParams().expertId);
  const { data } = useExpert(expertId);
  return (
    <div className="bp-page bp-promo">
      <PageHeader title={data?.expert.name ?? t('promoPages.expert')} fallback="/app/promotions/experts" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data ? (
          <>
            <section className="bp-card bp-promo-expert">
              <header className="bp-promo-expert-head">
                <Badge text={data.expert.badge.text} color={data.expert.badge.color} />
                <div>
                  <strong>{data.expert.name}</strong>
                  <span className="bp-muted">{data.expert.title}</span>
                </div>
              </header>
              <p>{data.expert.bio}</p>
              <ExpertRecord record={data.expert.record} />
            </section>
            <section className="bp-card bp-promo-expert">
              <h3>{t('promo.experts.open')}</h3>
              {data.open.length === 0 ? <p className="bp-muted">{t('promo.experts.noOpen')}</p> : null}
              {data.open.map((p) => (
                <PickCard key={p.pickId} p={p} />
              ))}
            </section>
            <section className="bp-card bp-promo-expert">
              <h3>{t('promo.experts.settled')}</h3>
              {data.settled.length === 0 ? <p className="bp-muted">{t('promo.experts.noSettled')}</p> : null}
              {data.settled.map((p) => (
                <PickCard key={p.pickId} p={p} />
              ))}
            </section>
          </>
        ) : null}
      </div>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useGames } from './api.ts';
import { GameIcon, rtpText } from './parts.tsx';
import './originals.css';

/** /app/originals: the five house originals with their theoretical RTP, and the way to verify rounds. */
export function OriginalsPage() {
  const { t } = useTranslation();
  const { data } = useGames();
  return (
    <div className="bp-page bp-og">
      <PageHeader title={t('originals.title')} />
      <div className="bp-page-body">
        <p className="bp-og-intro">{t('originals.intro')}</p>
        {!data ? <Skeleton.Paragraph lineCount={6} animated /> : null}
        <div className="bp-og-list">
          {data?.list.map((g) => (
            <Link key={g.game} to={`/app/originals/${g.game}`} className="bp-card bp-og-tile" data-testid={`og-${g.game}`}>
              <GameIcon game={g.game} />
              <div>
                <strong>{t(`originals.games.${g.game}`)}</strong>
                <span className="bp-muted">{t(`originals.blurbs.${g.game}`)}</span>
                <em className="bp-og-rtp">{t('originals.rtp', { rtp: rtpText(g.rtp, g.rtpMax) })}</em>
              </div>
            </Link>
          ))}
        </div>
        <Link to="/app/originals/verify" className="bp-card bp-og-verify-link">
          {t('originals.verify')} ›
        </Link>
      </div>
    </div>
  );
}

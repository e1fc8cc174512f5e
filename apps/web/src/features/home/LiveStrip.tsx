import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { RightOutline } from 'antd-mobile-icons';
import { WORLD_CUP_VENUE_IDS } from '@bp/contract';
import { isUsableLink } from '../../shared/routing/built-paths.ts';
import { useLiveMatches } from './api.ts';
import './live-strip.css';

const SHOWN = 8;
const SPORTS_LIVE = '/app/sports?tab=live';

/** Matches in play now, a swipe away from their screen; shown when the sportsbook is built and something is live. */
export function LiveStrip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const built = isUsableLink('/app/sports');
  const { data } = useLiveMatches(built);
  const live = (data?.list ?? []).filter((m) => m.venueStatus === 0).slice(0, SHOWN);
  if (!built || live.length === 0) return null;
  return (
    <section className="bp-livestrip">
      <h2 className="bp-section-title">
        <i className="bp-livestrip-dot" aria-hidden="true" />
        {t('home.liveNow')}
        <button className="bp-livestrip-more" onClick={() => navigate(SPORTS_LIVE)}>
          {t('home.more')} <RightOutline />
        </button>
      </h2>
      <div className="bp-livestrip-row">
        {live.map((m) => (
          <button key={m.matchId} className="bp-livestrip-card" onClick={() => navigate(`/app/sports/match/${m.matchId}`)}>
            <span className="bp-livestrip-league">
              {WORLD_CUP_VENUE_IDS.includes(m.tid) ? <em>{t('home.worldCup')}</em> : null}
              {m.leagueName}
            </span>
            {[
              [m.homeName, m.homeLogo, m.homeScore],
              [m.visitName, m.visitLogo, m.visitScore],
            ].map(([name, logo, score]) => (
              <span key={String(name)} className="bp-livestrip-team">
                <img src={String(logo)} alt="" loading="lazy" />
                <span>{name}</span>
                <b>{score}</b>
              </span>
            ))}
          </button>
        ))}
      </div>
    </section>
  );
}

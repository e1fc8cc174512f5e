import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorBlock, Toast } from 'antd-mobile';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { PullRefresh } from '../../shared/ui/PullRefresh.tsx';
import { scrollMotion } from '../../shared/ui/motion.ts';
import { useLoggedIn } from '../../shared/session/use-session.ts';
import { showLoginReminder } from '../../shared/session/login-required.tsx';
import { ApiError } from '../../shared/api/request.ts';
import { casinoApi, useLobby } from './api.ts';
import { entersByLaunch, shownCategories, type LobbyCategory, type ShownVenue as Venue } from './lobby.ts';
import './locale.ts';
import './casino.css';

/**
 * /app/casino, the 娱乐场 tab: the categories (真人 电子 棋牌 捕鱼 原创) with their venues as the
 * server lists them, each with its maintenance state. A venue played from its own balance is
 * entered by a launch (auto-transfer brings the money in), then its screen opens.
 */
export function LobbyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useLoggedIn();
  const lobby = useLobby();
  const categories = shownCategories(lobby.data);
  const [entering, setEntering] = useState<string | null>(null);

  const open = async (venue: Venue, kind: LobbyCategory['kind']) => {
    if (venue.status !== 0) return void Toast.show({ content: t('casino.lobby.closedToast', { name: venue.name }) });
    if (!entersByLaunch(venue, kind)) return navigate(venue.path);
    if (!member) return showLoginReminder(venue.path, { stay: true });
    setEntering(venue.api_name);
    try {
      await casinoApi.enter(venue.api_name);
      navigate(venue.path);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setEntering(null);
    }
  };

  return (
    <div className="bp-page bp-casino">
      <PageHeader
        title={t('casino.lobby.title')}
        right={
          member ? (
            <button className="bp-casino-link" onClick={() => navigate('/app/casino/records')}>
              {t('casino.records.title')}
            </button>
          ) : null
        }
      />
      <nav className="bp-casino-kinds" aria-label={t('casino.lobby.title')}>
        {categories.map((c) => (
          <button
            key={c.kind}
            className={`bp-casino-kind is-${c.kind}`}
            onClick={() => document.getElementById(`kind-${c.kind}`)?.scrollIntoView({ behavior: scrollMotion() })}
          >
            <span className="bp-casino-glyph">{t(`casino.glyph.${c.kind}`)}</span>
            {c.name}
          </button>
        ))}
      </nav>
      <PullRefresh refresh={() => lobby.refetch()}>
        <div className="bp-page-body">
          {lobby.isError ? <ErrorBlock status="default" title={(lobby.error as Error).message} description="" /> : null}
          {categories.map((c) => (
            <section key={c.kind} id={`kind-${c.kind}`} className="bp-casino-section" data-kind={c.kind}>
              <h2 className="bp-section-title">
                {c.name}
                <span className="bp-muted bp-casino-blurb">{t(`casino.blurb.${c.kind}`)}</span>
              </h2>
              <div className="bp-casino-venues">
                {c.venues.map((v) => (
                  <button
                    key={v.api_name}
                    className={`bp-casino-venue is-${c.kind}${v.status !== 0 ? ' is-closed' : ''}`}
                    data-venue={v.api_name}
                    disabled={entering !== null}
                    onClick={() => void open(v, c.kind)}
                  >
                    <span className="bp-casino-venue-glyph" aria-hidden>
                      {t(`casino.glyph.${c.kind}`)}
                    </span>
                    <strong>{v.name}</strong>
                    <span className="bp-casino-venue-state">
                      {v.status !== 0 ? t('casino.lobby.closed') : entering === v.api_name ? t('casino.lobby.entering') : t('casino.lobby.enter')}
                    </span>
                  </button>
                ))}
              </div>
            </section>
          ))}
          {member ? (
            <button className="bp-casino-records-entry bp-card" onClick={() => navigate('/app/casino/records')}>
              <strong>{t('casino.records.title')}</strong>
              <span className="bp-muted">{t('casino.records.blurb')}</span>
            </button>
          ) : null}
        </div>
      </PullRefresh>
    </div>
  );
}

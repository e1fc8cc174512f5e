import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { FileOutline, HistogramOutline } from 'antd-mobile-icons';
import type { MatchDetail } from '@bp/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useMatchLive } from '../../../shared/slots/match-live.tsx';
import { sportsKeys, useMatch } from '../api.ts';
import { applyMatchFrame } from '../model/live.ts';
import { isVenueOpen } from '../model/venue.ts';
import { useMatchFrames } from '../hooks/use-match-frames.ts';
import { Scoreboard } from '../components/Scoreboard.tsx';
import { MarketSections } from '../components/MarketSections.tsx';
import { SlipBar } from '../components/slip/SlipBar.tsx';
import { BoardSkeleton, SportsEmpty } from '../components/SportsEmpty.tsx';
import '../locale.ts';
import '../sports.css';

/** A new line the screen does not hold yet: the match is read again, at most this often. */
const REREAD_MS = 1_000;

/**
 * One match (/app/sports/match/:matchId): score and clock, every market live over its channel
 * (prices flash as they move, suspended markets lock), the media it has, and the bet slip.
 */
export function MatchDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const matchId = Number(useParams().matchId);
  const key = sportsKeys.match(matchId);
  const match = useMatch(matchId);
  const reread = useRef<ReturnType<typeof setTimeout> | null>(null);
  const live = useMatchLive();
  const chatOpen = live.useChatEntrance(matchId);
  const [tab, setTab] = useState<'markets' | 'chat'>('markets');

  useMatchFrames(
    match.data ? [matchId] : [],
    (frame) => {
      const old = queryClient.getQueryData<MatchDetail>(key);
      if (!old) return;
      const { match: next, stale } = applyMatchFrame(old, frame);
      queryClient.setQueryData(key, next);
      if (stale && !reread.current) {
        reread.current = setTimeout(() => {
          reread.current = null;
          void queryClient.invalidateQueries({ queryKey: key });
        }, REREAD_MS);
      }
    },
    () => void queryClient.invalidateQueries({ queryKey: key }),
  );
  useEffect(() => () => clearTimeout(reread.current ?? undefined), []);

  // Seed 4: a match of a venue that is not open sends the member home.
  const closed = match.data ? !isVenueOpen({ status: match.data.venueStatus }) : false;
  useEffect(() => {
    if (!closed) return;
    Toast.show({ content: t('sports.venueClosed') });
    navigate('/app/home', { replace: true });
  }, [closed, navigate, t]);

  const m = match.data;
  return (
    <div className="bp-page bp-sp bp-sp-detail">
      <PageHeader
        title={m?.leagueName ?? t('sports.match.title')}
        fallback="/app/sports"
        right={
          <>
            {m?.sport === 'football' ? (
              <button
                className="bp-sp-header-link"
                aria-label={t('sports.assist')}
                data-testid="match-assist"
                onClick={() => navigate(`/app/news/assist/${m.matchId}`)}
              >
                <HistogramOutline />
              </button>
            ) : null}
            <button className="bp-sp-header-link" aria-label={t('sports.records')} onClick={() => navigate('/app/sports/records')}>
              <FileOutline />
            </button>
          </>
        }
      />
      {m ? (
        <>
          <Scoreboard match={m} />
          {m.status === 'finished' || m.status === 'cancelled' ? (
            <SportsEmpty
              text={t(m.status === 'finished' ? 'sports.match.finished' : 'sports.match.cancelled')}
              action={
                <Button fill="outline" onClick={() => navigate('/app/sports')}>
                  {t('sports.result.again')}
                </Button>
              }
            />
          ) : (
            <>
              {chatOpen ? (
                <div className="bp-sp-page-tabs" role="tablist">
                  {(['markets', 'chat'] as const).map((k) => (
                    <button key={k} role="tab" aria-selected={tab === k} className={tab === k ? 'is-active' : ''} onClick={() => setTab(k)}>
                      {t(`sports.match.tabs.${k}`)}
                    </button>
                  ))}
                </div>
              ) : null}
              {chatOpen && tab === 'chat' ? <live.MatchChat matchId={matchId} /> : <MarketSections match={m} />}
            </>
          )}
        </>
      ) : match.isError ? (
        <SportsEmpty
          text={(match.error as Error).message}
          action={
            <Button fill="outline" onClick={() => navigate('/app/sports')}>
              {t('common.back')}
            </Button>
          }
        />
      ) : (
        <BoardSkeleton />
      )}
      <SlipBar />
    </div>
  );
}

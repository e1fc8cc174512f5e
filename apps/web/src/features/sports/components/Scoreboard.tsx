import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchDetail } from '@bp/contract';
import { isWorldCupMatch, venueLabel } from '../model/venue.ts';
import { mediaEntries } from '../model/media.ts';
import { MatchWhen } from './MatchWhen.tsx';
import { TeamCrest } from './TeamCrest.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { StreamPlayer } from '../../../shared/stream/StreamPlayer.tsx';
import { useMatchLive } from '../../../shared/slots/match-live.tsx';

/** The match at the top of its screen: teams, score and clock, and its media where it has them. */
export function Scoreboard({ match }: { match: MatchDetail }) {
  const { t } = useTranslation();
  const live = useMatchLive();
  const media = mediaEntries(match, live.useHasAnchors(match.matchId));
  const [showing, setShowing] = useState<string | null>(null);
  const playing = media.find((m) => m.kind === showing);
  return (
    <section className={`bp-sp-board-hero${match.status === 'live' ? ' is-live' : ''}`}>
      <div className="bp-sp-hero-league">
        {isWorldCupMatch(match) ? <span className="bp-sp-wc">{t('sports.worldCup')}</span> : null}
        <span className="bp-sp-venue">{venueLabel(match.venueCode)}</span>
        <span>{formatDateTime(match.startAt).slice(5)}</span>
      </div>
      {playing ? (
        <div className="bp-sp-media">
          {playing.kind === 'ANIMATION' ? <img src={playing.url ?? ''} alt={t(`sports.match.media.${playing.kind}`)} /> : null}
          {playing.kind === 'LIVE' ? (
            <StreamPlayer source={{ hls: null, flv: playing.url, anchorStatus: match.anchor_status ?? 0 }} title={t('sports.match.media.LIVE')} />
          ) : null}
          {playing.kind === 'ANCHOR' ? <live.MatchAnchors matchId={match.matchId} /> : null}
        </div>
      ) : (
        <div className="bp-sp-hero-teams">
          <Side name={match.homeName} logo={match.homeLogo} />
          <div className="bp-sp-hero-mid">
            {match.isStart ? (
              <strong className="bp-sp-hero-score" aria-label="score">
                {match.homeScore}
                <i>-</i>
                {match.visitScore}
              </strong>
            ) : (
              <strong className="bp-sp-hero-vs">{t('sports.vs')}</strong>
            )}
            <MatchWhen match={match} />
          </div>
          <Side name={match.visitName} logo={match.visitLogo} />
        </div>
      )}
      {media.length > 0 ? (
        <div className="bp-sp-media-tabs">
          {media.map((m) => (
            <button key={m.kind} className={showing === m.kind ? 'is-active' : ''} onClick={() => setShowing(showing === m.kind ? null : m.kind)}>
              {showing === m.kind ? t('sports.match.hideMedia') : t(`sports.match.media.${m.kind}`)}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function Side({ name, logo }: { name: string; logo: string }) {
  return (
    <div className="bp-sp-hero-side">
      <TeamCrest src={logo} name={name} eager />
      <span>{name}</span>
    </div>
  );
}

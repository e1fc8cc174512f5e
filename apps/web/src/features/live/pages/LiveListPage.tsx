import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorBlock, Skeleton } from 'antd-mobile';
import { ANCHOR_STATUS, type AnchorMatch } from '@bp/contract';
import { PullRefresh } from '../../../shared/ui/PullRefresh.tsx';
import { DEBOUNCE_MS } from '../../../shared/ui/use-debounced.ts';
import { useAnchors } from '../api.ts';
import { anchorCards, type AnchorCard } from '../model/anchor-cards.ts';
import '../locale.ts';
import '../live.css';

export const roomPath = (a: Pick<AnchorMatch, 'anchorRoomId'>) => `/app/live/room/${a.anchorRoomId}`;

/**
 * Reads the list again at most once per DEBOUNCE_MS however often it is asked (seed 9: the live
 * list's 300 ms): a pull, the page shown again, several at once.
 */
function useDebouncedRefetch(refetch: () => Promise<unknown>) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<Promise<unknown> | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    clearTimeout(timer.current);
    pending.current = new Promise((resolve) => {
      timer.current = setTimeout(() => resolve(refetch()), DEBOUNCE_MS);
    });
    return pending.current;
  };
}

/** The 直播 tab (seed 3's anchor sport kind): matches with their anchors and free casts, those on air first. */
export function LiveListPage() {
  const { t } = useTranslation();
  const anchors = useAnchors();
  const refetch = useDebouncedRefetch(() => anchors.refetch());
  const cards = useMemo(() => anchorCards(anchors.data?.list ?? []), [anchors.data]);
  useEffect(() => {
    const onShow = () => document.visibilityState === 'visible' && void refetch();
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  });
  return (
    <div className="bp-page bp-live">
      <header className="bp-live-top">
        <h1>{t('live.title')}</h1>
      </header>
      <PullRefresh refresh={refetch}>
        {anchors.isPending ? (
          <Skeleton.Paragraph lineCount={6} animated />
        ) : cards.length === 0 ? (
          <ErrorBlock status="empty" title={anchors.isError ? (anchors.error as Error).message : t('live.none')} description="" />
        ) : (
          <ul className="bp-live-cards">
            {cards.map((card) => (
              <li key={card.key}>
                <LiveCard card={card} />
              </li>
            ))}
          </ul>
        )}
      </PullRefresh>
    </div>
  );
}

function LiveCard({ card }: { card: AnchorCard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const a = card.lead;
  const state = a.anchorStatus === ANCHOR_STATUS.LIVE ? t('live.onAir') : a.anchorStatus === ANCHOR_STATUS.INTERRUPTED ? t('live.paused') : t('live.off');
  return (
    <div className={`bp-live-card${card.live ? ' is-live' : ''}`} data-key={card.key} role="link" tabIndex={0} onClick={() => navigate(roomPath(a))}>
      <div className="bp-live-card-head">
        <span className={`bp-live-state s${a.anchorStatus}`}>{state}</span>
        <span className="bp-live-card-league">{a.matchId === null ? t('live.cast') : a.matchName}</span>
        <span className="bp-live-card-venue">{a.venueName}</span>
      </div>
      {a.matchId === null ? (
        <div className="bp-live-card-title">
          <b>{a.roomInfo.title}</b>
          <small>{a.roomInfo.desc}</small>
        </div>
      ) : (
        <div className="bp-live-card-teams">
          <span>
            <img src={a.homeLogo ?? ''} alt="" loading="lazy" />
            {a.homeName}
          </span>
          <strong>{a.isStart ? `${a.homeScore ?? 0} - ${a.visitScore ?? 0}` : t('live.vs')}</strong>
          <span>
            <img src={a.visitLogo ?? ''} alt="" loading="lazy" />
            {a.visitName}
          </span>
        </div>
      )}
      <div className="bp-live-card-anchors">
        {card.anchors.map((x) => (
          <button
            key={x.anchorRoomId}
            className={x.anchorStatus === ANCHOR_STATUS.LIVE ? 'is-live' : ''}
            onClick={(e) => {
              e.stopPropagation();
              navigate(roomPath(x));
            }}
          >
            <img src={x.anchorInfo.squareLogo} alt="" loading="lazy" />
            <span>{x.anchorInfo.nickname}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

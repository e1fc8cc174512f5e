import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ANCHOR_STATUS } from '@bp/contract';
import { StreamPlayer } from '../../../shared/stream/StreamPlayer.tsx';
import { useLoggedIn } from '../../../shared/session/use-session.ts';
import { useAnchors, useChatStatus } from '../api.ts';
import { anchorsOfMatch } from '../model/anchor-cards.ts';
import { chatEntrance } from '../model/chat-log.ts';
import { ChatPanel } from './ChatPanel.tsx';
import '../locale.ts';
import '../live.css';

/** A match's ANCHOR media: the stream of the anchor picked (the first on air), the others a tap away, and their rooms. */
export function MatchAnchors({ matchId }: { matchId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const anchors = anchorsOfMatch(useAnchors().data?.list ?? [], matchId);
  const [picked, setPicked] = useState<number | null>(null);
  const anchor = anchors.find((a) => a.anchorRoomId === picked) ?? anchors[0];
  if (!anchor) return null;
  return (
    <div className="bp-live-match-anchors">
      <StreamPlayer
        source={{ hls: anchor.videoWebUrl, flv: anchor.videoFlvUrl, anchorStatus: anchor.anchorStatus }}
        title={anchor.roomInfo.title}
        anchorRoomId={anchor.anchorRoomId}
      />
      <div className="bp-live-card-anchors">
        {anchors.map((a) => (
          <button
            key={a.anchorRoomId}
            className={`${a.anchorStatus === ANCHOR_STATUS.LIVE ? 'is-live' : ''}${a === anchor ? ' is-picked' : ''}`}
            onClick={() => (a === anchor ? navigate(`/app/live/room/${a.anchorRoomId}`) : setPicked(a.anchorRoomId))}
          >
            <img src={a.anchorInfo.squareLogo} alt="" />
            <span>{a === anchor ? t('live.enterRoom', { name: a.anchorInfo.nickname }) : a.anchorInfo.nickname}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** The match's own chat room, as the match page's 聊天 tab. */
export function MatchChat({ matchId }: { matchId: number }) {
  const status = useChatStatus({ matchId }, useLoggedIn());
  return status.data && chatEntrance(status.data) ? <ChatPanel status={status.data} /> : null;
}

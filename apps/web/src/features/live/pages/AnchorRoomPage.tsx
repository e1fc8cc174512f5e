import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorBlock, Skeleton } from 'antd-mobile';
import { GiftOutline, HistogramOutline } from 'antd-mobile-icons';
import type { ChatMessage } from '@bp/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { StreamPlayer } from '../../../shared/stream/StreamPlayer.tsx';
import { isUsableLink } from '../../../shared/routing/built-paths.ts';
import { showLoginReminder } from '../../../shared/session/login-required.tsx';
import { useLoggedIn } from '../../../shared/session/use-session.ts';
import { liveApi, useAnchors, useChatStatus } from '../api.ts';
import { ChatPanel } from '../components/ChatPanel.tsx';
import { chatEntrance } from '../model/chat-log.ts';
import { GiftSheet } from '../components/GiftSheet.tsx';
import { GoldSheet } from '../components/GoldSheet.tsx';
import { RankSheet } from '../components/RankSheet.tsx';
import { GiftBurst } from '../components/GiftBurst.tsx';
import '../locale.ts';
import '../live.css';

/**
 * An anchor's room (/app/live/room/:anchorRoomId): the player on top (the seed's notice when the
 * anchor is not on air), the anchor and the match, then the room's chat with the gift bar, gold
 * top-up and the givers' rank. Gifts arriving play their animation over the player.
 */
export function AnchorRoomPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useLoggedIn();
  const anchorRoomId = Number(useParams().anchorRoomId);
  const anchors = useAnchors();
  const anchor = anchors.data?.list.find((a) => a.anchorRoomId === anchorRoomId);
  const status = useChatStatus(anchor ? { chatRoomNo: anchor.chatRoomNo } : null, member);
  const [anchorStatus, setAnchorStatus] = useState<number | null>(null);
  const [gift, setGift] = useState<ChatMessage | null>(null);
  const [sheet, setSheet] = useState<'gift' | 'gold' | 'rank' | null>(null);
  const chatRoomNo = anchor?.chatRoomNo;
  useEffect(() => {
    if (member && chatRoomNo) liveApi.enter(chatRoomNo).catch(() => undefined);
  }, [member, chatRoomNo]);

  if (!anchor) {
    return (
      <div className="bp-page bp-live-room">
        <PageHeader title={t('live.room')} fallback="/app/live" />
        {anchors.isPending ? <Skeleton.Paragraph lineCount={8} animated /> : <ErrorBlock status="empty" title={t('live.notFound')} description="" />}
      </div>
    );
  }
  const openGifts = () => (member ? setSheet('gift') : showLoginReminder(undefined, { stay: true }));
  const matchLink = anchor.matchId === null ? null : `/app/sports/match/${anchor.matchId}`;
  return (
    <div className="bp-page bp-live-room">
      <PageHeader title={anchor.anchorInfo.nickname} fallback="/app/live" />
      <div className="bp-live-player">
        <StreamPlayer
          source={{ hls: anchor.videoWebUrl, flv: anchor.videoFlvUrl, anchorStatus: anchorStatus ?? anchor.anchorStatus }}
          title={anchor.roomInfo.title}
          poster={anchor.anchorInfo.squareLogo}
          anchorRoomId={anchor.anchorRoomId}
        />
        <GiftBurst latest={gift} />
      </div>
      <div className="bp-live-anchor">
        <img src={anchor.anchorInfo.squareLogo} alt="" />
        <span>
          <b>{anchor.roomInfo.title}</b>
          <small>{anchor.matchId === null ? anchor.roomInfo.desc : `${anchor.homeName} ${t('live.vs')} ${anchor.visitName} · ${anchor.venueName}`}</small>
        </span>
        {matchLink && isUsableLink(matchLink) ? (
          <button className="bp-live-chip" onClick={() => navigate(matchLink)}>
            {t('live.toMatch')}
          </button>
        ) : null}
        <button className="bp-live-chip" onClick={() => setSheet('rank')}>
          <HistogramOutline /> {t('live.rank')}
        </button>
      </div>
      {status.data ? (
        chatEntrance(status.data) ? (
          <ChatPanel
            status={status.data}
            events={{ onGift: setGift, onAnchorStatus: (e) => setAnchorStatus(e.anchorStatus) }}
            tools={
              <button className="bp-live-gift-btn" onClick={openGifts} aria-label={t('live.gift.open')}>
                <GiftOutline />
              </button>
            }
          />
        ) : null
      ) : status.isError ? (
        <ErrorBlock status="default" title={(status.error as Error).message} description="" />
      ) : (
        <Skeleton.Paragraph lineCount={5} animated />
      )}
      {member ? (
        <>
          <GiftSheet chatRoomNo={anchor.chatRoomNo} visible={sheet === 'gift'} onClose={() => setSheet(null)} onTopUp={() => setSheet('gold')} />
          <GoldSheet visible={sheet === 'gold'} onClose={() => setSheet('gift')} />
        </>
      ) : null}
      <RankSheet anchorRoomId={anchor.anchorRoomId} visible={sheet === 'rank'} onClose={() => setSheet(null)} />
    </div>
  );
}

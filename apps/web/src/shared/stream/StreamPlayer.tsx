import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANCHOR_STATUS, ANCHOR_STATUS_NOTICE } from '@bp/contract';
import { startPlayback, type Playback, type PlaybackState } from './playback.ts';
import { useVideoSource, type PlayableSource } from './use-video-source.ts';
import './locale.ts';
import './stream.css';

/** A stream to play: its HLS and HTTP-FLV addresses (either may be missing) and its on-air status. */
export interface StreamSource {
  hls: string | null;
  flv: string | null;
  /** ANCHOR_STATUS: not started and interrupted show the seed's notice instead of the stream (seed 4). */
  anchorStatus: number;
}

export interface StreamPlayerProps {
  source: StreamSource;
  /** Read by screen readers and shown while the stream opens. */
  title: string;
  poster?: string;
  /** The anchor's room: its addresses and the site's video domains come from the signed video call. */
  anchorRoomId?: number;
  /** The video domains, when not asked of the video call ('' is the site's own origin). */
  videoDomains?: readonly string[];
  /** Play this form when both are given (by default HTTP-FLV where the browser can). */
  prefer?: 'hls' | 'flv';
}

/**
 * The live player of anchor rooms and match pages, shared by the live and sports features. Off air,
 * the seed's notice; on air, the stream through hls.js or mpegts.js (loaded with the first stream),
 * with a tap to play or unmute when the browser holds autoplay back, and an error state with retry.
 */
export function StreamPlayer({ source, title, poster, anchorRoomId, videoDomains, prefer }: StreamPlayerProps) {
  const playable = useVideoSource(source, anchorRoomId, videoDomains);
  const notice = source.anchorStatus === ANCHOR_STATUS.LIVE ? null : ANCHOR_STATUS_NOTICE[source.anchorStatus];
  if (notice) {
    return (
      <div className="bp-stream bp-stream--off" role="status" aria-label={title} data-state="off">
        <span className="bp-stream-notice">{notice}</span>
      </div>
    );
  }
  return <LiveVideo title={title} poster={poster} playable={playable} prefer={prefer} />;
}

interface LiveVideoProps {
  title: string;
  poster?: string;
  playable: PlayableSource | null;
  prefer?: 'hls' | 'flv';
}

/** Messages over the picture, by state; playing shows none. */
const OVERLAY: Partial<Record<PlaybackState, string>> = {
  connecting: 'stream.connecting',
  reconnecting: 'stream.reconnecting',
  failed: 'stream.failed',
  unsupported: 'stream.unsupported',
};

function LiveVideo({ title, poster, playable, prefer }: LiveVideoProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const playback = useRef<Playback | null>(null);
  const [state, setState] = useState<PlaybackState>('connecting');
  const [detail, setDetail] = useState<{ engine: string; domain: string }>({ engine: '', domain: '' });
  // A new try after the error state: a fresh playback with its counts at zero.
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!playable || !video.current) return;
    const current = startPlayback(video.current, {
      ...playable,
      prefer,
      onState(next, info) {
        setState(next);
        setDetail({ engine: info.engine ?? '', domain: info.domain });
      },
    });
    playback.current = current;
    return () => current.stop();
  }, [playable, prefer, round]);

  const overlay = OVERLAY[state];
  return (
    <div className="bp-stream" data-state={state} data-engine={detail.engine} data-domain={detail.domain}>
      <video ref={video} className="bp-stream-video" aria-label={title} poster={poster} playsInline />
      {overlay && (
        <div className="bp-stream-overlay" role={state === 'failed' ? 'alert' : 'status'}>
          <span>{t(overlay)}</span>
          {state === 'failed' && (
            <button type="button" className="bp-stream-button" onClick={() => setRound((n) => n + 1)}>
              {t('stream.retry')}
            </button>
          )}
        </div>
      )}
      {state === 'blocked' && (
        <button type="button" className="bp-stream-overlay bp-stream-tap" onClick={() => playback.current?.tap()}>
          <span className="bp-stream-button">{t('stream.tapToPlay')}</span>
        </button>
      )}
      {state === 'muted' && (
        <button type="button" className="bp-stream-unmute" onClick={() => playback.current?.tap()}>
          {t('stream.tapToUnmute')}
        </button>
      )}
    </div>
  );
}

import { ANCHOR_STATUS, ANCHOR_STATUS_NOTICE } from '@bp/contract';

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
}

/**
 * The live player of anchor rooms and match pages, shared by the live and sports features. Off air,
 * the seed's notice; on air, the stream. (The hls.js/mpegts.js engines with the stall watchdog
 * replace the plain <video> below.)
 */
export function StreamPlayer({ source, title, poster }: StreamPlayerProps) {
  const notice = source.anchorStatus === ANCHOR_STATUS.LIVE ? null : ANCHOR_STATUS_NOTICE[source.anchorStatus];
  if (notice) {
    return (
      <div className="bp-stream bp-stream--off" role="status" aria-label={title}>
        {notice}
      </div>
    );
  }
  return <video className="bp-stream" aria-label={title} poster={poster} src={source.hls ?? source.flv ?? undefined} autoPlay muted playsInline />;
}

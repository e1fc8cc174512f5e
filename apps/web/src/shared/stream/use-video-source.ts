import { useEffect, useMemo, useState } from 'react';
import type { VideoUrlData } from '@bp/contract';
import { call } from '../api/request.ts';
import { VideoDomains } from './video-domains.ts';

export interface PlayableSource {
  hls: string | null;
  flv: string | null;
  domains: VideoDomains;
}

/**
 * A room's stream addresses and the site's video domains from the signed video call (seed 7:
 * signed GET, sealed answer) when the room is known; else the addresses given, on the given
 * domains (or the site's own). Null while the call is out.
 */
export function useVideoSource(
  given: { hls: string | null; flv: string | null },
  anchorRoomId?: number,
  videoDomains?: readonly string[],
): PlayableSource | null {
  const [answer, setAnswer] = useState<{ room: number; data: VideoUrlData | null } | null>(null);
  useEffect(() => {
    if (!anchorRoomId) return;
    let live = true;
    call('/api/live/video/url', {}, { method: 'GET', query: { anchorRoomId }, silent: true }).then(
      (data) => live && setAnswer({ room: anchorRoomId, data }),
      () => live && setAnswer({ room: anchorRoomId, data: null }),
    );
    return () => {
      live = false;
    };
  }, [anchorRoomId]);

  const asked = anchorRoomId ? (answer?.room === anchorRoomId ? answer.data : undefined) : null;
  const domainList = (asked?.videoDomains ?? videoDomains ?? []).join(',');
  return useMemo(() => {
    if (asked === undefined) return null;
    return {
      hls: asked?.hls ?? given.hls,
      flv: asked?.flv ?? given.flv,
      domains: new VideoDomains(domainList ? domainList.split(',') : []),
    };
  }, [asked, given.hls, given.flv, domainList]);
}

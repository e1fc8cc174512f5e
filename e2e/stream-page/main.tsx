import { createRoot } from 'react-dom/client';
import '../../apps/web/src/shared/i18n/index.ts';
import '../../apps/web/src/app/themes/base.css';
import '../../apps/web/src/app/themes/looks.css';
import { StreamPlayer } from '../../apps/web/src/shared/stream/StreamPlayer.tsx';
import { applyTheme, pickSeries } from '../../apps/web/src/shared/theme/themes.ts';

/**
 * The site's live player alone on a page, for the stream journey and the stream-start benchmark
 * until the anchor room screen hosts it: `?room=<anchorRoomId>` plays a room through the signed
 * video call; `hls`, `flv`, `status`, `prefer`, `domains` and `theme` give the rest directly.
 */
const q = new URLSearchParams(location.search);
const room = Number(q.get('room')) || undefined;
const domains = q.get('domains');
applyTheme(document.documentElement, pickSeries(q.get('theme'), null), null);
createRoot(document.getElementById('root')!).render(
  <StreamPlayer
    title="直播"
    anchorRoomId={room}
    source={{ hls: q.get('hls'), flv: q.get('flv'), anchorStatus: Number(q.get('status') ?? 1) }}
    prefer={(q.get('prefer') as 'hls' | 'flv' | null) ?? undefined}
    videoDomains={domains === null ? undefined : domains.split(',')}
  />,
);

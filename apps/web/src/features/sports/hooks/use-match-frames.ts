import { useEffect, useRef } from 'react';
import { channel, type Frame } from '@bp/contract';
import { publicChannels } from '../../../shared/realtime/channel-socket.ts';

/**
 * Follows the channels of some matches while the screen shows them. `onResume` runs when the
 * socket came back after a drop (frames may have been missed: read again).
 */
export function useMatchFrames(matchIds: number[], onFrame: (frame: Frame) => void, onResume?: () => void): void {
  const handlers = useRef({ onFrame, onResume });
  handlers.current = { onFrame, onResume };
  const ids = [...new Set(matchIds)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!ids) return;
    const listener = { onFrame: (f: Frame) => handlers.current.onFrame(f), onResume: () => handlers.current.onResume?.() };
    const stops = ids.split(',').map((id) => publicChannels.subscribe(channel.match(id), listener));
    return () => stops.forEach((stop) => stop());
  }, [ids]);
}

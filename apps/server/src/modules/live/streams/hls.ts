import type { Loop } from './loops.ts';
import { shiftTimestamps } from './ts-timestamps.ts';

/**
 * A true live HLS playlist of a loop: the segments that wall-clock time has completed, a sliding
 * window of the last few, the media sequence counting every segment since the Unix epoch (so every
 * instance answers the same playlist). Each pass's segments are served with their timestamps moved
 * on by the passes before (segmentData), so the loop plays as one continuous stream.
 */
export const HLS_WINDOW = 4;

/** The loop's segment of media sequence `seq`. */
export const segmentOf = (loop: Loop, seq: number) => loop.segments[seq % loop.segments.length];

/** The bytes of media sequence `seq`: its loop segment, timestamps moved on by its pass (90 kHz ticks). */
export function segmentData(loop: Loop, seq: number): Buffer {
  const pass = Math.floor(seq / loop.segments.length);
  const offset = Number((BigInt(pass) * BigInt(loop.durationMs * 90)) % 2n ** 33n);
  return shiftTimestamps(segmentOf(loop, seq).data, offset);
}

/** How many segments have ended by `nowMs` (the next one's media sequence). */
export function segmentsEnded(loop: Loop, nowMs: number): number {
  const n = loop.segments.length;
  const pass = Math.floor(nowMs / loop.durationMs);
  let into = nowMs - pass * loop.durationMs;
  let ended = 0;
  for (const s of loop.segments) {
    if (into < s.durationMs) break;
    into -= s.durationMs;
    ended++;
  }
  return pass * n + ended;
}

export function livePlaylist(loop: Loop, nowMs: number): string {
  const last = segmentsEnded(loop, nowMs) - 1;
  const first = Math.max(0, last - HLS_WINDOW + 1);
  const target = Math.ceil(Math.max(...loop.segments.map((s) => s.durationMs)) / 1000);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, `#EXT-X-MEDIA-SEQUENCE:${first}`];
  for (let seq = first; seq <= last; seq++) {
    lines.push(`#EXTINF:${(segmentOf(loop, seq).durationMs / 1000).toFixed(3)},`, `${seq}.ts`);
  }
  return lines.join('\n') + '\n';
}

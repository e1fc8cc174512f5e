import { Readable } from 'node:stream';
import type { FlvTag, Loop } from './loops.ts';

/**
 * A paced HTTP-FLV live stream of a loop. A viewer joins where wall-clock time is in the loop: the
 * header and sequence headers, then the group of pictures under way from its keyframe at once (so
 * the first frame decodes without waiting), then every tag when its time comes. Timestamps start
 * at 0 and grow across passes. The stream ends when the viewer goes (or `onAir` says no).
 */
const PREV_SIZE = 4;

/** The tag with its timestamp rewritten, followed by its previous-tag-size. */
function stamped(tag: FlvTag, ts: number): Buffer {
  const out = Buffer.alloc(tag.bytes.length + PREV_SIZE);
  tag.bytes.copy(out);
  out.writeUIntBE(ts & 0xffffff, 4, 3);
  out[7] = (ts >>> 24) & 0xff;
  out.writeUInt32BE(tag.bytes.length, tag.bytes.length);
  return out;
}

/** Where a viewer joining at `nowMs` starts: the last keyframe at or before that point of the pass. */
export function joinPoint(loop: Loop, nowMs: number): { pass: number; index: number; behindMs: number } {
  const pass = Math.floor(nowMs / loop.durationMs);
  const into = nowMs - pass * loop.durationMs;
  let index = loop.flvTags.findIndex((t) => t.keyframe);
  loop.flvTags.forEach((t, i) => {
    if (t.keyframe && t.ts <= into) index = i;
  });
  return { pass, index, behindMs: Math.max(0, into - loop.flvTags[index].ts) };
}

let open = 0;
/** Live FLV streams being sent now (a test sees them end). */
export const openFlvStreams = (): number => open;

export interface FlvOptions {
  now(): number;
  /** Asked now and then: false ends the stream (the anchor went off air). */
  onAir(): Promise<boolean>;
  onAirEveryMs?: number;
}

export function flvStream(loop: Loop, { now, onAir, onAirEveryMs = 10_000 }: FlvOptions): Readable {
  const start = joinPoint(loop, now());
  const startedAt = now();
  const base = start.pass * loop.durationMs + loop.flvTags[start.index].ts;
  let pass = start.pass;
  let index = start.index;
  let timer: NodeJS.Timeout | undefined;
  let nextCheck = startedAt + onAirEveryMs;
  let checking = false;
  let ended = false;
  open++;

  const stream = new Readable({
    highWaterMark: 64 * 1024,
    read() {
      if (!timer && !ended) pump();
    },
    destroy(err, cb) {
      clearTimeout(timer);
      timer = undefined;
      open--;
      cb(err);
    },
  });

  const head = [loop.flvHeader, ...loop.flvPreamble.map((t) => stamped(t, 0))];
  stream.push(Buffer.concat(head));

  /** Sends every tag whose time has come, then waits for the next one (or for the reader). */
  function pump(): void {
    timer = undefined;
    if (stream.destroyed || ended) return;
    const elapsed = now() - startedAt + start.behindMs;
    const due: Buffer[] = [];
    for (;;) {
      const tag = loop.flvTags[index];
      const ts = pass * loop.durationMs + tag.ts - base;
      if (ts > elapsed) {
        if (due.length && !stream.push(Buffer.concat(due))) return; // the reader asks again with read()
        timer = setTimeout(pump, Math.max(1, ts - elapsed));
        break;
      }
      due.push(stamped(tag, ts));
      if (++index === loop.flvTags.length) {
        index = 0;
        pass++;
      }
    }
    if (now() >= nextCheck && !checking) checkOnAir();
  }

  function checkOnAir(): void {
    checking = true;
    nextCheck = now() + onAirEveryMs;
    onAir().then(
      (yes) => {
        checking = false;
        if (yes || stream.destroyed) return;
        clearTimeout(timer);
        ended = true;
        stream.push(null);
      },
      () => (checking = false),
    );
  }

  return stream;
}

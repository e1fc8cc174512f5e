import fs from 'node:fs';
import path from 'node:path';

/**
 * The sandbox's test loops (assets/live/streams, made once by its make.sh): each is a few 2-second
 * MPEG-TS segments for HLS and the same pictures as FLV tags for HTTP-FLV. Read once, kept in
 * memory (a few hundred kB each), served as endless live streams by hls.ts and flv.ts.
 */
export const STREAMS_DIR = path.resolve(import.meta.dirname, '../../../../assets/live/streams');
export const LOOP_NAMES = ['pitch', 'court', 'studio'] as const;

export interface Segment {
  /** Its file name in the loop's folder, e.g. `3.ts`. */
  name: string;
  durationMs: number;
  data: Buffer;
}

export interface FlvTag {
  /** 8 audio, 9 video, 18 script. */
  type: number;
  /** Its timestamp in the loop (ms). */
  ts: number;
  keyframe: boolean;
  /** The tag's 11-byte header and data, without the previous-tag-size that follows. */
  bytes: Buffer;
}

export interface Loop {
  name: string;
  segments: Segment[];
  /** The FLV file header (9 bytes and the first previous-tag-size). */
  flvHeader: Buffer;
  /** Sent first on every connection: the metadata and the AVC and AAC sequence headers. */
  flvPreamble: FlvTag[];
  /** The media tags of one pass, in order. */
  flvTags: FlvTag[];
  /** One pass, the same for both forms: the sum of the segments' durations. */
  durationMs: number;
}

function readSegments(dir: string): Segment[] {
  const playlist = fs.readFileSync(path.join(dir, 'loop.m3u8'), 'utf8').split('\n');
  const segments: Segment[] = [];
  playlist.forEach((line, i) => {
    const m = /^#EXTINF:([\d.]+)/.exec(line);
    if (!m) return;
    const name = playlist[i + 1].trim();
    segments.push({ name, durationMs: Math.round(Number(m[1]) * 1000), data: fs.readFileSync(path.join(dir, name)) });
  });
  return segments;
}

/** An FLV file's tags: header + data each (seed-free, the Adobe FLV layout). */
export function parseFlv(file: Buffer): { header: Buffer; tags: FlvTag[] } {
  if (file.toString('latin1', 0, 3) !== 'FLV') throw new Error('not an FLV file');
  const headerSize = file.readUInt32BE(5);
  const tags: FlvTag[] = [];
  let at = headerSize + 4;
  while (at + 11 <= file.length) {
    const type = file[at] & 0x1f;
    const size = file.readUIntBE(at + 1, 3);
    const ts = file.readUIntBE(at + 4, 3) | (file[at + 7] << 24);
    const bytes = file.subarray(at, at + 11 + size);
    tags.push({ type, ts, keyframe: type === 9 && bytes[11] >> 4 === 1, bytes });
    at += 11 + size + 4;
  }
  return { header: file.subarray(0, headerSize + 4), tags };
}

/** A sequence header (AVC decoder configuration or AAC AudioSpecificConfig), or metadata. */
const isPreamble = (t: FlvTag): boolean => t.type === 18 || ((t.type === 9 || t.type === 8) && t.bytes[12] === 0);

/** The AVC end of sequence: a decoder would stop at it. */
const isEndOfSequence = (t: FlvTag): boolean => t.type === 9 && t.bytes[12] === 2;

function readLoop(name: string): Loop {
  const dir = path.join(STREAMS_DIR, name);
  const segments = readSegments(dir);
  const { header, tags } = parseFlv(fs.readFileSync(path.join(dir, 'loop.flv')));
  const durationMs = segments.reduce((sum, s) => sum + s.durationMs, 0);
  // The pass ends where the segments end (the last sound frames run over it), and never ends the sequence.
  const flvTags = tags.filter((t) => !isPreamble(t) && !isEndOfSequence(t) && t.ts < durationMs);
  return {
    name,
    segments,
    flvHeader: header,
    flvPreamble: tags.filter(isPreamble),
    flvTags,
    durationMs,
  };
}

let loops: Loop[] | null = null;

/** The loops, read on first use. */
export function allLoops(): Loop[] {
  loops ??= LOOP_NAMES.map(readLoop);
  return loops;
}

/** Every room plays one of the loops, always the same one. */
export const loopOfRoom = (anchorRoomId: number): Loop => allLoops()[anchorRoomId % LOOP_NAMES.length];

/**
 * Moves the timestamps of an MPEG-TS segment forward (PTS and DTS of every PES header, the PCR of
 * every adaptation field), modulo 2^33 as the format counts them. A loop's segments served with
 * each pass's offset make one continuous stream: no discontinuity at the seam, so a player keeps
 * its decoder and its timeline from one pass to the next.
 */
const PACKET = 188;
const WRAP = 2 ** 33;

/** A 33-bit timestamp in the 5-byte PES layout, read and written in place. */
function readPts(b: Buffer, at: number): number {
  return ((b[at] >> 1) & 0x07) * 2 ** 30 + b[at + 1] * 2 ** 22 + (b[at + 2] >> 1) * 2 ** 15 + b[at + 3] * 2 ** 7 + (b[at + 4] >> 1);
}

function writePts(b: Buffer, at: number, value: number): void {
  b[at] = (b[at] & 0xf0) | (Math.floor(value / 2 ** 30) << 1) | 1;
  b[at + 1] = Math.floor(value / 2 ** 22) & 0xff;
  b[at + 2] = ((Math.floor(value / 2 ** 15) & 0x7f) << 1) | 1;
  b[at + 3] = Math.floor(value / 2 ** 7) & 0xff;
  b[at + 4] = ((value & 0x7f) << 1) | 1;
}

/** The PCR base (33 bits) of an adaptation field, at `at`; its 9-bit extension is left as it is. */
function shiftPcr(b: Buffer, at: number, offset: number): void {
  const base = b[at] * 2 ** 25 + b[at + 1] * 2 ** 17 + b[at + 2] * 2 ** 9 + b[at + 3] * 2 + (b[at + 4] >> 7);
  const next = (base + offset) % WRAP;
  b[at] = Math.floor(next / 2 ** 25) & 0xff;
  b[at + 1] = Math.floor(next / 2 ** 17) & 0xff;
  b[at + 2] = Math.floor(next / 2 ** 9) & 0xff;
  b[at + 3] = Math.floor(next / 2) & 0xff;
  b[at + 4] = (b[at + 4] & 0x7f) | ((next & 1) << 7);
}

/** A copy of `segment` with its timestamps `offset` ticks (90 kHz) later. */
export function shiftTimestamps(segment: Buffer, offset: number): Buffer {
  const out = Buffer.from(segment);
  const shift = offset % WRAP;
  if (shift === 0) return out;
  for (let p = 0; p + PACKET <= out.length; p += PACKET) {
    if (out[p] !== 0x47) continue;
    const control = (out[p + 3] >> 4) & 0x03;
    let payload = p + 4;
    if (control & 0x02) {
      const length = out[p + 4];
      if (length > 0 && out[p + 5] & 0x10) shiftPcr(out, p + 6, shift);
      payload += 1 + length;
    }
    const unitStart = (out[p + 1] & 0x40) !== 0;
    // A PES packet begins here (00 00 01): PSI tables start otherwise.
    if (!unitStart || !(control & 0x01) || payload + 19 > p + PACKET) continue;
    if (out[payload] !== 0 || out[payload + 1] !== 0 || out[payload + 2] !== 1) continue;
    const flags = out[payload + 7] >> 6;
    if (flags & 0x02) writePts(out, payload + 9, (readPts(out, payload + 9) + shift) % WRAP);
    if (flags === 0x03) writePts(out, payload + 14, (readPts(out, payload + 14) + shift) % WRAP);
  }
  return out;
}

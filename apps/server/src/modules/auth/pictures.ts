import { randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

/** The pictures of the two verification types: a code picture and a slider puzzle, all SVG. */

const CODE_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** What a person reads off a picture: the code, or where the notch is. */
export type Seen = { kind: 'code'; text: string } | { kind: 'slider'; notchX: number };
const eyes = new Set<(seen: Seen) => void>();

/** Tests only: stand in for the person looking at each picture drawn. Returns how to stop. */
export function watchPictures(eye: (seen: Seen) => void): () => void {
  eyes.add(eye);
  return () => eyes.delete(eye);
}
const show = (seen: Seen) => eyes.forEach((eye) => eye(seen));

/** A 4-character code picture (no look-alikes such as 0/O, 1/I). */
export function codePicture(): { svg: string; text: string } {
  const { data, text } = svgCaptcha.create({
    size: 4,
    charPreset: CODE_CHARS,
    noise: 2,
    color: true,
    width: 120,
    height: 40,
    fontSize: 44,
    background: '#f4efe4',
  });
  show({ kind: 'code', text });
  return { svg: data, text };
}

export const SLIDER_WIDTH = 300;
export const SLIDER_HEIGHT = 160;
const SIDE = 40;
const BUMP = 7;
export const PIECE_WIDTH = SIDE + BUMP;

/** The puzzle outline at (x, y): a square with a round bump on the right and a dent on the left. */
function outline(x: number, y: number): string {
  const half = SIDE / 2 - 6;
  return `M${x},${y} h${SIDE} v${half} a6,6 0 1 1 0,12 v${half} h-${SIDE} v-${half} a6,6 0 1 0 0,-12 z`;
}

/** A random landscape of soft shapes; the piece must be recognisable in it. */
function scenery(): string {
  const hue = randomInt(0, 360);
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    const h = (hue + randomInt(-60, 61) + 360) % 360;
    const cx = randomInt(0, SLIDER_WIDTH);
    const cy = randomInt(0, SLIDER_HEIGHT);
    const r = randomInt(12, 48);
    shapes.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${h},60%,${randomInt(35, 70)}%)" fill-opacity="0.75"/>`);
  }
  const ridge = Array.from({ length: 7 }, (_, i) => `${i * 50},${randomInt(90, 140)}`).join(' ');
  return [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,78%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},45%,42%)"/></linearGradient></defs>`,
    `<rect width="${SLIDER_WIDTH}" height="${SLIDER_HEIGHT}" fill="url(#sky)"/>`,
    ...shapes,
    `<polygon points="0,${SLIDER_HEIGHT} ${ridge} ${SLIDER_WIDTH},${SLIDER_HEIGHT}" fill="hsl(${(hue + 180) % 360},35%,30%)" fill-opacity="0.6"/>`,
  ].join('');
}

const svgDoc = (width: number, height: number, viewBox: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${body}</svg>`;

export const dataUrl = (svg: string): string => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/**
 * A slider puzzle: the background shows a notch at (notchX, notchY); the piece is the same scenery
 * cut out at the notch, to be dragged from x = 0 onto it. Only the server keeps notchX.
 */
export function sliderPuzzle(): { background: string; piece: string; notchX: number; notchY: number } {
  const notchX = randomInt(PIECE_WIDTH + 20, SLIDER_WIDTH - PIECE_WIDTH - 5);
  const notchY = randomInt(10, SLIDER_HEIGHT - SIDE - 10);
  const art = scenery();
  const path = outline(notchX, notchY);
  const background = svgDoc(
    SLIDER_WIDTH,
    SLIDER_HEIGHT,
    `0 0 ${SLIDER_WIDTH} ${SLIDER_HEIGHT}`,
    `${art}<path d="${path}" fill="#000" fill-opacity="0.45" stroke="#fff" stroke-opacity="0.8" stroke-width="1.5"/>`,
  );
  const piece = svgDoc(
    PIECE_WIDTH,
    SIDE,
    `${notchX} ${notchY} ${PIECE_WIDTH} ${SIDE}`,
    `<clipPath id="cut"><path d="${path}"/></clipPath><g clip-path="url(#cut)">${art}</g><path d="${path}" fill="none" stroke="#fff" stroke-width="1.5"/>`,
  );
  show({ kind: 'slider', notchX });
  return { background: dataUrl(background), piece: dataUrl(piece), notchX, notchY };
}

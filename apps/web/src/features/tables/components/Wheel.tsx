import { useEffect, useState } from 'react';
import { RED_NUMBERS, WHEEL_ORDER } from '@bp/contract';

const POCKET = 360 / WHEEL_ORDER.length;

export const colourOf = (n: number) => (n === 0 ? 'green' : RED_NUMBERS.includes(n) ? 'red' : 'black');

const GRADIENT = `conic-gradient(${WHEEL_ORDER.map((n, i) => {
  const c = colourOf(n) === 'green' ? '#1d8f4e' : colourOf(n) === 'red' ? '#c8262c' : '#1b1b1f';
  return `${c} ${i * POCKET}deg ${(i + 1) * POCKET}deg`;
}).join(', ')})`;

/**
 * The single-zero wheel: while the deal runs the ball circles and slows into its pocket (a CSS
 * transition over the dealing time); the number shows once it lands.
 */
export function Wheel({ number, spinning, landed, spinMs }: { number: number | null; spinning: boolean; landed: boolean; spinMs: number }) {
  // Drawn at rest first, so the spin is a transition from there.
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setArmed(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const pocket = number === null ? 0 : WHEEL_ORDER.indexOf(number);
  // Five turns, then the pocket's middle (the pockets start at 12 o'clock, clockwise).
  const angle = (spinning && armed && number !== null) || landed ? 360 * 5 + pocket * POCKET + POCKET / 2 : 0;
  return (
    <div className="bp-wheel" role="img" aria-label={landed && number !== null ? `开出 ${number}` : '轮盘'}>
      <div className="bp-wheel-disc" style={{ background: GRADIENT }} />
      <div className="bp-wheel-hub">{landed && number !== null ? <b className={colourOf(number)}>{number}</b> : null}</div>
      <div
        className="bp-wheel-orbit"
        style={{ transform: `rotate(${angle}deg)`, transition: spinning ? `transform ${spinMs}ms cubic-bezier(0.15, 0.6, 0.25, 1)` : 'none' }}
      >
        <i className="bp-wheel-ball" />
      </div>
    </div>
  );
}

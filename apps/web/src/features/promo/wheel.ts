/** Turns of the wheel before it settles, and how long it spins (the CSS transition's length). */
const TURNS = 5;
export const SPIN_MS = 4_000;

/** The angle that brings segment `index` of `count` under the pointer at the top, past `from` by whole turns. */
export function landingAngle(from: number, index: number, count: number): number {
  const segment = 360 / count;
  const target = 360 - (index + 0.5) * segment;
  return from - (from % 360) + TURNS * 360 + target;
}

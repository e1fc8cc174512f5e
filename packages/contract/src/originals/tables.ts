/**
 * The published multiplier tables of plinko and keno (Stake's), with the theoretical return to
 * player each pays: the sum over outcomes of probability x multiplier.
 */

export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];
export const PLINKO_ROWS = { min: 8, max: 16 } as const;

/** Half a table (the edge bucket first, to the middle); a table is symmetric. */
const half: Record<number, Record<PlinkoRisk, number[]>> = {
  8: { low: [5.6, 2.1, 1.1, 1, 0.5], medium: [13, 3, 1.3, 0.7, 0.4], high: [29, 4, 1.5, 0.3, 0.2] },
  9: { low: [5.6, 2, 1.6, 1, 0.7], medium: [18, 4, 1.7, 0.9, 0.5], high: [43, 7, 2, 0.6, 0.2] },
  10: { low: [8.9, 3, 1.4, 1.1, 1, 0.5], medium: [22, 5, 2, 1.4, 0.6, 0.4], high: [76, 10, 3, 0.9, 0.3, 0.2] },
  11: { low: [8.4, 3, 1.9, 1.3, 1, 0.7], medium: [24, 6, 3, 1.8, 0.7, 0.5], high: [120, 14, 5.2, 1.4, 0.4, 0.2] },
  12: { low: [10, 3, 1.6, 1.4, 1.1, 1, 0.5], medium: [33, 11, 4, 2, 1.1, 0.6, 0.3], high: [170, 24, 8.1, 2, 0.7, 0.2, 0.2] },
  13: { low: [8.1, 4, 3, 1.9, 1.2, 0.9, 0.7], medium: [43, 13, 6, 3, 1.3, 0.7, 0.4], high: [260, 37, 11, 4, 1, 0.2, 0.2] },
  14: { low: [7.1, 4, 1.9, 1.4, 1.3, 1.1, 1, 0.5], medium: [58, 15, 7, 4, 1.9, 1, 0.5, 0.2], high: [420, 56, 18, 5, 1.9, 0.3, 0.2, 0.2] },
  15: { low: [15, 8, 3, 2, 1.5, 1.1, 1, 0.7], medium: [88, 18, 11, 5, 3, 1.3, 0.5, 0.3], high: [620, 83, 27, 8, 3, 0.5, 0.2, 0.2] },
  16: {
    low: [16, 9, 2, 1.4, 1.4, 1.2, 1.1, 1, 0.5],
    medium: [110, 41, 10, 5, 3, 1.5, 1, 0.5, 0.3],
    high: [1000, 130, 26, 9, 4, 2, 0.2, 0.2, 0.2],
  },
};

/** The multipliers of buckets 0..rows, left to right. */
export function plinkoTable(rows: number, risk: PlinkoRisk): number[] {
  const left = half[rows][risk];
  const right = left.slice(0, rows + 1 - left.length).reverse();
  return [...left, ...right];
}

const choose = (n: number, k: number): number => {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
};

/** A table's return to player: each bucket k has probability C(rows, k) / 2^rows. */
export const plinkoRtp = (rows: number, risk: PlinkoRisk): number => plinkoTable(rows, risk).reduce((sum, m, k) => sum + (choose(rows, k) / 2 ** rows) * m, 0);

export const KENO_RISKS = ['classic'] as const;
export type KenoRisk = (typeof KENO_RISKS)[number];
export const KENO_PICKS = { min: 1, max: 10 } as const;

/** Keno's classic table: for 1..10 numbers picked, the multiplier of 0..picks hits. */
const KENO_CLASSIC: number[][] = [
  [0, 3.96],
  [0, 1.9, 4.5],
  [0, 1, 3.1, 10.4],
  [0, 0.8, 1.8, 5, 22.5],
  [0, 0.25, 1.4, 4.1, 16.5, 36],
  [0, 0, 1, 3.68, 7, 16.5, 40],
  [0, 0, 0.47, 3, 4.5, 14, 31, 60],
  [0, 0, 0, 2.2, 4, 13, 22, 55, 70],
  [0, 0, 0, 1.55, 3, 8, 15, 44, 60, 85],
  [0, 0, 0, 1.4, 2.25, 4.5, 8, 17, 50, 80, 100],
];

/** The multipliers of 0..picks hits. */
export const kenoTable = (picks: number): number[] => KENO_CLASSIC[picks - 1];

/** With `picks` numbers and 10 drawn of 40, `hits` of them match with hypergeometric probability. */
export const kenoRtp = (picks: number): number =>
  kenoTable(picks).reduce((sum, m, hits) => sum + ((choose(picks, hits) * choose(40 - picks, 10 - hits)) / choose(40, 10)) * m, 0);

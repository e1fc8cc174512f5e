import {
  DICE_CHANCE,
  KENO_SQUARES,
  LIMBO_TARGET,
  MINES_COUNT,
  MULTIPLIER_SCALE,
  diceMultiplier,
  diceRoll,
  diceWinChance,
  diceWins,
  kenoDraw,
  limboMultiplier,
  limboResult,
  limboShown,
  plinkoBucket,
  plinkoPath,
} from './fair.ts';
import { hasAtMostTwoDecimals } from '../rules/amount.ts';
import { KENO_PICKS, PLINKO_RISKS, PLINKO_ROWS, kenoRtp, kenoTable, plinkoRtp, plinkoTable, type PlinkoRisk } from './tables.ts';

/** The five originals; mines is played in steps (start, reveal, cash out), the others in one. */
export const ORIGINAL_GAMES = ['dice', 'limbo', 'mines', 'plinko', 'keno'] as const;
export type OriginalGame = (typeof ORIGINAL_GAMES)[number];
export type OneStepGame = Exclude<OriginalGame, 'mines'>;

export const ORIGINAL_NAMES: Record<OriginalGame, string> = { dice: '骰子', limbo: '极限倍数', mines: '扫雷', plinko: '弹珠', keno: '基诺' };

/** The stake of one round, in the site's currency (the minimum is at most 1, API.md). */
export const ORIGINALS_AMOUNT = { min: 1, max: 100_000 } as const;

export interface DiceParams {
  target: number;
  condition: 'over' | 'under';
}
export interface LimboParams {
  targetMultiplier: number;
}
export interface PlinkoParams {
  rows: number;
  risk: PlinkoRisk;
}
export interface KenoParams {
  picks: number[];
}
export interface ParamsOf {
  dice: DiceParams;
  limbo: LimboParams;
  plinko: PlinkoParams;
  keno: KenoParams;
}

/** Catalogue names of refused parameters (packages/contract errors/originals.ts). */
export type ParamRefusal = 'ORIGINALS_DICE_TARGET' | 'ORIGINALS_LIMBO_TARGET' | 'ORIGINALS_PLINKO_ROWS' | 'ORIGINALS_KENO_PICKS' | 'ORIGINALS_MINES_COUNT';

/** Why a round's parameters are refused, or null: the server and the game screens ask the same. */
export function refuseParams<G extends OneStepGame>(game: G, params: ParamsOf[G]): ParamRefusal | null {
  if (game === 'dice') {
    const { target, condition } = params as DiceParams;
    const chance = diceWinChance(target, condition);
    const ok = hasAtMostTwoDecimals(target) && chance >= DICE_CHANCE.min && chance <= DICE_CHANCE.max;
    return ok ? null : 'ORIGINALS_DICE_TARGET';
  }
  if (game === 'limbo') {
    const { targetMultiplier: t } = params as LimboParams;
    return hasAtMostTwoDecimals(t) && t >= LIMBO_TARGET.min && t <= LIMBO_TARGET.max ? null : 'ORIGINALS_LIMBO_TARGET';
  }
  if (game === 'plinko') {
    const { rows, risk } = params as PlinkoParams;
    return Number.isInteger(rows) && rows >= PLINKO_ROWS.min && rows <= PLINKO_ROWS.max && PLINKO_RISKS.includes(risk) ? null : 'ORIGINALS_PLINKO_ROWS';
  }
  const { picks } = params as KenoParams;
  const valid = picks.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO_SQUARES) && new Set(picks).size === picks.length;
  return valid && picks.length >= KENO_PICKS.min && picks.length <= KENO_PICKS.max ? null : 'ORIGINALS_KENO_PICKS';
}

export const refuseMinesCount = (mines: number): ParamRefusal | null =>
  Number.isInteger(mines) && mines >= MINES_COUNT.min && mines <= MINES_COUNT.max ? null : 'ORIGINALS_MINES_COUNT';

/** How many floats a round of the game takes. */
export function floatsFor<G extends OneStepGame>(game: G, params: ParamsOf[G]): number {
  if (game === 'plinko') return (params as PlinkoParams).rows;
  if (game === 'keno') return 10;
  return 1;
}

/** A round's outcome: the number shown as its result, what it pays (ten-thousandths), and the game's own terms. */
export interface DetailOf {
  dice: DiceParams & { roll: number };
  limbo: LimboParams & { result: number };
  plinko: PlinkoParams & { path: number[]; bucket: number };
  keno: KenoParams & { drawn: number[]; hits: number[] };
}
export interface Outcome<G extends OneStepGame = OneStepGame> {
  result: number;
  multiplier4: number;
  win: boolean;
  detail: DetailOf[G];
}

/** The outcome of a one-step round from its floats (checked parameters). */
export function outcomeOf<G extends OneStepGame>(game: G, params: ParamsOf[G], floats: readonly number[]): Outcome<G> {
  return oneStepOutcome(game, params, floats) as Outcome<G>;
}

function oneStepOutcome(game: OneStepGame, params: ParamsOf[OneStepGame], floats: readonly number[]): Outcome {
  if (game === 'dice') {
    const { target, condition } = params as DiceParams;
    const roll = diceRoll(floats[0]);
    const win = diceWins(roll, target, condition);
    return { result: roll, multiplier4: diceMultiplier(diceWinChance(target, condition)), win, detail: { target, condition, roll } };
  }
  if (game === 'limbo') {
    const { targetMultiplier } = params as LimboParams;
    const result = limboShown(limboResult(floats[0]));
    const win = limboResult(floats[0]) >= targetMultiplier;
    return { result, multiplier4: limboMultiplier(targetMultiplier), win, detail: { targetMultiplier, result } };
  }
  if (game === 'plinko') {
    const { rows, risk } = params as PlinkoParams;
    const path = plinkoPath(floats.slice(0, rows));
    const bucket = plinkoBucket(path);
    const landed = plinkoTable(rows, risk)[bucket];
    return { result: landed, multiplier4: Math.round(landed * MULTIPLIER_SCALE), win: true, detail: { rows, risk, path, bucket } };
  }
  const { picks } = params as KenoParams;
  const drawn = kenoDraw(floats);
  const hits = picks.filter((n) => drawn.includes(n)).sort((a, b) => a - b);
  const multiplier4 = Math.round(kenoTable(picks.length)[hits.length] * MULTIPLIER_SCALE);
  return { result: hits.length, multiplier4, win: multiplier4 > 0, detail: { picks, drawn, hits } };
}

/** The theoretical return to player of each game: the lowest and highest over its settings. */
export function theoreticalRtp(game: OriginalGame): { rtp: number; rtpMax: number } {
  if (game === 'dice') return { rtp: 9900 / 10001, rtpMax: 9900 / 10001 };
  if (game === 'limbo' || game === 'mines') return { rtp: 0.99, rtpMax: 0.99 };
  const figures: number[] = [];
  if (game === 'plinko') for (let rows = PLINKO_ROWS.min; rows <= PLINKO_ROWS.max; rows++) for (const risk of PLINKO_RISKS) figures.push(plinkoRtp(rows, risk));
  else for (let picks = KENO_PICKS.min; picks <= KENO_PICKS.max; picks++) figures.push(kenoRtp(picks));
  return { rtp: Math.min(...figures), rtpMax: Math.max(...figures) };
}

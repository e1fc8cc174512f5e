import type { TableGame, TableOutcome } from '@bp/contract';
import { baccaratReturn, dealBaccarat } from './baccarat.ts';
import { dealDragonTiger, dragonTigerReturn } from './dragon-tiger.ts';
import { rouletteReturn, spinWheel } from './roulette.ts';

export { newShoe, type Shoe } from './cards.ts';

/** Whether a game deals from a shoe (baccarat, dragon tiger) or spins a wheel. */
export const usesShoe = (game: TableGame): boolean => game !== 'roulette';

/** The most cards one round can take from the shoe. */
export const CARDS_PER_ROUND: Record<TableGame, number> = { baccarat: 6, 'dragon-tiger': 2, roulette: 0 };

/** A round's outcome: cards from `next` (the shoe) or the wheel. */
export function draw(game: TableGame, next: () => string, pick?: (n: number) => number): TableOutcome {
  if (game === 'baccarat') return dealBaccarat(next);
  if (game === 'dragon-tiger') return dealDragonTiger(next);
  return spinWheel(pick);
}

/** What one spot returns on an outcome, stake included (0: lost). */
export function spotReturn(spot: string, stake: bigint, outcome: TableOutcome): bigint {
  if (outcome.game === 'baccarat') return baccaratReturn(spot, stake, outcome);
  if (outcome.game === 'dragon-tiger') return dragonTigerReturn(spot, stake, outcome);
  return rouletteReturn(spot, stake, outcome);
}

/** What a bet's spots return together. */
export const betReturn = (spots: Array<{ spot: string; amountMinor: bigint }>, outcome: TableOutcome): bigint =>
  spots.reduce((sum, s) => sum + spotReturn(s.spot, s.amountMinor, outcome), 0n);

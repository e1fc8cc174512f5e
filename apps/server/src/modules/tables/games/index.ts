import { spotReturn, type TableGame, type TableOutcome } from '@bp/contract';
import { dealBaccarat } from './baccarat.ts';
import { dealDragonTiger } from './dragon-tiger.ts';
import { spinWheel } from './roulette.ts';

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

/** What a bet's spots return together. */
export const betReturn = (spots: Array<{ spot: string; amountMinor: bigint }>, outcome: TableOutcome): bigint =>
  spots.reduce((sum, s) => sum + spotReturn(s.spot, s.amountMinor, outcome), 0n);

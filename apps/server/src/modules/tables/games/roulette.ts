import { randomInt } from 'node:crypto';
import type { RouletteOutcome } from '@bp/contract';

/** The ball lands in one of 37 pockets (0-36), each as likely. */
export const spinWheel = (pick: (n: number) => number = randomInt): RouletteOutcome => ({ game: 'roulette', number: pick(37) });

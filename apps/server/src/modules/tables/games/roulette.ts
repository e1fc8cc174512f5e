import { randomInt } from 'node:crypto';
import { RED_NUMBERS, type RouletteOutcome } from '@bp/contract';

/** The ball lands in one of 37 pockets (0-36), each as likely. */
export const spinWheel = (pick: (n: number) => number = randomInt): RouletteOutcome => ({ game: 'roulette', number: pick(37) });

/** Whether an outside spot covers n (zero loses every outside bet: no la partage). */
function outsideWins(spot: string, n: number): boolean {
  if (n === 0) return false;
  switch (spot) {
    case 'red':
      return RED_NUMBERS.includes(n);
    case 'black':
      return !RED_NUMBERS.includes(n);
    case 'odd':
      return n % 2 === 1;
    case 'even':
      return n % 2 === 0;
    case 'low':
      return n <= 18;
    case 'high':
      return n >= 19;
    default:
      return false;
  }
}

/** Straight 35:1, split 17:1, dozen and column 2:1, red/black, odd/even, low/high 1:1. Stake included, 0 when lost. */
export function rouletteReturn(spot: string, stake: bigint, o: RouletteOutcome): bigint {
  const n = o.number;
  const [kind, arg = ''] = spot.split(':');
  switch (kind) {
    case 'straight':
      return Number(arg) === n ? 36n * stake : 0n;
    case 'split':
      return arg.split('-').map(Number).includes(n) ? 18n * stake : 0n;
    case 'dozen':
      return n > 0 && Math.ceil(n / 12) === Number(arg) ? 3n * stake : 0n;
    case 'column':
      return n > 0 && ((n - 1) % 3) + 1 === Number(arg) ? 3n * stake : 0n;
    default:
      return outsideWins(spot, n) ? 2n * stake : 0n;
  }
}

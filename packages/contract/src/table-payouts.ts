import { RED_NUMBERS, type BaccaratOutcome, type DragonTigerOutcome, type RouletteOutcome, type TableOutcome } from './tables.ts';

/**
 * What each spot of the live tables returns on an outcome, stake included (0: lost), in minor
 * units: the server pays by these, the table screen lights the winning spots by them.
 */
/**
 * What a spot returns on an outcome, stake included (0: lost). Player 1:1; banker 1:1 less 5 %
 * commission on the win (rounded down); a tie returns player and banker stakes; tie 8:1; pairs 11:1.
 */
export function baccaratReturn(spot: string, stake: bigint, o: BaccaratOutcome): bigint {
  switch (spot) {
    case 'player':
      return o.winner === 'player' ? 2n * stake : o.winner === 'tie' ? stake : 0n;
    case 'banker':
      return o.winner === 'banker' ? stake + (stake * 95n) / 100n : o.winner === 'tie' ? stake : 0n;
    case 'tie':
      return o.winner === 'tie' ? 9n * stake : 0n;
    case 'player_pair':
      return o.playerPair ? 12n * stake : 0n;
    case 'banker_pair':
      return o.bankerPair ? 12n * stake : 0n;
    default:
      return 0n;
  }
}

/** Dragon or tiger 1:1, half the stake back on a tie (rounded down); tie 8:1. Stake included, 0 when lost. */
export function dragonTigerReturn(spot: string, stake: bigint, o: DragonTigerOutcome): bigint {
  if (spot === 'tie') return o.winner === 'tie' ? 9n * stake : 0n;
  if (o.winner === 'tie') return stake / 2n;
  return o.winner === spot ? 2n * stake : 0n;
}

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

/** What one spot returns on an outcome, stake included (0: lost). */
export function spotReturn(spot: string, stake: bigint, outcome: TableOutcome): bigint {
  if (outcome.game === 'baccarat') return baccaratReturn(spot, stake, outcome);
  if (outcome.game === 'dragon-tiger') return dragonTigerReturn(spot, stake, outcome);
  return rouletteReturn(spot, stake, outcome);
}

/** Whether a spot wins on an outcome (more back than staked). */
export const spotWins = (spot: string, outcome: TableOutcome): boolean => spotReturn(spot, 100n, outcome) > 100n;

import { rankOrder, type DragonTigerOutcome } from '@bp/contract';

/** One card to the dragon, one to the tiger; the higher rank wins (A low, K high), equal ranks tie. */
export function dealDragonTiger(next: () => string): DragonTigerOutcome {
  const dragon = next();
  const tiger = next();
  const d = rankOrder(dragon);
  const t = rankOrder(tiger);
  return { game: 'dragon-tiger', dragon, tiger, winner: d > t ? 'dragon' : t > d ? 'tiger' : 'tie' };
}

/** Dragon or tiger 1:1, half the stake back on a tie (rounded down); tie 8:1. Stake included, 0 when lost. */
export function dragonTigerReturn(spot: string, stake: bigint, o: DragonTigerOutcome): bigint {
  if (spot === 'tie') return o.winner === 'tie' ? 9n * stake : 0n;
  if (o.winner === 'tie') return stake / 2n;
  return o.winner === spot ? 2n * stake : 0n;
}

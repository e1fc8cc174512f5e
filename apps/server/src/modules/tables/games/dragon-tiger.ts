import { rankOrder, type DragonTigerOutcome } from '@bp/contract';

/** One card to the dragon, one to the tiger; the higher rank wins (A low, K high), equal ranks tie. */
export function dealDragonTiger(next: () => string): DragonTigerOutcome {
  const dragon = next();
  const tiger = next();
  const d = rankOrder(dragon);
  const t = rankOrder(tiger);
  return { game: 'dragon-tiger', dragon, tiger, winner: d > t ? 'dragon' : t > d ? 'tiger' : 'tie' };
}

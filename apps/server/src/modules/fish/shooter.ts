import { randomInt } from 'node:crypto';
import type { FishKind } from '@bp/contract';

/**
 * The fish shooter's pay table. A shot costs the bet; it catches a fish of multiplier m with
 * probability RTP / m, and a catch pays bet × m, so every shot returns RTP × bet on average,
 * whichever fish it aims at. Each shot draws its own integer out of a million on a CSPRNG: the
 * chances are exact (RTP × 10^6 / m is whole for every fish).
 */
export const FISH_RTP = 0.96;
const DRAWS = 1_000_000;

export const FISH_TABLE: ReadonlyArray<{ kind: FishKind; name: string; multiplier: number }> = [
  { kind: 'clown', name: '小丑鱼', multiplier: 2 },
  { kind: 'puffer', name: '河豚', multiplier: 3 },
  { kind: 'lantern', name: '灯笼鱼', multiplier: 5 },
  { kind: 'turtle', name: '海龟', multiplier: 10 },
  { kind: 'ray', name: '魔鬼鱼', multiplier: 20 },
  { kind: 'shark', name: '大白鲨', multiplier: 50 },
  { kind: 'dragon', name: '黄金龙', multiplier: 100 },
];
const BY_KIND = new Map(FISH_TABLE.map((f) => [f.kind, f]));

/** Out of DRAWS, how many draws catch a fish of this kind. */
export const catchesOutOf = (kind: FishKind): number => (FISH_RTP * DRAWS) / BY_KIND.get(kind)!.multiplier;
export const fishOf = (kind: FishKind) => BY_KIND.get(kind)!;

export interface Shot {
  kind: FishKind;
  caught: boolean;
  /** The multiplier paid: the fish's when caught, else 0. */
  multiplier: number;
}

export function shoot(kind: FishKind, draw: (n: number) => number = randomInt): Shot {
  const caught = draw(DRAWS) < catchesOutOf(kind);
  return { kind, caught, multiplier: caught ? fishOf(kind).multiplier : 0 };
}

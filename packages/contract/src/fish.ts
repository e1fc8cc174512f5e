import { z } from 'zod';
import { Amount } from './rules/schemas.ts';

/**
 * 捕鱼 at the fish venue: every shot costs the bet; a shot at a fish of multiplier m catches it with
 * probability RTP / m and then pays bet × m, decided on the server. Shots go in batches (one round).
 */
export const FISH_KINDS = ['clown', 'puffer', 'lantern', 'turtle', 'ray', 'shark', 'dragon'] as const;
export type FishKind = (typeof FISH_KINDS)[number];
export const FISH_MAX_SHOTS = 20;

export const FishShootBody = z.object({ amount: Amount, shots: z.array(z.enum(FISH_KINDS)).min(1).max(FISH_MAX_SHOTS) });
export const FishShootData = z.object({
  roundId: z.string(),
  hits: z.array(z.object({ kind: z.enum(FISH_KINDS), caught: z.boolean(), win: z.number() })),
  stake: z.number(),
  payout: z.number(),
  balance: z.number(),
});
export const FishInfoData = z.object({
  venueName: z.string(),
  status: z.number().int(),
  balance: z.number(),
  bets: z.array(z.number()),
  rtp: z.number(),
  fish: z.array(z.object({ kind: z.enum(FISH_KINDS), name: z.string(), multiplier: z.number().int() })),
});

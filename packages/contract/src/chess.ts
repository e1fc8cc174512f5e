import { z } from 'zod';
import { Amount } from './rules/schemas.ts';

/**
 * 棋牌 at KY (开元棋牌): 抢庄牛牛 against the house. A round is dealt (the member sees four of five
 * cards and 20 × the base is held at KY), then the member bids for the bank, the last card is shown
 * and the round is settled. Cards are `<suit><rank>`: suit S ♠ H ♥ C ♣ D ♦, rank A 2-10 J Q K.
 */
export const NIUNIU_BIDS = [0, 1, 2, 3, 4] as const;
/** What a deal holds at the venue: the base × the highest bid × the highest hand multiplier. */
export const NIUNIU_HOLD_MULTIPLE = 20;
export const NIUNIU_HANDS = ['none', 'niu1', 'niu2', 'niu3', 'niu4', 'niu5', 'niu6', 'niu7', 'niu8', 'niu9', 'niuniu', 'wuhua', 'bomb', 'wuxiao'] as const;
export type NiuniuHandKind = (typeof NIUNIU_HANDS)[number];

const RoundId = z.string().trim().min(1).max(64);
export const NiuniuDealBody = z.object({ amount: Amount });
export const NiuniuBidBody = z.object({ roundId: RoundId, bid: z.number().int().min(0).max(4) });

export const NiuniuHand = z.object({
  cards: z.array(z.string()).length(5),
  kind: z.enum(NIUNIU_HANDS),
  /** 无牛, 牛一 ... 牛牛, 五花牛, 炸弹, 五小牛 */
  name: z.string(),
  multiplier: z.number().int(),
  /** The three cards that make ten (indexes into cards), empty for 无牛 and the special hands. */
  niuOf: z.array(z.number().int()),
});
export type NiuniuHand = z.infer<typeof NiuniuHand>;

export const NiuniuRound = z.object({
  roundId: z.string(),
  status: z.enum(['bidding', 'settled']),
  base: z.number(),
  /** What the deal holds at the venue until the round is settled. */
  held: z.number(),
  /** The member's cards: four while bidding, five once settled. */
  cards: z.array(z.string()),
  memberBid: z.number().int().nullable(),
  houseBid: z.number().int().nullable(),
  banker: z.enum(['member', 'house']).nullable(),
  /** The bank's multiple: the winning bid, at least 1. */
  bankerMultiple: z.number().int().nullable(),
  member: NiuniuHand.nullable(),
  house: NiuniuHand.nullable(),
  won: z.boolean().nullable(),
  /** What changed hands before the commission (base × bank multiple × the winning hand's multiplier). */
  amount: z.number().nullable(),
  /** The member's net result: + won after commission, − lost. */
  net: z.number().nullable(),
  /** The member's KY balance after this step. */
  balance: z.number(),
});
export type NiuniuRound = z.infer<typeof NiuniuRound>;

export const NiuniuInfoData = z.object({
  venueName: z.string(),
  status: z.number().int(),
  balance: z.number(),
  bases: z.array(z.number()),
  holdMultiple: z.number().int(),
  commission: z.number(),
  rtp: z.number(),
  /** The member's round still waiting for a bid, if any. */
  round: NiuniuRound.nullable(),
});

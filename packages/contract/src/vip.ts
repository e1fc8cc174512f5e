import { z } from 'zod';
import { SerialId } from './ids.ts';
import { Money } from './wallet.ts';

/** VIP grades, rebates (fanshui) and the welfare centre (API.md "VIP, rebates and activities"). */

export const VIP_CATEGORIES = ['sports', 'egame', 'live', 'chess'] as const;
export type VipCategory = (typeof VIP_CATEGORIES)[number];

/** Days a rebate waits to be received once granted; then it expires. */
export const REBATE_VALID_DAYS = 7;

const Threshold = z.object({ vipLevel: z.number().int(), deposit: Money, turnover: Money });

export const VipInfoData = z.object({
  vipLevel: z.number().int(),
  grade: z.string(),
  /** Cumulative deposits and valid turnover counted toward the next level. */
  deposit: Money,
  turnover: Money,
  next: Threshold.nullable(),
});

export const VipRule = z.object({
  vipLevel: z.number().int(),
  grade: z.string(),
  deposit: Money,
  turnover: Money,
  upgradeBonus: Money,
  weeklyBonus: Money,
  monthlyBonus: Money,
  /** A month's valid turnover that keeps the level at the monthly review. */
  keepTurnover: Money,
  /** The most one withdrawal may be. */
  withdrawMax: Money,
  /** Turnover the level's bonuses ask, as a multiple of the amount. */
  bonusMultiple: z.number(),
  /** Rebate per category, in percent of valid turnover (an object, not a record of the enum: the API document defines each). */
  rebate: z.object({ sports: z.number(), egame: z.number(), live: z.number(), chess: z.number() }) satisfies z.ZodType<
    Record<(typeof VIP_CATEGORIES)[number], number>
  >,
});
export const VipRulesData = z.object({ list: z.array(VipRule) });

export const BONUS_STATUSES = ['pending', 'received', 'expired'] as const;

export const FanshuiInfoData = z.object({
  /** Waiting to be received. */
  pending: Money,
  list: z.array(
    z.object({
      day: z.string(),
      category: z.enum(VIP_CATEGORIES),
      turnover: Money,
      /** Percent of valid turnover. */
      rate: z.number(),
      amount: Money,
      status: z.enum(BONUS_STATUSES),
    }),
  ),
});
export const ReceivedData = z.object({ amount: Money, main: Money });

/** 'activity': an activity's prize or deposit bonus (the promo module's); 'points': bought with points; 'birthday': the birthday bonus. */
export const WELFARE_KINDS = ['upgrade', 'weekly', 'monthly', 'rebate', 'activity', 'points', 'birthday'] as const;
export const WelfareListData = z.object({
  list: z.array(
    z.object({
      welfareId: z.number().int(),
      kind: z.enum(WELFARE_KINDS),
      title: z.string(),
      amount: Money,
      status: z.enum(BONUS_STATUSES),
      /** Turnover it asks once received, as a multiple of the amount. */
      multiple: z.number(),
      expiresAt: z.number().nullable(),
    }),
  ),
});
export const WelfareReceiveBody = z.object({ welfareId: z.number().int().positive() });

export const WAGER_STATES = ['wagering', 'met', 'forfeited', 'lapsed'] as const;
/** welfare/wagering: bonuses received and their turnover (流水) progress. */
export const WageringData = z.object({
  /** Turnover the open wagering still asks. */
  remaining: Money,
  /** What a withdrawal now would forfeit (the unearned part of bonuses still wagering). */
  forfeit: Money,
  /** The most one bet may stake while a bonus wagers, null: no limit or nothing wagering. */
  maxStake: Money.nullable(),
  /** Bets at these odds or lower count nothing. */
  lowOdds: z.number(),
  /** Days a bonus received has to be wagered. */
  days: z.number().int(),
  list: z.array(
    z.object({
      welfareId: z.number().int(),
      title: z.string(),
      amount: Money,
      required: Money,
      wagered: Money,
      state: z.enum(WAGER_STATES),
      /** When the wagering window ends (unmet by then: the unearned part lapses). */
      until: z.number(),
      forfeited: Money,
      receivedAt: z.number(),
    }),
  ),
});

/** Points (积分): earned by valid turnover and deposits, spent in the exchange. */
export const PointItem = z.object({
  itemId: z.number().int(),
  /** money: bonus money paid into the main wallet (asking `multiple` x turnover); gold: gold coins. */
  kind: z.enum(['money', 'gold']),
  name: z.string(),
  cost: z.number().int(),
  /** Money in the site's currency, or gold coins. */
  amount: Money,
  multiple: z.number(),
  /** Left in stock, null: no limit. */
  left: z.number().int().nullable(),
});
export const PointsInfoData = z.object({
  points: z.number().int(),
  /** One point per so much valid turnover, and per so much deposited. */
  turnoverPerPoint: Money,
  depositPerPoint: Money,
  items: z.array(PointItem),
});
export const PointsRecordsBody = z.object({ page: z.number().int().min(1).default(1), size: z.number().int().min(1).max(100).default(20) });
export const PointsRecordsData = z.object({
  list: z.array(
    z.object({
      moveId: z.number().int(),
      source: z.enum(['turnover', 'deposit', 'exchange']),
      title: z.string(),
      points: z.number().int(),
      createdAt: z.number(),
    }),
  ),
  total: z.number().int(),
});
export const PointsExchangeBody = z.object({ itemId: SerialId });
export const PointsExchangeData = z.object({
  points: z.number().int(),
  kind: z.enum(['money', 'gold']),
  amount: Money,
  main: Money,
  /** The gold coins held after a gold exchange, null otherwise. */
  gold: Money.nullable(),
});

/** The birthday bonus (生日礼金): paid once a year in the birthday month, by level. */
export const BirthdayBonusData = z.object({
  /** The member's birthday (YYYY-MM-DD), null until set. */
  birthday: z.string().nullable(),
  inMonth: z.boolean(),
  /** What the member's level pays. */
  amount: Money,
  /** This year's bonus in the welfare centre, once granted. */
  welfareId: z.number().int().nullable(),
  status: z.enum(BONUS_STATUSES).nullable(),
  levels: z.array(z.object({ vipLevel: z.number().int(), grade: z.string(), amount: Money })),
});

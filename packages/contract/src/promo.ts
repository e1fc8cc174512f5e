import { z } from 'zod';
import { Money } from './wallet.ts';
import { BONUS_STATUSES } from './vip.ts';

/** Activities (API.md "VIP, rebates and activities"): sign-in, spin wheel, deposit bonuses. */

export const ACTIVITY_KINDS = ['sign', 'wheel', 'lottery', 'first_deposit', 'continue_deposit'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
/** Kinds with their own config, draw, records and receive calls (`/api/activity/{kind}/...`). */
export const DRAW_KINDS = ['sign', 'wheel', 'lottery'] as const;
export type DrawKind = (typeof DRAW_KINDS)[number];
/** 日常 (daily), 存款 (deposit): how the 优惠 tab groups activities. */
export const ACTIVITY_CATEGORIES = ['daily', 'deposit'] as const;

export const ActivityListData = z.object({
  list: z.array(
    z.object({
      activityId: z.number().int(),
      kind: z.enum(ACTIVITY_KINDS),
      category: z.enum(ACTIVITY_CATEGORIES),
      title: z.string(),
      /** The operator's rules, one line each. */
      rules: z.array(z.string()),
      startAt: z.number(),
      endAt: z.number(),
      status: z.enum(['upcoming', 'open', 'ended']),
    }),
  ),
});

export const PRIZE_KINDS = ['money', 'points', 'gold', 'none'] as const;
export const Prize = z.object({ kind: z.enum(PRIZE_KINDS), amount: Money, name: z.string() });

const ActivityHead = { activityId: z.number().int(), title: z.string(), rules: z.array(z.string()), startAt: z.number(), endAt: z.number() };

export const SignConfigData = z.object({
  ...ActivityHead,
  /** The Shanghai day (YYYY-MM-DD). */
  today: z.string(),
  signedToday: z.boolean(),
  /** Consecutive days signed, today included once signed. */
  streak: z.number().int(),
  /** What each day of the streak pays (day 1 onward; milestone days pay more). */
  days: z.array(z.object({ day: z.number().int(), prize: Prize, milestone: z.boolean() })),
  /** This month's days signed. */
  signedDays: z.array(z.string()),
});

export const WheelConfigData = z.object({
  ...ActivityHead,
  prizes: z.array(z.object({ prizeNo: z.number().int(), prize: Prize, /** Left in stock, null: no limit. */ left: z.number().int().nullable() })),
  draws: z.object({ earned: z.number().int(), used: z.number().int(), left: z.number().int() }),
});

export const LotteryConfigData = z.object({
  ...ActivityHead,
  prizes: z.array(z.object({ prizeNo: z.number().int(), prize: Prize, /** Left in stock, null: no limit. */ left: z.number().int().nullable() })),
  /** Tickets earned over the activity's window, used, and left to draw. */
  tickets: z.object({ earned: z.number().int(), used: z.number().int(), left: z.number().int() }),
  depositPerTicket: Money,
  turnoverPerTicket: Money,
});

export const DepositBonusConfigData = z.object({
  ...ActivityHead,
  /** The nth deposit's match, in percent, up to its cap. */
  tiers: z.array(z.object({ nth: z.number().int(), percent: z.number(), cap: Money })),
  minDeposit: Money,
  multiple: z.number(),
});

export const ActivityDrawData = z.object({ recordId: z.number().int(), prize: Prize });

export const ActivityRecordsBody = z.object({ page: z.number().int().min(1).default(1), size: z.number().int().min(1).max(100).default(20) });
export const ActivityRecordsData = z.object({
  list: z.array(
    z.object({
      recordId: z.number().int(),
      prize: Prize,
      /** What waits: a money prize's bonus status, 'none' without one. */
      status: z.enum([...BONUS_STATUSES, 'none']),
      createdAt: z.number(),
      /** The sign-in's day and streak, or the draw's random value out of its total weight. */
      detail: z.record(z.string(), z.union([z.string(), z.number()])),
    }),
  ),
  total: z.number().int(),
});
export const ActivityReceiveBody = z.object({ recordId: z.number().int().positive() });

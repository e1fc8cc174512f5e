import { z } from 'zod';
import { Money } from './wallet.ts';
import { BONUS_STATUSES } from './vip.ts';
import { NewsMatch } from './news.ts';

/** Activities (API.md "VIP, rebates and activities"): sign-in, spin wheel, deposit bonuses, invite, novice tasks. */

export const ACTIVITY_KINDS = ['sign', 'wheel', 'lottery', 'first_deposit', 'continue_deposit', 'invite', 'novice', 'guess'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
/** Kinds with their own config, draw, records and receive calls (`/api/activity/{kind}/...`). */
export const DRAW_KINDS = ['sign', 'wheel', 'lottery'] as const;
export type DrawKind = (typeof DRAW_KINDS)[number];
/** Kinds whose records are listed and received (`/api/activity/{kind}/records`, `/receive`). */
export const RECORD_KINDS = [...DRAW_KINDS, 'invite', 'novice', 'guess'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
/** 日常 (daily), 存款 (deposit), 福利 (welfare: invite, novice tasks): how the 优惠 tab groups activities. */
export const ACTIVITY_CATEGORIES = ['daily', 'deposit', 'welfare'] as const;

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

/** 邀请好友: the member's code, the rule an invitee meets for the reward, and what it earned so far. */
export const InviteConfigData = z.object({
  ...ActivityHead,
  inviteCode: z.string(),
  /** The registration path with the code (`/register?i_code=...`); the site's origin goes before it. */
  invitePath: z.string(),
  rule: z.object({ minDeposit: Money, minTurnover: Money, reward: Money, multiple: z.number() }),
  invited: z.number().int(),
  rewarded: z.number().int(),
  earned: Money,
});
export const INVITEE_STATUSES = ['waiting', 'rewarded', 'refused'] as const;
export const InviteFriendsBody = ActivityRecordsBody;
export const InviteFriendsData = z.object({
  list: z.array(
    z.object({
      /** Masked, as others see it. */
      name: z.string(),
      registeredAt: z.number(),
      /** Counted toward the rule: deposits and valid turnover since registering. */
      deposit: Money,
      turnover: Money,
      /** waiting: the rule not met yet; refused: met, but from the inviter's own device or IP (no reward). */
      status: z.enum(INVITEE_STATUSES),
      reward: Money,
    }),
  ),
  total: z.number().int(),
});

/** 新手任务: each task once, checked against the member's own account. */
export const NOVICE_TASKS = ['bind_phone', 'bind_payout', 'profile', 'first_deposit', 'first_bet'] as const;
export type NoviceTask = (typeof NOVICE_TASKS)[number];
export const NoviceConfigData = z.object({
  ...ActivityHead,
  tasks: z.array(
    z.object({
      task: z.enum(NOVICE_TASKS),
      title: z.string(),
      reward: Money,
      /** todo: not done yet; claimable: done, reward waiting; claimed: paid. */
      status: z.enum(['todo', 'claimable', 'claimed']),
    }),
  ),
  multiple: z.number(),
});
export const NoviceClaimBody = z.object({ task: z.enum(NOVICE_TASKS) });

/** 竞猜: pick a coming football match's outcome, free; a right pick wins the prize once the book has the result. */
export const GUESS_PICKS = ['home', 'draw', 'visit'] as const;
export const GUESS_STATUSES = ['open', 'won', 'lost', 'void'] as const;
export const GuessConfigData = z.object({
  ...ActivityHead,
  prize: Money,
  multiple: z.number(),
  /** The coming matches to guess, with the member's pick when made. */
  matches: z.array(z.object({ match: NewsMatch, pick: z.enum(GUESS_PICKS).nullable() })),
  /** The member's latest guesses, decided or not. */
  guesses: z.array(z.object({ match: NewsMatch, pick: z.enum(GUESS_PICKS), status: z.enum(GUESS_STATUSES) })),
});
export const GuessDrawBody = z.object({ matchId: z.number().int().positive(), pick: z.enum(GUESS_PICKS) });
export const GuessDrawData = z.object({ matchId: z.number().int(), pick: z.enum(GUESS_PICKS) });

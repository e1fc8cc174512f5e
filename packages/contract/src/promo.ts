import { z } from 'zod';
import { Money } from './wallet.ts';
import { BONUS_STATUSES } from './vip.ts';
import { NewsMatch } from './news.ts';

/** Activities (API.md "VIP, rebates and activities"): sign-in, spin wheel, deposit bonuses, invite, novice tasks. */

/** 闯关 (daily turnover stages) and 足彩 (a round of match picks), issue 15. */
export const CHALLENGE_KINDS = ['barrier', 'soccer_lottery'] as const;
export const ACTIVITY_KINDS = [
  'sign',
  'wheel',
  'lottery',
  'first_deposit',
  'continue_deposit',
  'invite',
  'novice',
  'guess',
  'quiz',
  ...CHALLENGE_KINDS,
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
/** Kinds with their own config, draw, records and receive calls (`/api/activity/{kind}/...`). */
export const DRAW_KINDS = ['sign', 'wheel', 'lottery'] as const;
export type DrawKind = (typeof DRAW_KINDS)[number];
/** Kinds whose records are listed and received (`/api/activity/{kind}/records`, `/receive`). */
export const RECORD_KINDS = [...DRAW_KINDS, 'invite', 'novice', 'guess', 'quiz', ...CHALLENGE_KINDS] as const;
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

/** 闯关: today's (Asia/Shanghai) valid turnover against the stages; a reached stage's prize received once a day. */
export const BARRIER_STAGE_STATUSES = ['locked', 'reached', 'pending', 'received', 'expired'] as const;
export const BarrierConfigData = z.object({
  ...ActivityHead,
  /** The Shanghai day (YYYY-MM-DD) counted. */
  today: z.string(),
  /** Today's valid turnover. */
  turnover: Money,
  multiple: z.number(),
  stages: z.array(
    z.object({
      stage: z.number().int(),
      turnover: Money,
      prize: Money,
      /** locked: not reached; reached: prize to take; pending: taken, waiting in the welfare centre; received; expired. */
      status: z.enum(BARRIER_STAGE_STATUSES),
      /** Its record today once granted. */
      recordId: z.number().int().nullable(),
    }),
  ),
});
export const BarrierDrawBody = z.object({ stage: z.number().int().min(1).max(50) });

/** 足彩: a round of coming football matches, a 1/X/2 pick each before the first kickoff; prizes by right picks. */
export const SOCCER_TICKET_STATUSES = ['open', 'settled'] as const;
const SoccerPickView = z.object({
  match: NewsMatch,
  pick: z.enum(GUESS_PICKS),
  /** Decided: right (a cancelled match counts right for everyone), null while it is not over. */
  right: z.boolean().nullable(),
});
export const SoccerTicket = z.object({
  roundId: z.number().int(),
  picks: z.array(SoccerPickView),
  status: z.enum(SOCCER_TICKET_STATUSES),
  /** Right picks once settled. */
  correct: z.number().int().nullable(),
  prize: Money,
  createdAt: z.number(),
});
export const SoccerLotteryConfigData = z.object({
  ...ActivityHead,
  multiple: z.number(),
  /** What each number of right picks pays. */
  tiers: z.array(z.object({ correct: z.number().int(), prize: Money })),
  /** The round open for picks (null: none now), its matches and the member's ticket when made. */
  round: z
    .object({
      roundId: z.number().int(),
      closesAt: z.number(),
      matches: z.array(NewsMatch),
      ticket: SoccerTicket.nullable(),
    })
    .nullable(),
  /** The member's latest tickets, settled or not. */
  tickets: z.array(SoccerTicket),
});
export const SoccerLotteryDrawBody = z.object({
  roundId: z.number().int().positive(),
  picks: z
    .array(z.object({ matchId: z.number().int().positive(), pick: z.enum(GUESS_PICKS) }))
    .min(1)
    .max(20),
});
export const SoccerLotteryDrawData = SoccerTicket;
/**
 * 答题: each Shanghai day a member gets the day's questions drawn from the operator's bank; the
 * right option of a question is shown only once it is answered (once); the prize by the number of
 * right answers is a record received like the others.
 */
export const QuizQuestion = z.object({
  /** Its place in today's set, 1 onward. */
  slot: z.number().int(),
  question: z.string(),
  options: z.array(z.string()),
  /** The member's option (0-based), null until answered. */
  chosen: z.number().int().nullable(),
  /** The right option and the explanation, only once answered. */
  answer: z.number().int().nullable(),
  explanation: z.string().nullable(),
});
export const QuizConfigData = z.object({
  ...ActivityHead,
  /** The Shanghai day (YYYY-MM-DD) the questions are of. */
  day: z.string(),
  questions: z.array(QuizQuestion),
  right: z.number().int(),
  /** What so many right answers pay (the best tier reached). */
  tiers: z.array(z.object({ right: z.number().int(), prize: Prize })),
  /** Today's prize once every question is answered (its record then in the records), else null. */
  result: z.object({ recordId: z.number().int(), prize: Prize }).nullable(),
  multiple: z.number(),
});
export const QuizAnswerBody = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  slot: z.number().int().min(1).max(20),
  option: z.number().int().min(0).max(3),
});
export const QuizAnswerData = z.object({
  slot: z.number().int(),
  chosen: z.number().int(),
  answer: z.number().int(),
  correct: z.boolean(),
  explanation: z.string().nullable(),
  /** Set by the last answer of the day: the prize won. */
  result: z.object({ recordId: z.number().int(), prize: Prize }).nullable(),
});

/** 赞助: the site's sponsorship partners, the operator's content. */
export const SPONSOR_KINDS = ['club', 'league', 'brand'] as const;
export const SponsorListData = z.object({
  list: z.array(
    z.object({
      sponsorId: z.number().int(),
      name: z.string(),
      kind: z.enum(SPONSOR_KINDS),
      /** A CSS badge: its letters and colour (no image). */
      badge: z.object({ text: z.string(), color: z.string() }),
      fromYear: z.number().int(),
      /** null: ongoing. */
      toYear: z.number().int().nullable(),
      summary: z.string(),
    }),
  ),
});

/**
 * 专家推荐: tipsters' picks of a selection of our own book; each expert's record counts the picks
 * the book has settled (a void pick counts neither way).
 */
export const EXPERT_PICK_STATUSES = ['open', 'won', 'half_won', 'lost', 'half_lost', 'void'] as const;
export const ExpertRecord = z.object({
  picks: z.number().int(),
  /** Settled and not void. */
  decided: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  /** Percent of decided picks won (a half win counts half), one decimal; null before any is decided. */
  hitRate: z.number().nullable(),
  /** The last decided picks, latest first: W (won), L (lost). */
  recent: z.array(z.enum(['W', 'L'])),
});
export const Expert = z.object({
  expertId: z.number().int(),
  name: z.string(),
  title: z.string(),
  bio: z.string(),
  badge: z.object({ text: z.string(), color: z.string() }),
  record: ExpertRecord,
});
export const ExpertPick = z.object({
  pickId: z.number().int(),
  match: NewsMatch,
  /** The selection of our book, to bet on from the match's page. */
  selectionId: z.number().int(),
  marketName: z.string(),
  selectionName: z.string(),
  /** The price when the expert picked it. */
  odds: z.number(),
  analysis: z.string(),
  status: z.enum(EXPERT_PICK_STATUSES),
  createdAt: z.number(),
});
export const ExpertListData = z.object({ list: z.array(Expert.extend({ /** Coming picks, first to kick off first. */ open: z.array(ExpertPick) })) });
export const ExpertInfoBody = z.object({ expertId: z.number().int().positive().max(2_147_483_647) });
export const ExpertInfoData = z.object({ expert: Expert, open: z.array(ExpertPick), settled: z.array(ExpertPick) });

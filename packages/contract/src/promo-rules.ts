import { z } from 'zod';
import { MemberTags } from './enums.ts';
import { ACTIVITY_KINDS, NOVICE_TASKS, PRIZE_KINDS, type ActivityKind } from './promo.ts';
import { MAX_AMOUNT, hasAtMostTwoDecimals } from './rules/amount.ts';

/**
 * The operator's rules of each activity kind (issue 15, 17): one zod schema per kind for the config
 * an activity stores, the same the promo module reads it with and the console checks its form with.
 * Amounts are stored in minor units as strings of digits (keys ending in `Minor`), turnover
 * multiples times 100 (`multipleX100`). A new kind is one entry of ACTIVITY_RULES.
 */

const DIGITS = /^\d{1,17}$/;
/** An amount in minor units: 0 or more, whole (the console sends major units × 100). */
const Minor = (label: string) => z.string({ error: `请填写${label}` }).regex(DIGITS, `${label}须为不小于0的金额，最多两位小数`);
/** An amount the rules divide by, or that must pay something: more than 0. */
const PositiveMinor = (label: string) => Minor(label).refine((v) => !DIGITS.test(v) || BigInt(v) > 0n, `${label}须大于0`);
const Count = (label: string, min: number, max: number) =>
  z
    .number({ error: `请填写${label}` })
    .int(`${label}须为整数`)
    .min(min, `${label}不能小于${min}`)
    .max(max, `${label}不能大于${max}`);
const MultipleX100 = z.number({ error: '请填写流水倍数' }).int('流水倍数最多两位小数').min(0, '流水倍数不能为负').max(10_000, '流水倍数最高100倍');
const unique = <T>(values: T[]) => new Set(values).size === values.length;

/** Who may take part: every activity has it (a member tagged activity_blacklist never may). */
export const MEMBER_TAG_VALUES = Object.values(MemberTags) as [string, ...string[]];
export const ActivityEligibility = z.object({
  minVipLevel: Count('最低VIP等级', 0, 50),
  excludedTags: z.array(z.enum(MEMBER_TAG_VALUES)).max(10),
});
const eligibility = { eligibility: ActivityEligibility.default({ minVipLevel: 0, excludedTags: [] }) };

export const SignConfig = z
  .object({
    /** What days 1..n of the streak pay; the cycle starts again after day n. */
    dayMinor: z.array(Minor('签到金额')).min(1, '至少设置1天的签到金额').max(31, '签到周期最多31天'),
    /** Days of the cycle that are milestones (1-based). */
    milestones: z.array(Count('里程碑天数', 1, 31)).max(31),
    multipleX100: MultipleX100,
    ...eligibility,
  })
  .refine((c) => c.milestones.every((d) => d <= c.dayMinor.length), { message: '里程碑天数不能超过签到周期', path: ['milestones'] })
  .refine((c) => unique(c.milestones), { message: '里程碑天数不能重复', path: ['milestones'] });

export const WheelConfig = z.object({
  freePerDay: Count('每日免费次数', 0, 10_000),
  depositPerDrawMinor: PositiveMinor('每次抽奖所需存款'),
  turnoverPerDrawMinor: PositiveMinor('每次抽奖所需有效投注'),
  maxPerDay: Count('每日最多次数', 1, 10_000),
  multipleX100: MultipleX100,
  ...eligibility,
});

export const LotteryConfig = z.object({
  depositPerTicketMinor: PositiveMinor('每张抽奖券所需存款'),
  turnoverPerTicketMinor: PositiveMinor('每张抽奖券所需有效投注'),
  maxTickets: Count('最多抽奖券', 1, 10_000),
  multipleX100: MultipleX100,
  ...eligibility,
});

/** What a deposit bonus may be claimed once per, beside the member. */
export const CLAIM_ONCE_PER = ['phone', 'device'] as const;
const Tier = z.object({
  nth: Count('第几笔存款', 1, 100),
  percent: z.number({ error: '请填写赠送比例' }).gt(0, '赠送比例须大于0').max(1000, '赠送比例最高1000%').refine(hasAtMostTwoDecimals, '赠送比例最多两位小数'),
  capMinor: PositiveMinor('赠送上限'),
});
/** The nth deposit's match up to its cap; first deposit has tier 1 only, continue deposit the 2nd on. */
const depositConfig = (nth: (n: number) => boolean, message: string) =>
  z
    .object({
      tiers: z.array(Tier).min(1, '至少设置一档赠送').max(20, '最多20档'),
      minDepositMinor: Minor('最低存款'),
      multipleX100: MultipleX100,
      /** Once per phone and/or device as well as per member (the first member to claim with it). */
      oncePer: z.array(z.enum(CLAIM_ONCE_PER)).max(2).optional(),
      ...eligibility,
    })
    .refine((c) => c.tiers.every((t) => nth(t.nth)), { message, path: ['tiers'] })
    .refine((c) => unique(c.tiers.map((t) => t.nth)), { message: '每笔存款只能设置一档', path: ['tiers'] });
export const FirstDepositConfig = depositConfig((n) => n === 1, '首存优惠只能设置第1笔存款');
export const ContinueDepositConfig = depositConfig((n) => n >= 2, '续存优惠须从第2笔存款起设置');

export const InviteRulesConfig = z.object({
  minDepositMinor: Minor('好友累计存款'),
  minTurnoverMinor: Minor('好友有效投注'),
  rewardMinor: PositiveMinor('邀请奖励'),
  multipleX100: MultipleX100,
  ...eligibility,
});

export const NoviceRulesConfig = z
  .object({
    tasks: z
      .array(z.object({ task: z.enum(NOVICE_TASKS, { error: '请选择任务' }), rewardMinor: Minor('任务奖励') }))
      .min(1, '至少设置一项任务')
      .max(NOVICE_TASKS.length),
    multipleX100: MultipleX100,
    ...eligibility,
  })
  .refine((c) => unique(c.tasks.map((t) => t.task)), { message: '任务不能重复', path: ['tasks'] });

export const GuessRulesConfig = z.object({
  prizeMinor: PositiveMinor('猜中奖金'),
  multipleX100: MultipleX100,
  /** How many coming matches are offered. */
  matches: Count('竞猜场次', 1, 50),
  ...eligibility,
});

/** 闯关: the day's valid turnover each stage asks, in ascending order, and what it pays. */
export const BarrierRulesConfig = z
  .object({
    stages: z
      .array(z.object({ turnoverMinor: PositiveMinor('关卡有效投注'), prizeMinor: PositiveMinor('关卡奖励') }))
      .min(1, '至少设置一关')
      .max(20, '最多20关'),
    multipleX100: MultipleX100,
    ...eligibility,
  })
  .refine((c) => c.stages.every((s, i) => i === 0 || !DIGITS.test(s.turnoverMinor) || BigInt(s.turnoverMinor) > BigInt(c.stages[i - 1].turnoverMinor)), {
    message: '各关的有效投注须逐关递增',
    path: ['stages'],
  });
/** 足彩: how many matches a round the site opens has, and what so many right picks pay. */
export const SoccerLotteryRulesConfig = z
  .object({
    matches: Count('每期场次', 1, 20),
    tiers: z
      .array(z.object({ correct: Count('猜中场数', 1, 20), prizeMinor: PositiveMinor('奖金') }))
      .min(1, '至少设置一档奖金')
      .max(20, '最多20档'),
    multipleX100: MultipleX100,
    ...eligibility,
  })
  .refine((c) => c.tiers.every((t) => t.correct <= c.matches), { message: '猜中场数不能超过每期场次', path: ['tiers'] })
  .refine((c) => unique(c.tiers.map((t) => t.correct)), { message: '猜中场数不能重复', path: ['tiers'] });
/** The most options a quiz question has: the member's page letters them A to D and answers 0 to 3. */
export const QUIZ_MAX_OPTIONS = 4;
/** A quiz question as the operator writes it: its text, 2 to 4 options, the right one (0-based) and an explanation shown once answered. */
const quizQuestionShape = {
  question: z.string({ error: '请填写题目' }).trim().min(1, '请填写题目').max(200, '题目最多200字'),
  options: z
    .array(z.string({ error: '请填写选项' }).trim().min(1, '请填写选项').max(60, '选项最多60字'), { error: '请填写选项' })
    .min(2, '每题至少2个选项')
    .max(QUIZ_MAX_OPTIONS, `每题最多${QUIZ_MAX_OPTIONS}个选项`),
  answer: Count('正确选项', 0, QUIZ_MAX_OPTIONS - 1),
  explanation: z.string({ error: '请填写解析' }).trim().max(300, '解析最多300字').optional(),
};
const answerIsAnOption = (q: { answer: number; options: string[] }) => q.answer < q.options.length;
const answerOutOfRange = { message: '正确选项须为该题的一个选项', path: ['answer'] };
export const QuizQuestionInput = z.object(quizQuestionShape).refine(answerIsAnOption, answerOutOfRange);
export type QuizQuestionInput = z.output<typeof QuizQuestionInput>;
/** The most questions a bank holds. */
export const QUIZ_BANK_MAX = 1000;
/** 答题: the question bank (each question numbered), how many a member answers a day, and what so many right answers pay. */
export const QuizRulesConfig = z
  .object({
    questions: z
      .array(z.object({ no: Count('题号', 1, 1_000_000), ...quizQuestionShape }).refine(answerIsAnOption, answerOutOfRange))
      .min(1, '题库至少1道题')
      .max(QUIZ_BANK_MAX, `题库最多${QUIZ_BANK_MAX}道题`),
    /** The number the next question added gets: a number is never given twice (members' drawn days and the audit log name questions by it). */
    nextNo: Count('下一题号', 1, 1_000_001).optional(),
    perDay: Count('每日题数', 1, 20),
    tiers: z
      .array(z.object({ right: Count('答对题数', 1, 20), amountMinor: PositiveMinor('奖金') }))
      .min(1, '至少设置一档奖金')
      .max(20, '最多20档'),
    multipleX100: MultipleX100,
    ...eligibility,
  })
  .refine((c) => unique(c.questions.map((q) => q.no)), { message: '题号不能重复', path: ['questions'] })
  .refine((c) => c.nextNo === undefined || c.questions.every((q) => q.no < c.nextNo!), { message: '下一题号须大于题库中的题号', path: ['nextNo'] })
  .refine((c) => c.perDay <= c.questions.length, { message: '每日题数不能超过题库题数', path: ['perDay'] })
  .refine((c) => c.tiers.every((t) => t.right <= c.perDay), { message: '答对题数不能超过每日题数', path: ['tiers'] })
  .refine((c) => unique(c.tiers.map((t) => t.right)), { message: '答对题数不能重复', path: ['tiers'] });
/** A prize of a drawn activity (wheel, lottery): picked by weight, at most `stock` times in all (null: no limit). */
export const PrizeRule = z
  .object({
    prizeNo: Count('奖品编号', 1, 50),
    kind: z.enum(PRIZE_KINDS, { error: '请选择奖品类型' }),
    amountMinor: Minor('奖品金额'),
    name: z.string({ error: '请填写奖品名称' }).trim().min(1, '请填写奖品名称').max(20, '奖品名称最多20字'),
    weight: Count('权重', 0, 1_000_000),
    stock: Count('库存', 0, 10_000_000).nullable(),
  })
  .refine((p) => p.kind === 'none' || !DIGITS.test(p.amountMinor) || BigInt(p.amountMinor) > 0n, {
    message: '奖品金额须大于0（谢谢参与除外）',
    path: ['amountMinor'],
  });
export const PrizeRules = z
  .array(PrizeRule, { error: '至少设置一个奖品' })
  .min(1, '至少设置一个奖品')
  .max(20, '最多20个奖品')
  .refine((ps) => ps.reduce((sum, p) => sum + p.weight, 0) > 0, '奖品权重之和须大于0')
  .refine((ps) => unique(ps.map((p) => p.prizeNo)), '奖品编号不能重复');

/** Each kind's config schema, and whether it draws from prizes. Adding a kind: one entry here (and its form in the console). */
export const ACTIVITY_RULES = {
  sign: { config: SignConfig },
  wheel: { config: WheelConfig, prizes: true },
  lottery: { config: LotteryConfig, prizes: true },
  first_deposit: { config: FirstDepositConfig },
  continue_deposit: { config: ContinueDepositConfig },
  invite: { config: InviteRulesConfig },
  novice: { config: NoviceRulesConfig },
  guess: { config: GuessRulesConfig },
  barrier: { config: BarrierRulesConfig },
  soccer_lottery: { config: SoccerLotteryRulesConfig },
  quiz: { config: QuizRulesConfig },
} as const satisfies Record<ActivityKind, { config: z.ZodType<{ eligibility: z.output<typeof ActivityEligibility> }>; prizes?: true }>;
export type ActivityConfigOf<K extends ActivityKind> = z.output<(typeof ACTIVITY_RULES)[K]['config']>;

/** What every activity's rules carry: name, window, budget (null: no cap; in the site's currency). */
const RulesHead = {
  title: z.string({ error: '请填写活动名称' }).trim().min(1, '请填写活动名称').max(30, '活动名称最多30字'),
  startAt: z.number({ error: '请选择开始时间' }).int().nonnegative(),
  endAt: z.number({ error: '请选择结束时间' }).int().nonnegative(),
  budget: z.number().min(0, '活动预算不能为负数').max(MAX_AMOUNT, '活动预算过大').refine(hasAtMostTwoDecimals, '活动预算最多两位小数').nullable(),
};
const drawsPrizes = (kind: ActivityKind) => 'prizes' in ACTIVITY_RULES[kind];
const NoPrizes = z.array(PrizeRule).max(0, '该类活动没有奖品').optional();
const rulesOf = <K extends ActivityKind>(kind: K) =>
  z
    .object({
      kind: z.literal(kind),
      ...RulesHead,
      config: ACTIVITY_RULES[kind].config,
      /** A drawn kind's prizes (wheel, lottery); none for the others. */
      prizes: (drawsPrizes(kind) ? PrizeRules : NoPrizes) as unknown as z.ZodOptional<typeof PrizeRules>,
    })
    .refine((r) => r.endAt > r.startAt, { message: '结束时间须晚于开始时间', path: ['endAt'] });

/** An activity's whole rules as the operator saves them, by kind. */
export const ActivityRules = z.discriminatedUnion(
  'kind',
  ACTIVITY_KINDS.map(rulesOf) as unknown as [ReturnType<typeof rulesOf<'sign'>>, ...Array<ReturnType<typeof rulesOf<ActivityKind>>>],
);
export type ActivityRules = z.output<typeof ActivityRules>;

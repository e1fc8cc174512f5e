import { z } from 'zod';
import { ACTIVITY_KINDS } from './promo.ts';
import { VIP_CATEGORIES, VipRule } from './vip.ts';
import { MAX_AMOUNT, hasAtMostTwoDecimals } from './rules/amount.ts';
import { ActivityRules } from './promo-rules.ts';

/** The back office's promotion and VIP screens (issue 17): activities switched on and off, a site's grade table. */

const SiteId = z.number().int().positive().max(2_147_483_647);

export const AdminActivity = z.object({
  activityId: z.number().int(),
  kind: z.enum(ACTIVITY_KINDS),
  title: z.string(),
  startAt: z.number(),
  endAt: z.number(),
  /** As members see it; a switched-off activity is 'ended'. */
  status: z.enum(['upcoming', 'open', 'ended']),
  enabled: z.boolean(),
  /** What its prizes may pay in all (null: no cap), and what they have paid. */
  budget: z.number().nullable(),
  spent: z.number(),
});
export const AdminActivityListBody = z.object({ siteId: SiteId });
export const AdminActivityListData = z.object({ list: z.array(AdminActivity) });
const ActivityId = z.number().int().positive().max(2_147_483_647);
export const AdminActivitySwitchBody = z.object({ siteId: SiteId, activityId: ActivityId, enabled: z.boolean() });

/** An activity's rules as the operator edits them (promo-rules.ts), with what it has paid and each prize has been won. */
export const AdminActivityRulesBody = z.object({ siteId: SiteId, activityId: ActivityId });
export const AdminActivityRulesData = z.object({
  activityId: z.number().int(),
  spent: z.number(),
  won: z.array(z.object({ prizeNo: z.number().int(), won: z.number().int() })),
  rules: ActivityRules,
});
export const AdminActivityRulesSaveBody = z.object({ siteId: SiteId, activityId: ActivityId, rules: ActivityRules });

/** A 足彩 round the operator opens: coming football matches of the book, in the order shown. */
export const AdminSoccerRoundBody = z.object({ siteId: SiteId, matchIds: z.array(z.number().int().positive()).min(1).max(20) });
export const AdminSoccerRoundData = z.object({ roundId: z.number().int(), closesAt: z.number() });

/** A sum of money a grade sets: 0 or more, at most 2 decimals. */
const Sum = (label: string) =>
  z
    .number({ error: `请填写${label}` })
    .min(0, `${label}不能为负数`)
    .max(MAX_AMOUNT, `${label}过大`)
    .refine(hasAtMostTwoDecimals, `${label}最多保留两位小数`);
/** The most a level's rebate may be, in percent of valid turnover (the rebate is paid on turnover, not on losses). */
export const REBATE_MAX_PERCENT = 3;
const Percent = (label: string, max: number) =>
  z
    .number({ error: `请填写${label}` })
    .min(0, `${label}不能为负数`)
    .max(max, `${label}不能超过${max}%`)
    .refine(hasAtMostTwoDecimals, `${label}最多保留两位小数`);

/** A grade as the operator writes it (amounts in the site's currency, rebates in percent). */
export const VipGradeInput = z.object({
  vipLevel: z.number().int().min(0, '等级不能为负').max(50, '等级最高50'),
  grade: z.string().trim().min(1, '请填写等级名称').max(16, '等级名称最多16字'),
  deposit: Sum('累计存款门槛'),
  turnover: Sum('有效投注门槛'),
  upgradeBonus: Sum('晋级礼金'),
  weeklyBonus: Sum('周礼金'),
  monthlyBonus: Sum('月礼金'),
  keepTurnover: Sum('保级流水'),
  birthdayBonus: Sum('生日礼金'),
  withdrawMax: Sum('单笔提款上限').refine((v) => v > 0, '单笔提款上限须大于0'),
  bonusMultiple: z.number().min(0, '礼金流水倍数不能为负').max(100, '礼金流水倍数最高100').refine(hasAtMostTwoDecimals, '礼金流水倍数最多两位小数'),
  rebate: z.object(
    Object.fromEntries(VIP_CATEGORIES.map((c) => [c, Percent('返水比例', REBATE_MAX_PERCENT)])) as Record<
      (typeof VIP_CATEGORIES)[number],
      ReturnType<typeof Percent>
    >,
  ),
});
export type VipGradeInput = z.infer<typeof VipGradeInput>;
export const AdminVipGrade = VipRule.extend({ birthdayBonus: z.number() });
export const AdminVipGradeListData = z.object({ list: z.array(AdminVipGrade) });
export const AdminVipGradeSaveBody = z.object({ siteId: SiteId, grade: VipGradeInput });

/** The promotion and VIP screens' calls (spread into the route table). */
export const ADMIN_PROMO_ROUTES = {
  '/api/admin/promo/activity/list': { body: AdminActivityListBody, data: AdminActivityListData },
  '/api/admin/promo/activity/switch': { body: AdminActivitySwitchBody, data: AdminActivity },
  '/api/admin/promo/soccer/round': { body: AdminSoccerRoundBody, data: AdminSoccerRoundData },
  '/api/admin/promo/activity/rules': { body: AdminActivityRulesBody, data: AdminActivityRulesData },
  '/api/admin/promo/activity/rules/save': { body: AdminActivityRulesSaveBody, data: AdminActivityRulesData },
  '/api/admin/vip/grade/list': { body: AdminActivityListBody, data: AdminVipGradeListData },
  '/api/admin/vip/grade/save': { body: AdminVipGradeSaveBody, data: AdminVipGrade },
} as const;

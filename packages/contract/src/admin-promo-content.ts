import { z } from 'zod';
import { SPORTS } from './sports.ts';
import { QuizQuestionInput } from './promo-rules.ts';
import { ExpertPick, ExpertRecord, SPONSOR_KINDS } from './promo.ts';

/**
 * The back office's content of three promotions (issues 15, 17): the quiz's question bank, the
 * experts and their picks, the sponsors. What the operator saves is what members read next.
 */

const Id = z.number().int().positive().max(2_147_483_647);
const SiteId = Id;
const Done = z.null();
/** The site whose bank, experts or sponsors are read. */
export const AdminPromoSiteBody = z.object({ siteId: SiteId });
/** A badge's colour as the member pages paint it. */
const Colour = z.string({ error: '请选择颜色' }).regex(/^#[0-9a-fA-F]{6}$/, '颜色须为 #RRGGBB 格式');
const Text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}最多${max}字`);

// 答题题库 ----------------------------------------------------------------------------------------

/** A question of the bank: its number (what members' drawn days refer to) and the question as written. */
export const AdminQuizQuestion = z.object({
  no: z.number().int(),
  question: z.string(),
  options: z.array(z.string()),
  answer: z.number().int(),
  explanation: z.string(),
});
export const AdminQuizBankData = z.object({
  activityId: z.number().int(),
  title: z.string(),
  /** How many questions a member is drawn a day: the bank keeps at least so many. */
  perDay: z.number().int(),
  list: z.array(AdminQuizQuestion),
});
/** Adds a question (no `no`) or changes the question numbered `no`. */
export const AdminQuizQuestionSaveBody = z.object({ siteId: SiteId, no: Id.optional(), question: QuizQuestionInput });
export const AdminQuizQuestionRemoveBody = z.object({ siteId: SiteId, no: Id });

// 专家推荐 ----------------------------------------------------------------------------------------

/** An expert as the operator writes them; the page shows the name's first character on a badge of `badgeColor`. */
export const ExpertInput = z.object({
  name: Text('专家名称', 16),
  title: Text('头衔', 20),
  bio: Text('简介', 300),
  badgeColor: Colour,
  enabled: z.boolean({ error: '请选择是否启用' }),
});
export type ExpertInput = z.output<typeof ExpertInput>;
export const AdminExpert = z.object({
  expertId: z.number().int(),
  name: z.string(),
  title: z.string(),
  bio: z.string(),
  badgeColor: z.string(),
  /** As the page shows it: the name's first character on the colour. */
  badge: z.object({ text: z.string(), color: z.string() }),
  enabled: z.boolean(),
  /** A demo expert who picks by a fixed rule by themself (the operator may still add picks). */
  auto: z.boolean(),
  record: ExpertRecord,
  /** Their picks not yet settled. */
  open: z.number().int(),
});
export const AdminExpertListData = z.object({ list: z.array(AdminExpert) });
export const AdminExpertSaveBody = z.object({ siteId: SiteId, expertId: Id.optional(), expert: ExpertInput });
export const AdminExpertSwitchBody = z.object({ siteId: SiteId, expertId: Id, enabled: z.boolean() });
export const AdminExpertBody = z.object({ siteId: SiteId, expertId: Id });
export const AdminExpertPicksData = z.object({ open: z.array(ExpertPick), settled: z.array(ExpertPick) });
/** The book's coming matches with their main lines' selections open for bets now: what a pick may be of. */
export const AdminPickableBody = z.object({ siteId: SiteId, sport: z.enum(SPORTS).optional() });
export const AdminPickableData = z.object({
  list: z.array(
    z.object({
      matchId: z.number().int(),
      sport: z.enum(SPORTS),
      leagueName: z.string(),
      homeName: z.string(),
      visitName: z.string(),
      startAt: z.number(),
      markets: z.array(
        z.object({
          marketId: z.number().int(),
          name: z.string(),
          selections: z.array(z.object({ selectionId: z.number().int(), name: z.string(), odds: z.number() })),
        }),
      ),
    }),
  ),
});
export const AdminExpertPickAddBody = z.object({
  siteId: SiteId,
  expertId: Id,
  selectionId: z.number({ error: '请选择推荐的选项' }).int().positive().max(Number.MAX_SAFE_INTEGER),
  analysis: Text('推荐分析', 300),
});

// 赞助 --------------------------------------------------------------------------------------------

const Year = (label: string) =>
  z
    .number({ error: `请填写${label}` })
    .int(`${label}须为整数`)
    .min(1900, `${label}不能早于1900`)
    .max(2100, `${label}不能晚于2100`);
/** A sponsor as the operator writes them: the badge's letters and colour are drawn by the page (no image). */
export const SponsorInput = z
  .object({
    name: Text('赞助伙伴名称', 30),
    kind: z.enum(SPONSOR_KINDS, { error: '请选择类型' }),
    badgeText: Text('徽标文字', 4),
    badgeColor: Colour,
    fromYear: Year('开始年份'),
    /** null: ongoing. */
    toYear: Year('结束年份').nullable(),
    summary: Text('简介', 300),
    enabled: z.boolean({ error: '请选择是否展示' }),
  })
  .refine((s) => s.toYear === null || s.toYear >= s.fromYear, { message: '结束年份不能早于开始年份', path: ['toYear'] });
export type SponsorInput = z.output<typeof SponsorInput>;
export const AdminSponsor = z.object({
  sponsorId: z.number().int(),
  name: z.string(),
  kind: z.enum(SPONSOR_KINDS),
  badgeText: z.string(),
  badgeColor: z.string(),
  fromYear: z.number().int(),
  toYear: z.number().int().nullable(),
  summary: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export const AdminSponsorListData = z.object({ list: z.array(AdminSponsor) });
export const AdminSponsorSaveBody = z.object({ siteId: SiteId, sponsorId: Id.optional(), sponsor: SponsorInput });
export const AdminSponsorSwitchBody = z.object({ siteId: SiteId, sponsorId: Id, enabled: z.boolean() });
/** The site's sponsors in their new order: every one of them, once. */
export const AdminSponsorSortBody = z.object({ siteId: SiteId, sponsorIds: z.array(Id).min(1).max(500) });

/** The quiz bank, experts and sponsors screens' calls (spread into the route table). */
export const ADMIN_PROMO_CONTENT_ROUTES = {
  '/api/admin/promo/quiz/question/list': { body: AdminPromoSiteBody, data: AdminQuizBankData },
  '/api/admin/promo/quiz/question/save': { body: AdminQuizQuestionSaveBody, data: AdminQuizQuestion },
  '/api/admin/promo/quiz/question/remove': { body: AdminQuizQuestionRemoveBody, data: Done },
  '/api/admin/promo/expert/list': { body: AdminPromoSiteBody, data: AdminExpertListData },
  '/api/admin/promo/expert/save': { body: AdminExpertSaveBody, data: AdminExpert },
  '/api/admin/promo/expert/switch': { body: AdminExpertSwitchBody, data: AdminExpert },
  '/api/admin/promo/expert/picks': { body: AdminExpertBody, data: AdminExpertPicksData },
  '/api/admin/promo/expert/pickable': { body: AdminPickableBody, data: AdminPickableData },
  '/api/admin/promo/expert/pick/add': { body: AdminExpertPickAddBody, data: ExpertPick },
  '/api/admin/promo/sponsor/list': { body: AdminPromoSiteBody, data: AdminSponsorListData },
  '/api/admin/promo/sponsor/save': { body: AdminSponsorSaveBody, data: AdminSponsor },
  '/api/admin/promo/sponsor/switch': { body: AdminSponsorSwitchBody, data: AdminSponsor },
  '/api/admin/promo/sponsor/sort': { body: AdminSponsorSortBody, data: AdminSponsorListData },
} as const;

import { z } from 'zod';
import { amountSchema } from './rules/schemas.ts';

/**
 * The back office's money tools (issue 17): manual balance adjustments under the two-person rule,
 * and the reports by day, site, venue and agent.
 */

const Id = z.number().int().positive().max(2_147_483_647);
const EpochMs = z.number().int().nonnegative();

// Manual adjustments ------------------------------------------------------------------------------
export const ADJUST_DIRECTIONS = ['credit', 'debit'] as const;
export const ADJUST_DIRECTION_LABELS: Record<(typeof ADJUST_DIRECTIONS)[number], string> = { credit: '加款', debit: '扣款' };
export const ADJUST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ADJUST_STATUS_LABELS: Record<(typeof ADJUST_STATUSES)[number], string> = { pending: '待复核', approved: '已入账', rejected: '已驳回' };

const AdjustReason = z.string({ error: '请填写原因' }).trim().min(2, '请填写原因（至少2个字）').max(200, '原因最多200字');

/** An operator asks to credit or debit a member's main wallet; above the site's threshold a second operator must approve. */
export const AdjustRequestBody = z.object({
  memberId: z.number({ error: '请输入会员ID' }).int().positive('请输入会员ID').max(2_147_483_647, '会员ID不存在'),
  direction: z.enum(ADJUST_DIRECTIONS, { error: '请选择加款或扣款' }),
  amount: amountSchema({ max: 10_000_000 }),
  reason: AdjustReason,
});
export const AdjustIdBody = z.object({ adjustmentId: Id });
export const AdjustRejectBody = z.object({ adjustmentId: Id, reason: AdjustReason });
export const AdjustListBody = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  size: z.number().int().min(1).max(200).default(20),
  status: z.enum(ADJUST_STATUSES).optional(),
  siteId: Id.optional(),
  memberId: Id.optional(),
});

export const Adjustment = z.object({
  adjustmentId: z.number().int(),
  siteId: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  currency: z.string(),
  direction: z.enum(ADJUST_DIRECTIONS),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(ADJUST_STATUSES),
  /** Whether a second operator had to approve it (above the site's threshold). */
  needsApproval: z.boolean(),
  requestedBy: z.number().int(),
  requestedByName: z.string(),
  decidedBy: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** The member's main wallet after the money moved (null until it has). */
  balanceAfter: z.number().nullable(),
  createdAt: EpochMs,
  decidedAt: EpochMs.nullable(),
});
export const AdjustListData = z.object({
  list: z.array(Adjustment),
  total: z.number().int(),
  /** Each site's threshold above which a second operator approves, in its currency. */
  thresholds: z.array(z.object({ siteId: z.number().int(), currency: z.string(), threshold: z.number() })),
});

// Reports --------------------------------------------------------------------------------------------
export const REPORT_GROUPS = ['day', 'site', 'venue', 'agent'] as const;
export const REPORT_GROUP_LABELS: Record<(typeof REPORT_GROUPS)[number], string> = { day: '按日', site: '按站点', venue: '按场馆', agent: '按代理' };
const ShanghaiDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

/** Shanghai days `from` to `to`, both included; one site or (no siteId) every site the operator may see. */
export const ReportBody = z.object({ groupBy: z.enum(REPORT_GROUPS), from: ShanghaiDate, to: ShanghaiDate, siteId: Id.optional() });

/**
 * One row of a report, in its currency (rows of sites in different currencies are never summed
 * together). GGR: stakes less refunds and winnings; NGR: GGR less bonuses and rebates.
 */
export const ReportRow = z.object({
  key: z.string(),
  label: z.string(),
  currency: z.string(),
  bets: z.number().int(),
  turnover: z.number(),
  payouts: z.number(),
  ggr: z.number(),
  bonuses: z.number(),
  rebates: z.number(),
  ngr: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
});
export const ReportData = z.object({ groupBy: z.enum(REPORT_GROUPS), from: z.string(), to: z.string(), rows: z.array(ReportRow) });

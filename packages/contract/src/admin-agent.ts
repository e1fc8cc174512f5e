import { z } from 'zod';
import { AGENT_APPLICATION_STATUSES } from './member.ts';

/** The back office's agent screens (issue 17): the applications to decide, an agent's members, their commission. */

const Id = z.number().int().positive().max(2_147_483_647);
const Page = { page: z.number().int().min(1).max(100_000).default(1), size: z.number().int().min(1).max(200).default(20) };
export type AgentApplicationStatus = (typeof AGENT_APPLICATION_STATUSES)[number];

export const AgentApplicationListBody = z.object({ ...Page, siteId: Id.optional(), status: z.enum(AGENT_APPLICATION_STATUSES).optional() });
export const AgentApplicationRow = z.object({
  applicationId: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  siteId: z.number().int(),
  contact: z.string(),
  note: z.string().nullable(),
  status: z.enum(AGENT_APPLICATION_STATUSES),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export const AgentApplicationListData = z.object({ list: z.array(AgentApplicationRow), total: z.number().int() });

export const AgentMembersBody = z.object({ ...Page, memberId: Id });
export const AgentMembersData = z.object({
  agent: z.object({ memberId: z.number().int(), name: z.string(), siteId: z.number().int(), isAgent: z.boolean(), inviteCode: z.string() }),
  list: z.array(z.object({ memberId: z.number().int(), name: z.string(), vipLevel: z.number().int(), status: z.string(), createdAt: z.number() })),
  total: z.number().int(),
});

// Commission ---------------------------------------------------------------------------------------
/** An agent's commission rate, in percent of their members' NGR (two decimals at most). */
export const AgentRate = z
  .number()
  .min(0, '佣金比例须在 0 到 100 之间')
  .max(100, '佣金比例须在 0 到 100 之间')
  .refine((v) => Math.round(v * 100) === Math.round(v * 1e6) / 1e4, '佣金比例最多两位小数');
export const AgentRateBody = z.object({ memberId: Id, rate: AgentRate });
export const AgentRateData = z.object({ memberId: z.number().int(), rate: z.number() });

/** A Shanghai month, YYYY-MM. */
export const ShanghaiMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');
/** A month the house lost to an agent's members is carried into the months after, looking back this far at most. */
export const AGENT_CARRY_MONTHS = 24;
export const AgentCommissionBody = z.object({ month: ShanghaiMonth, siteId: Id.optional() });

/**
 * An agent's month: their members' figures (the reports' by agent), and the commission: the
 * agent's rate of the NGR after the loss carried from earlier months, when positive (nothing on a
 * month the house lost, which is carried on), rounded down to the cent.
 */
export const AgentCommissionRow = z.object({
  agentId: z.number().int(),
  agentName: z.string(),
  siteId: z.number().int(),
  currency: z.string(),
  /** Members the agent brought, all told. */
  members: z.number().int(),
  /** Of those, the ones who signed up in the month. */
  newMembers: z.number().int(),
  bets: z.number().int(),
  turnover: z.number(),
  ggr: z.number(),
  bonuses: z.number(),
  rebates: z.number(),
  ngr: z.number(),
  /** The negative NGR of earlier months not yet paid off (0 or below), carried into this one. */
  carried: z.number(),
  /** NGR with the carry: what the rate applies to when positive. */
  commissionNgr: z.number(),
  /** Percent; null: not set yet (no commission). */
  rate: z.number().nullable(),
  commission: z.number(),
});
export const AgentCommissionData = z.object({ month: z.string(), rows: z.array(AgentCommissionRow) });

/** The agent screens' calls (spread into the route table). */
export const ADMIN_AGENT_ROUTES = {
  '/api/admin/agent/applications': { body: AgentApplicationListBody, data: AgentApplicationListData },
  '/api/admin/agent/members': { body: AgentMembersBody, data: AgentMembersData },
  '/api/admin/agent/rate': { body: AgentRateBody, data: AgentRateData },
  '/api/admin/agent/commission': { body: AgentCommissionBody, data: AgentCommissionData },
} as const;

import { z } from 'zod';
import { AGENT_APPLICATION_STATUSES } from './member.ts';

/** The back office's agent screens (issue 17): the applications to decide, an agent's members. */

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

/** The agent screens' calls (spread into the route table). */
export const ADMIN_AGENT_ROUTES = {
  '/api/admin/agent/applications': { body: AgentApplicationListBody, data: AgentApplicationListData },
  '/api/admin/agent/members': { body: AgentMembersBody, data: AgentMembersData },
} as const;

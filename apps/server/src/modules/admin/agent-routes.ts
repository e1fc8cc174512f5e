import type { FastifyInstance } from 'fastify';
import { agentApplications, agentMembers } from '../member/index.ts';
import { getMember } from '../auth/index.ts';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { operatorRoute } from './audited.ts';
import { operatorOf, requireSite } from './sessions.ts';

/** Agents: the applications to decide (the decision is desk-routes' /api/admin/agent/decide) and an agent's members. */
export function agentRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const manage = operatorRoute('agent.manage');

  defineRoute(app, { url: '/api/admin/agent/applications', summary: 'Agent applications, newest first, by site and status', ...manage }, (req) => {
    const { siteIds } = operatorOf(req);
    const { siteId, ...rest } = req.body;
    if (siteId) requireSite(operatorOf(req), siteId);
    return agentApplications(db, { ...rest, siteIds: siteId ? [siteId] : siteIds });
  });
  defineRoute(app, { url: '/api/admin/agent/members', summary: 'An agent and the members who signed up with their invite code', ...manage }, async (req) => {
    const agent = (await getMember(db, req.body.memberId)) ?? fail('MEMBER_NOT_FOUND');
    requireSite(operatorOf(req), agent.siteId);
    const { list, total } = await agentMembers(db, agent.memberId, req.body.page, req.body.size);
    return {
      agent: { memberId: agent.memberId, name: agent.name, siteId: agent.siteId, isAgent: agent.isAgent, inviteCode: agent.ownInviteCode },
      list,
      total,
    };
  });
}

import type { FastifyInstance } from 'fastify';
import { agentApplications, agentMembers, agentsWithRates, setAgentRate } from '../member/index.ts';
import { getMember } from '../auth/index.ts';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';
import { agentCommissions, basisPoints } from './agent-commission.ts';
import { operatorOf, requireSite } from './sessions.ts';

/** Agents: the applications to decide (the decision is desk-routes' /api/admin/agent/decide), an agent's members, their commission. */
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

  defineRoute(
    app,
    { url: '/api/admin/agent/rate', summary: 'Sets an agent’s commission rate, in percent of their members’ monthly NGR', ...manage },
    async (req) => {
      const { memberId, rate } = req.body;
      const agent = (await getMember(db, memberId)) ?? fail('MEMBER_NOT_FOUND');
      requireSite(operatorOf(req), agent.siteId);
      const current = (await agentsWithRates(db, [agent.siteId])).find((a) => a.agentId === memberId);
      const before = { rate: current?.rateBp == null ? null : current.rateBp / 100 };
      return audited(deps, req, { action: 'agent.rate', target: `member:${memberId}`, before, after: (r) => ({ rate: r.rate }) }, async (t) => {
        await setAgentRate(t.db, memberId, basisPoints(rate));
        return { memberId, rate };
      });
    },
  );
  defineRoute(
    app,
    { url: '/api/admin/agent/commission', summary: 'Each agent’s Shanghai month: members’ turnover, GGR, NGR and the commission at their rate', ...manage },
    async (req) => {
      const { siteId, month } = req.body;
      if (siteId) requireSite(operatorOf(req), siteId);
      return { month, rows: await agentCommissions(db, siteId ? [siteId] : operatorOf(req).siteIds, month) };
    },
  );
}

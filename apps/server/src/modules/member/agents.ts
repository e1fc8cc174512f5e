import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AGENT_APPLICATION_STATUSES, AgentContactData, type AgentStatus } from '@bp/contract';
import { oneOf, type Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { clock } from '../../platform/clock.ts';
import { defineRoute, fail } from '../../platform/http/index.ts';
import { getConfigValue, setConfig, listSites } from '../site/index.ts';
import { countInvited, getMember, makeAgent } from '../auth/index.ts';

/** The site's agent contacts (config key, a JSON list of { kind, value }). */
export const AGENT_CONTACTS_KEY = 'agent_contacts';

/** Whether the member is an agent, their latest application, their invite code and (for an agent) how many they brought. */
export async function agentStatus(db: Db, memberId: number): Promise<AgentStatus> {
  const member = (await getMember(db, memberId)) ?? fail('MEMBER_NOT_FOUND');
  const latest = await oneOf<{ status: (typeof AGENT_APPLICATION_STATUSES)[number]; created_at: unknown }>(
    db,
    sql`
    SELECT status, created_at FROM agent_applications WHERE member_id = ${memberId} ORDER BY created_at DESC, application_id DESC LIMIT 1`,
  );
  return {
    isAgent: member.isAgent,
    application: latest ? { status: latest.status, createdAt: new Date(latest.created_at as string).getTime() } : null,
    inviteCode: member.ownInviteCode,
    referrals: member.isAgent ? await countInvited(db, memberId) : null,
  };
}

/** A member's application; refused to an agent and while one is pending (the database keeps one open per member). */
export async function joinAgents(db: Db, memberId: number, body: { contact: string; note?: string }): Promise<AgentStatus> {
  const status = await agentStatus(db, memberId);
  if (status.isAgent) fail('AGENT_ALREADY');
  const created = await db.execute(sql`
    INSERT INTO agent_applications (member_id, contact, note, created_at) VALUES (${memberId}, ${body.contact}, ${body.note || null}, ${new Date(clock.now())})
    ON CONFLICT (member_id) WHERE status = 'pending' DO NOTHING RETURNING application_id`);
  if (created.rows.length === 0) fail('AGENT_PENDING');
  return agentStatus(db, memberId);
}

/** The operator's decision on a pending application: approved, the member is an agent. */
export async function decideAgent(db: Db, memberId: number, approve: boolean): Promise<{ memberId: number; isAgent: boolean }> {
  const decided = await db.execute(sql`
    UPDATE agent_applications SET status = ${approve ? 'approved' : 'rejected'}, decided_at = ${new Date(clock.now())}
    WHERE member_id = ${memberId} AND status = 'pending' RETURNING application_id`);
  if (decided.rows.length === 0) fail('AGENT_NO_APPLICATION');
  if (approve) await makeAgent(db, memberId);
  return { memberId, isAgent: approve };
}

async function agentContacts(db: Db, siteId: number) {
  const raw = await getConfigValue(db, siteId, AGENT_CONTACTS_KEY);
  const parsed = AgentContactData.shape.channels.safeParse(raw ? JSON.parse(raw) : []);
  return { channels: parsed.success ? parsed.data : [] };
}

/** The agent calls (seed: isAgent, contactUs, joinUs); the operator's decision is the back office's (decideAgent). */
export function agentRoutes(app: FastifyInstance, { db }: Deps): void {
  const member = { auth: 'member', rateLimit: 'read' } as const;
  defineRoute(
    app,
    {
      url: '/api/member/agent/isAgent',
      summary: 'Whether the member is an agent; their application, invite code and referrals',
      ...member,
    },
    async (req) => agentStatus(db, req.member.memberId),
  );
  defineRoute(
    app,
    {
      url: '/api/member/agent/contactUs',
      summary: 'How to reach the site’s agent team',
      auth: 'optional',
      rateLimit: 'read',
    },
    async (req) => agentContacts(db, req.site.siteId),
  );
  defineRoute(
    app,
    {
      url: '/api/member/agent/joinUs',
      summary: 'Applies to become an agent (one open application at a time)',
      ...member,
    },
    async (req) => joinAgents(db, req.member.memberId, req.body),
  );
}

/** Demo contacts of each site's agent team, set once. */
export async function seedAgentContacts({ db }: Deps): Promise<void> {
  for (const site of (await listSites(db)).byId.values()) {
    if ((await getConfigValue(db, site.siteId, AGENT_CONTACTS_KEY)) !== null) continue;
    await setConfig(db, site.siteId, AGENT_CONTACTS_KEY, JSON.stringify(DEMO_CONTACTS));
  }
}

const DEMO_CONTACTS = [
  { kind: 'Telegram', value: '@sandbox_agent_team' },
  { kind: 'QQ', value: '800 800 8888' },
  { kind: '邮箱', value: 'agent@example.com' },
];

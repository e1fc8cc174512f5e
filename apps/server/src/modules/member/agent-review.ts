import { sql } from 'drizzle-orm';
import type { AgentApplicationStatus } from '@bp/contract';
import { rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';

/** The operator's queue of agent applications, an agent's members and commission rates (the back office calls these). */

const ms = (v: unknown) => (v === null ? null : new Date(v as string).getTime());

/** Applications newest first, of the given sites (null: all), by status. */
export async function agentApplications(db: Db, q: { siteIds: number[] | null; status?: AgentApplicationStatus; page: number; size: number }) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    SELECT a.application_id, a.member_id, m.name, m.site_id, a.contact, a.note, a.status, a.created_at, a.decided_at, count(*) OVER () AS total
    FROM agent_applications a JOIN members m ON m.member_id = a.member_id
    WHERE ${q.siteIds ? sql`m.site_id IN (${sql.join(q.siteIds, sql`, `)})` : sql`true`} ${q.status ? sql`AND a.status = ${q.status}` : sql``}
    ORDER BY a.created_at DESC, a.application_id DESC LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
  );
  return {
    list: rows.map((r) => ({
      applicationId: Number(r.application_id),
      memberId: Number(r.member_id),
      memberName: r.name as string,
      siteId: Number(r.site_id),
      contact: r.contact as string,
      note: (r.note as string | null) ?? null,
      status: r.status as AgentApplicationStatus,
      createdAt: ms(r.created_at)!,
      decidedAt: ms(r.decided_at),
    })),
    total: rows.length ? Number(rows[0].total) : 0,
  };
}

/** The members an agent brought (they signed up with the agent's invite code), newest first. */
export async function agentMembers(db: Db, agentId: number, page: number, size: number) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    SELECT member_id, name, vip_level, status, created_at, count(*) OVER () AS total FROM members WHERE invited_by = ${agentId}
    ORDER BY created_at DESC, member_id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  return {
    list: rows.map((r) => ({
      memberId: Number(r.member_id),
      name: r.name as string,
      vipLevel: Number(r.vip_level),
      status: r.status as string,
      createdAt: ms(r.created_at)!,
    })),
    total: rows.length ? Number(rows[0].total) : 0,
  };
}

/**
 * The agents of these sites (null: every site) with their commission rate (basis points; null: not
 * set), since when they are agents (their approval; a member made agent by hand, their sign-up),
 * how many members each brought, and how many of those signed up within [from, to).
 */
export async function agentsWithRates(db: DbOrTx, siteIds: number[] | null, period?: { from: Date; to: Date }) {
  const [from, to] = [period?.from ?? new Date(0), period?.to ?? new Date(0)];
  const rows = await rowsOf<{
    member_id: unknown;
    name: string;
    site_id: number;
    rate_bp: number | null;
    since: unknown;
    members: unknown;
    new_members: unknown;
  }>(
    db,
    sql`
    SELECT m.member_id, m.name, m.site_id, r.rate_bp,
      coalesce((SELECT min(a.decided_at) FROM agent_applications a WHERE a.member_id = m.member_id AND a.status = 'approved'), m.created_at) AS since,
      d.members, d.new_members
    FROM members m LEFT JOIN agent_commission_rates r ON r.member_id = m.member_id
    CROSS JOIN LATERAL (
      SELECT count(*) AS members, count(*) FILTER (WHERE k.created_at >= ${from.toISOString()} AND k.created_at < ${to.toISOString()}) AS new_members
      FROM members k WHERE k.invited_by = m.member_id
    ) d
    WHERE m.is_agent ${siteIds ? sql`AND m.site_id IN (${sql.join([...siteIds, 0], sql`, `)})` : sql``}
    ORDER BY m.site_id, m.member_id`,
  );
  return rows.map((r) => ({
    agentId: Number(r.member_id),
    name: r.name,
    siteId: Number(r.site_id),
    rateBp: r.rate_bp === null ? null : Number(r.rate_bp),
    since: ms(r.since)!,
    members: Number(r.members),
    newMembers: Number(r.new_members),
  }));
}

/** Sets an agent's commission rate (basis points); a member who is not an agent is refused. */
export async function setAgentRate(db: DbOrTx, agentId: number, rateBp: number): Promise<void> {
  const set = await db.execute(sql`
    INSERT INTO agent_commission_rates (member_id, rate_bp)
    SELECT member_id, ${rateBp} FROM members WHERE member_id = ${agentId} AND is_agent
    ON CONFLICT (member_id) DO UPDATE SET rate_bp = EXCLUDED.rate_bp, updated_at = now()
    RETURNING member_id`);
  if (set.rows.length === 0) fail('AGENT_NOT_AGENT');
}

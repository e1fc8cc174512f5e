import { sql } from 'drizzle-orm';
import type { AgentApplicationStatus } from '@bp/contract';
import { rowsOf, type Db } from '../../platform/db/index.ts';

/** The operator's queue of agent applications and an agent's members (the back office calls these). */

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

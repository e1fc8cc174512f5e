import { AGENT_CARRY_MONTHS, fromMinor, shanghaiDay } from '@bp/contract';
import { moneyReport, ggrOf, type MoneyFigures } from '../wallet/index.ts';
import { agentsWithRates } from '../member/index.ts';
import { listSites } from '../site/index.ts';
import type { Db } from '../../platform/db/index.ts';

/** The Shanghai month YYYY-MM as [its first instant, the next month's). */
export function shanghaiMonth(month: string): [Date, Date] {
  const [year, m] = month.split('-').map(Number);
  const start = (y: number, mo: number) => new Date(`${y + Math.floor((mo - 1) / 12)}-${String(((mo - 1) % 12) + 1).padStart(2, '0')}-01T00:00:00+08:00`);
  return [start(year, m), start(year, m + 1)];
}

/** The commission on a month's NGR at a rate in basis points: nothing on a loss, rounded down to the cent. */
export const commissionOf = (ngrMinor: bigint, rateBp: number | null): bigint => (rateBp && ngrMinor > 0n ? (ngrMinor * BigInt(rateBp)) / 10_000n : 0n);

/** The month after a Shanghai month YYYY-MM. */
const nextMonth = (month: string): string => shanghaiDay(shanghaiMonth(month)[1].getTime()).slice(0, 7);
/** The month n months before a month YYYY-MM. */
const monthsBefore = (month: string, n: number): string => {
  const [year, m] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/** Each agent's members' figures in [from, to), by agent id. */
async function figuresByAgent(db: Db, siteIds: number[] | null, [from, to]: [Date, Date]): Promise<Map<number, MoneyFigures>> {
  const figures = await moneyReport(db, { by: 'agent', siteIds, from, to });
  return new Map(figures.filter((f) => f.key).map((f) => [Number(f.key.slice(0, f.key.indexOf(':'))), f]));
}
const ngrOf = (f: MoneyFigures | undefined): bigint => (f ? ggrOf(f) - f.bonuses - f.rebates : 0n);

/**
 * The negative NGR each agent brings into `month` (0 or below): each month since the agent became
 * one (at most AGENT_CARRY_MONTHS back), a loss adds to what is carried and a win pays it off first; a
 * month whose NGR with the carry is positive earns commission and carries nothing on.
 */
async function carriedInto(db: Db, siteIds: number[] | null, month: string, agents: Array<{ agentId: number; since: number }>) {
  const carried = new Map(agents.map((a) => [a.agentId, 0n]));
  const sinceMonth = new Map(agents.map((a) => [a.agentId, shanghaiDay(a.since).slice(0, 7)]));
  const earliest = agents.reduce((first, a) => (sinceMonth.get(a.agentId)! < first ? sinceMonth.get(a.agentId)! : first), month);
  const limit = monthsBefore(month, AGENT_CARRY_MONTHS);
  for (let m = earliest > limit ? earliest : limit; m < month; m = nextMonth(m)) {
    const agentsThen = agents.filter((a) => sinceMonth.get(a.agentId)! <= m);
    if (agentsThen.length === 0) continue;
    const figures = await figuresByAgent(db, siteIds, shanghaiMonth(m));
    for (const { agentId } of agentsThen) {
      const base = carried.get(agentId)! + ngrOf(figures.get(agentId));
      carried.set(agentId, base < 0n ? base : 0n);
    }
  }
  return carried;
}

/**
 * Each agent's month: their members' figures as the reports by agent count them (the ledger and
 * the venues' books), the negative NGR carried in from earlier months, and the commission at the
 * agent's rate on the NGR after the carry. Every agent of the sites is listed, a month without
 * play as zeros.
 */
export async function agentCommissions(db: Db, siteIds: number[] | null, month: string) {
  const period = shanghaiMonth(month);
  const agents = await agentsWithRates(db, siteIds, { from: period[0], to: period[1] });
  const [byAgent, carried] = await Promise.all([figuresByAgent(db, siteIds, period), carriedInto(db, siteIds, month, agents)]);
  const sites = (await listSites(db)).byId;
  return agents.map((agent) => {
    const f = byAgent.get(agent.agentId);
    const ngr = ngrOf(f);
    const carry = carried.get(agent.agentId)!;
    return {
      agentId: agent.agentId,
      agentName: agent.name,
      siteId: agent.siteId,
      currency: f?.currency ?? sites.get(agent.siteId)?.currency ?? '',
      members: agent.members,
      newMembers: agent.newMembers,
      bets: f?.bets ?? 0,
      turnover: fromMinor(f ? f.stakes - f.refunds : 0n),
      ggr: fromMinor(f ? ggrOf(f) : 0n),
      bonuses: fromMinor(f?.bonuses ?? 0n),
      rebates: fromMinor(f?.rebates ?? 0n),
      ngr: fromMinor(ngr),
      carried: fromMinor(carry),
      commissionNgr: fromMinor(ngr + carry),
      rate: agent.rateBp === null ? null : agent.rateBp / 100,
      commission: fromMinor(commissionOf(ngr + carry, agent.rateBp)),
    };
  });
}

/** A rate in percent (two decimals) as basis points. */
export const basisPoints = (percent: number): number => Math.round(percent * 100);

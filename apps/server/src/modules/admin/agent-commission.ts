import { fromMinor } from '@bp/contract';
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

/**
 * Each agent's month: their members' figures as the reports by agent count them (the ledger and
 * the venues' books), and the commission at the agent's rate. Every agent of the sites is listed,
 * a month without play as zeros.
 */
export async function agentCommissions(db: Db, siteIds: number[] | null, month: string) {
  const [from, to] = shanghaiMonth(month);
  const figures = await moneyReport(db, { by: 'agent', siteIds, from, to });
  const byAgent = new Map<number, MoneyFigures>(figures.filter((f) => f.key).map((f) => [Number(f.key.slice(0, f.key.indexOf(':'))), f]));
  const agents = await agentsWithRates(db, siteIds);
  const sites = (await listSites(db)).byId;
  return agents.map((agent) => {
    const f = byAgent.get(agent.agentId);
    const ggr = f ? ggrOf(f) : 0n;
    const ngr = f ? ggr - f.bonuses - f.rebates : 0n;
    return {
      agentId: agent.agentId,
      agentName: agent.name,
      siteId: agent.siteId,
      currency: f?.currency ?? sites.get(agent.siteId)?.currency ?? '',
      members: agent.members,
      bets: f?.bets ?? 0,
      turnover: fromMinor(f ? f.stakes - f.refunds : 0n),
      ggr: fromMinor(ggr),
      bonuses: fromMinor(f?.bonuses ?? 0n),
      rebates: fromMinor(f?.rebates ?? 0n),
      ngr: fromMinor(ngr),
      rate: agent.rateBp === null ? null : agent.rateBp / 100,
      commission: fromMinor(commissionOf(ngr, agent.rateBp)),
    };
  });
}

/** A rate in percent (two decimals) as basis points. */
export const basisPoints = (percent: number): number => Math.round(percent * 100);

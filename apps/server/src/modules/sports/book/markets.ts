import { sql } from 'drizzle-orm';
import { oddsFromX100, SPORTS_LIMITS, type Market, type MarketKind, type MarketStatus } from '@bp/contract';
import type { DbOrTx } from '../../../platform/db/index.ts';
import { LIST_MARKETS, MAIN_MARKETS, marketName, selectionName, type MarketSpec, type Teams } from '../markets/kinds.ts';
import { inList } from './sql.ts';

interface Row {
  market_id: unknown;
  match_id: unknown;
  kind: MarketKind;
  line: unknown;
  map_no: unknown;
  status: MarketStatus;
  selection_id: unknown;
  code: string;
  odds_x100: unknown;
  sel_status: 'open' | 'closed';
}

/** A selection's state as a member sees it: a suspended market suspends its selections. */
export const selectionStatus = (market: MarketStatus, selection: 'open' | 'closed'): MarketStatus => (selection === 'closed' ? 'closed' : market);

export const specOf = (r: { kind: MarketKind; line: unknown; map_no: unknown }): MarketSpec => ({
  kind: r.kind,
  line: r.line === null ? null : Number(r.line),
  mapNo: r.map_no === null ? null : Number(r.map_no),
});

/** Stake limits of a market in the site's currency (the member's own factor applies at placement). */
export function stakeLimits(kind: MarketKind, currency: string): { minStake: number; maxStake: number } {
  const limits = SPORTS_LIMITS[currency as 'CNY' | 'USDT'] ?? SPORTS_LIMITS.CNY;
  return { minStake: limits.minStake, maxStake: MAIN_MARKETS.has(kind) ? limits.maxStakeMain : limits.maxStakeMinor };
}

/** The markets of some matches with their selections, named for each match's teams. */
export async function loadMarkets(db: DbOrTx, teams: Map<number, Teams>, currency: string, kinds?: readonly MarketKind[]): Promise<Map<number, Market[]>> {
  const out = new Map<number, Market[]>();
  if (teams.size === 0) return out;
  const { rows } = await db.execute(sql`
    SELECT mk.market_id, mk.match_id, mk.kind, mk.line, mk.map_no, mk.status, s.selection_id, s.code, s.odds_x100, s.status AS sel_status
    FROM sports_markets mk JOIN sports_selections s ON s.market_id = mk.market_id
    WHERE mk.match_id IN ${inList([...teams.keys()])} ${kinds ? sql`AND mk.kind IN ${inList([...kinds])}` : sql``}
    ORDER BY mk.match_id, mk.sort, s.sort`);
  const byId = new Map<number, Market>();
  for (const r of rows as unknown as Row[]) {
    const marketId = Number(r.market_id);
    const matchId = Number(r.match_id);
    let m = byId.get(marketId);
    if (!m) {
      const spec = specOf(r);
      m = {
        marketId,
        kind: r.kind,
        name: marketName(spec),
        line: spec.line,
        mapNo: spec.mapNo,
        status: r.status,
        ...stakeLimits(r.kind, currency),
        selections: [],
      };
      byId.set(marketId, m);
      out.set(matchId, [...(out.get(matchId) ?? []), m]);
    }
    m.selections.push({
      selectionId: Number(r.selection_id),
      code: r.code,
      name: selectionName(specOf(r), r.code, teams.get(matchId)!),
      odds: oddsFromX100(Number(r.odds_x100)),
      status: selectionStatus(r.status, r.sel_status),
    });
  }
  return out;
}

/**
 * The lines a list screen shows: per kind, the open market whose two first prices are nearest
 * each other (the main line), or the first one.
 */
export function mainMarkets(markets: Market[]): Market[] {
  return LIST_MARKETS.flatMap((kind) => {
    const ofKind = markets.filter((m) => m.kind === kind && m.status !== 'closed');
    if (ofKind.length === 0) return [];
    const gap = (m: Market) => Math.abs((m.selections[0]?.odds ?? 0) - (m.selections.at(-1)?.odds ?? 0));
    return [ofKind.reduce((best, m) => (gap(m) < gap(best) ? m : best))];
  });
}

import { sql } from 'drizzle-orm';
import type { LegOutcome, MarketKind } from '@bp/contract';
import type { DbOrTx } from '../../../platform/db/index.ts';
import { gradeLeg, type MatchResult } from '../markets/grade.ts';
import { marketName, selectionName } from '../markets/kinds.ts';
import { specOf } from './markets.ts';
import { inList } from './sql.ts';

/** A selection as a tipster's pick names it, with how the book settled it. */
export interface PickedSelection {
  selectionId: number;
  matchId: number;
  marketName: string;
  selectionName: string;
  /** The price now (a pick keeps the price it was made at). */
  oddsX100: number;
  /** Open for bets now: the match not started, the market and the selection open. */
  open: boolean;
  /** How the book graded it once the match's result is settled; null before. */
  outcome: LegOutcome | null;
}

interface Row {
  selection_id: unknown;
  match_id: unknown;
  code: string;
  odds_x100: unknown;
  sel_status: string;
  kind: MarketKind;
  line: unknown;
  map_no: unknown;
  market_status: string;
  void_reason: string | null;
  match_status: string;
  result: MatchResult | null;
  result_version: unknown;
  settled_version: unknown;
  home_name: string;
  visit_name: string;
}

/**
 * Selections by id, graded against their match's settled result (the experts' records): the
 * result counts only once the book settled its bets (settled_version caught up), a voided market
 * or a cancelled match is void.
 */
export async function pickedSelections(db: DbOrTx, selectionIds: number[]): Promise<Map<number, PickedSelection>> {
  const out = new Map<number, PickedSelection>();
  if (selectionIds.length === 0) return out;
  const { rows } = await db.execute(sql`
    SELECT s.selection_id, mk.match_id, s.code, s.odds_x100, s.status AS sel_status, mk.kind, mk.line, mk.map_no, mk.status AS market_status,
      mk.void_reason, x.status AS match_status, x.result, x.result_version, x.settled_version, h.name AS home_name, v.name AS visit_name
    FROM sports_selections s
    JOIN sports_markets mk ON mk.market_id = s.market_id
    JOIN sports_matches x ON x.match_id = mk.match_id
    JOIN sports_teams h ON h.team_id = x.home_team_id
    JOIN sports_teams v ON v.team_id = x.visit_team_id
    WHERE s.selection_id IN ${inList(selectionIds)}`);
  for (const r of rows as unknown as Row[]) {
    const spec = specOf(r);
    const settled = Number(r.result_version) > 0 && Number(r.settled_version) >= Number(r.result_version);
    const voided = r.void_reason !== null || (r.match_status === 'cancelled' && !r.result);
    out.set(Number(r.selection_id), {
      selectionId: Number(r.selection_id),
      matchId: Number(r.match_id),
      marketName: marketName(spec),
      selectionName: selectionName(spec, r.code, { homeName: r.home_name, visitName: r.visit_name }),
      oddsX100: Number(r.odds_x100),
      open: r.match_status === 'scheduled' && r.market_status === 'open' && r.sel_status === 'open',
      outcome: voided ? 'void' : settled && r.result ? gradeLeg(spec, r.code, r.result) : null,
    });
  }
  return out;
}

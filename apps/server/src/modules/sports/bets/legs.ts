import { sql } from 'drizzle-orm';
import type { ErrorName, MarketKind, MarketStatus, MatchStatus, SportsVenueCode } from '@bp/contract';
import { arrayParam, type Tx } from '../../../platform/db/index.ts';
import { epochMs } from '../book/sql.ts';

/** A selection as it stands now, with its market and match. */
export interface LiveSelection {
  selectionId: number;
  code: string;
  oddsX100: number;
  selectionStatus: 'open' | 'closed';
  marketId: number;
  kind: MarketKind;
  line: number | null;
  mapNo: number | null;
  marketStatus: MarketStatus;
  matchId: number;
  matchStatus: MatchStatus;
  startAt: number;
  venueCode: SportsVenueCode;
}

/** The columns of a LiveSelection, over `s` (selections), `mk` (markets), `x` (matches), `lg` (leagues). */
export const LIVE_SELECTION_COLUMNS = sql`s.selection_id, s.code, s.odds_x100, s.status AS selection_status, mk.market_id, mk.kind, mk.line,
  mk.map_no, mk.status AS market_status, x.match_id, x.status AS match_status, ${epochMs(sql`x.start_at`)} AS start_ms, lg.venue_code`;

export function toLiveSelection(r: Record<string, unknown>): LiveSelection {
  return {
    selectionId: Number(r.selection_id),
    code: r.code as string,
    oddsX100: Number(r.odds_x100),
    selectionStatus: r.selection_status as 'open' | 'closed',
    marketId: Number(r.market_id),
    kind: r.kind as MarketKind,
    line: r.line === null ? null : Number(r.line),
    mapNo: r.map_no === null ? null : Number(r.map_no),
    marketStatus: r.market_status as MarketStatus,
    matchId: Number(r.match_id),
    matchStatus: r.match_status as MatchStatus,
    startAt: Number(r.start_ms),
    venueCode: r.venue_code as SportsVenueCode,
  };
}

/** Reads selections and holds their prices until the caller's transaction ends (SQL sports_lock_selections). */
export async function lockSelections(tx: Tx, selectionIds: number[]): Promise<Map<number, LiveSelection>> {
  const { rows } = await tx.execute(sql`SELECT * FROM sports_lock_selections(${arrayParam(selectionIds, 'bigint[]')})`);
  return liveSelections(rows as Array<Record<string, unknown>>);
}

/** Rows of sports_lock_selections by their selection id. */
export const liveSelections = (rows: Array<Record<string, unknown>>): Map<number, LiveSelection> =>
  new Map(rows.map((r) => [Number(r.selection_id), toLiveSelection(r)]));

/**
 * Why a selection cannot take a bet now, or null. Pre-match prices close at the start even before
 * the feed turns the match live.
 */
export function refusalOf(s: LiveSelection, now: number): ErrorName | null {
  if (s.matchStatus === 'finished' || s.matchStatus === 'cancelled') return 'MARKET_CLOSED';
  if (s.matchStatus === 'scheduled' && s.startAt <= now) return 'MARKET_CLOSED';
  if (s.marketStatus === 'suspended') return 'MARKET_SUSPENDED';
  if (s.marketStatus === 'closed' || s.selectionStatus === 'closed') return 'MARKET_CLOSED';
  return null;
}

import { sql, type SQL } from 'drizzle-orm';
import { fromMinor, oddsFromX100, type BetRecord, type BetStatus, type MarketKind, type Sport, type SportsVenue } from '@bp/contract';
import type { DbOrTx } from '../../../platform/db/index.ts';
import { clock } from '../../../platform/clock.ts';
import { epochMs, inList } from '../book/sql.ts';
import { specOf } from '../book/markets.ts';
import { venueName } from '../book/venues.ts';
import { marketName, selectionName } from '../markets/kinds.ts';
import { cashOutValue } from './cash-out.ts';
import { LIVE_SELECTION_COLUMNS, toLiveSelection } from './legs.ts';

const UNSETTLED = sql.raw(`('pending_delay', 'pending')`);

function statusFilter(status: string | undefined): SQL {
  if (!status) return sql``;
  if (status === 'unsettled') return sql`AND b.status IN ${UNSETTLED}`;
  if (status === 'settled') return sql`AND b.status NOT IN ${UNSETTLED}`;
  return sql`AND b.status = ${status}`;
}

type Row = Record<string, unknown>;

const BET_COLUMNS = sql`
  SELECT b.bet_id, b.order_id, b.bet_type, b.stake_minor, b.odds_x100, b.potential_return_minor, b.status, b.payout_minor, b.currency,
    b.reject_reason, ${epochMs(sql`b.created_at`)} AS created_ms, ${epochMs(sql`b.settled_at`)} AS settled_ms
  FROM sports_bets b`;

/** A member's bets, newest first, with their legs and (for a pending single) today's cash-out offer. */
export async function betRecords(
  db: DbOrTx,
  memberId: number,
  venues: SportsVenue[],
  q: { page: number; size: number; status?: string },
): Promise<{ list: BetRecord[]; total: number }> {
  const [bets, count] = await Promise.all([
    db.execute(sql`${BET_COLUMNS} WHERE b.member_id = ${memberId} ${statusFilter(q.status)}
      ORDER BY b.bet_id DESC LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`),
    db.execute(sql`SELECT count(*)::int AS n FROM sports_bets b WHERE b.member_id = ${memberId} ${statusFilter(q.status)}`),
  ]);
  return { list: await toRecords(db, bets.rows as Row[], venues), total: Number((count.rows[0] as { n: unknown }).n) };
}

/** One bet of the member's by its order id, or null (none, or another member's). */
export async function memberBet(db: DbOrTx, memberId: number, orderId: string, venues: SportsVenue[]): Promise<BetRecord | null> {
  const { rows } = await db.execute(sql`${BET_COLUMNS} WHERE b.order_id = ${orderId} AND b.member_id = ${memberId}`);
  return (await toRecords(db, rows as Row[], venues))[0] ?? null;
}

async function toRecords(db: DbOrTx, rows: Row[], venues: SportsVenue[]): Promise<BetRecord[]> {
  const legs = await legsOf(
    db,
    rows.map((b) => Number(b.bet_id)),
  );
  const now = clock.now();
  return rows.map((b): BetRecord => {
    const mine = legs.filter((l) => Number(l.bet_id) === Number(b.bet_id));
    const stakeMinor = BigInt(b.stake_minor as string);
    const offer =
      b.bet_type === 'single' && b.status === 'pending' ? cashOutValue(stakeMinor, Number(mine[0].taken_x100), toLiveSelection(mine[0]), venues, now) : null;
    return {
      orderId: b.order_id as string,
      type: b.bet_type as BetRecord['type'],
      stake: fromMinor(stakeMinor),
      odds: oddsFromX100(Number(b.odds_x100)),
      potentialReturn: fromMinor(BigInt(b.potential_return_minor as string)),
      status: b.status as BetStatus,
      payout: fromMinor(BigInt(b.payout_minor as string)),
      cashOut: offer === null ? null : fromMinor(offer),
      currency: b.currency as string,
      venueName: venueName(mine[0].venue_code as string),
      createdAt: Number(b.created_ms),
      settledAt: b.settled_ms === null ? null : Number(b.settled_ms),
      rejectReason: (b.reject_reason as string | null) ?? null,
      legs: mine.map(toLeg),
    };
  });
}

async function legsOf(db: DbOrTx, betIds: number[]): Promise<Row[]> {
  if (betIds.length === 0) return [];
  const { rows } = await db.execute(sql`
    SELECT bl.bet_id, bl.odds_x100 AS taken_x100, bl.outcome, ${LIVE_SELECTION_COLUMNS}, x.sport, x.home_score, x.visit_score,
      lg.name AS league_name, h.name AS home_name, h.logo AS home_logo, v.name AS visit_name, v.logo AS visit_logo
    FROM sports_bet_legs bl
    JOIN sports_selections s ON s.selection_id = bl.selection_id
    JOIN sports_markets mk ON mk.market_id = bl.market_id
    JOIN sports_matches x ON x.match_id = bl.match_id
    JOIN sports_leagues lg ON lg.league_id = x.league_id
    JOIN sports_teams h ON h.team_id = x.home_team_id
    JOIN sports_teams v ON v.team_id = x.visit_team_id
    WHERE bl.bet_id IN ${inList(betIds)} ORDER BY bl.bet_id, bl.leg_no`);
  return rows as Row[];
}

function toLeg(r: Row): BetRecord['legs'][number] {
  const spec = specOf({ kind: r.kind as MarketKind, line: r.line, map_no: r.map_no });
  const teams = { homeName: r.home_name as string, visitName: r.visit_name as string };
  const started = r.match_status !== 'scheduled';
  return {
    selectionId: Number(r.selection_id),
    marketId: Number(r.market_id),
    matchId: Number(r.match_id),
    sport: r.sport as Sport,
    leagueName: r.league_name as string,
    homeName: teams.homeName,
    visitName: teams.visitName,
    homeLogo: r.home_logo as string,
    visitLogo: r.visit_logo as string,
    startAt: Number(r.start_ms),
    marketName: marketName(spec),
    selectionName: selectionName(spec, r.code as string, teams),
    odds: oddsFromX100(Number(r.taken_x100)),
    outcome: (r.outcome as BetRecord['legs'][number]['outcome']) ?? null,
    score: started ? `${r.home_score}-${r.visit_score}` : null,
  };
}

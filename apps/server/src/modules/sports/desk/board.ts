import { sql } from 'drizzle-orm';
import { fromMinor, oddsFromX100, type BookFixture, type BookMarket, type MarketStatus } from '@bp/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../../platform/db/index.ts';
import { fail } from '../../../platform/http/index.ts';
import { epochMs } from '../book/sql.ts';
import { selectionStatus, specOf } from '../book/markets.ts';
import { marketName, selectionName } from '../markets/kinds.ts';

type Fixture = z.output<typeof BookFixture>;
type Market = z.output<typeof BookMarket>;
type Row = Record<string, unknown>;

const OPEN_BETS = sql.raw(`('pending_delay', 'pending')`);

const FIXTURE_COLUMNS = sql`
  SELECT x.match_id, x.sport, lg.name AS league_name, h.name AS home_name, v.name AS visit_name, ${epochMs(sql`x.start_at`)} AS start_ms,
    x.status, x.home_score, x.visit_score, x.held, x.result, x.result_by_operator, x.result_version, x.settled_version,
    (SELECT count(DISTINCT l.bet_id)::int FROM sports_bet_legs l JOIN sports_bets b ON b.bet_id = l.bet_id
      WHERE l.match_id = x.match_id AND b.status IN ${OPEN_BETS}) AS open_bets
  FROM sports_matches x
  JOIN sports_leagues lg ON lg.league_id = x.league_id
  JOIN sports_teams h ON h.team_id = x.home_team_id
  JOIN sports_teams v ON v.team_id = x.visit_team_id`;

const toFixture = (r: Row): Fixture => ({
  matchId: Number(r.match_id),
  sport: r.sport as Fixture['sport'],
  leagueName: r.league_name as string,
  homeName: r.home_name as string,
  visitName: r.visit_name as string,
  startAt: Number(r.start_ms),
  status: r.status as Fixture['status'],
  homeScore: Number(r.home_score),
  visitScore: Number(r.visit_score),
  held: Boolean(r.held),
  result: (r.result as Fixture['result']) ?? null,
  resultByOperator: Boolean(r.result_by_operator),
  settled: Number(r.result_version) > 0 && Number(r.settled_version) >= Number(r.result_version),
  openBets: Number(r.open_bets),
});

export interface FixtureFilters {
  page: number;
  size: number;
  sport?: string;
  status?: string;
  /** Shanghai day YYYY-MM-DD */
  day?: string;
  keyword?: string;
}

/** The book's fixtures for the trader, by start time (a day's, or the nearest first). */
export async function listFixtures(db: DbOrTx, f: FixtureFilters): Promise<{ list: Fixture[]; total: number }> {
  const like = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`WHERE true
    ${f.sport ? sql`AND x.sport = ${f.sport}` : sql``}
    ${f.status ? sql`AND x.status = ${f.status}` : sql``}
    ${f.day ? sql`AND x.start_at >= (${f.day}::date::timestamp AT TIME ZONE 'Asia/Shanghai') AND x.start_at < ((${f.day}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')` : sql``}
    ${like ? sql`AND (h.name ILIKE ${like} OR v.name ILIKE ${like} OR lg.name ILIKE ${like})` : sql``}`;
  const [rows, count] = await Promise.all([
    db.execute(sql`${FIXTURE_COLUMNS} ${where} ORDER BY x.start_at, x.match_id LIMIT ${f.size} OFFSET ${(f.page - 1) * f.size}`),
    db.execute(sql`SELECT count(*)::int AS n FROM sports_matches x
      JOIN sports_leagues lg ON lg.league_id = x.league_id
      JOIN sports_teams h ON h.team_id = x.home_team_id
      JOIN sports_teams v ON v.team_id = x.visit_team_id ${where}`),
  ]);
  return { list: (rows.rows as Row[]).map(toFixture), total: Number((count.rows[0] as Row).n) };
}

export async function findFixture(db: DbOrTx, matchId: number): Promise<Fixture> {
  const { rows } = await db.execute(sql`${FIXTURE_COLUMNS} WHERE x.match_id = ${matchId}`);
  return rows.length ? toFixture(rows[0] as Row) : fail('MATCH_NOT_FOUND');
}

/**
 * A fixture's markets with their prices and the house's exposure on one site: per selection, the
 * open singles' stakes and potential payouts (liability = payouts less stakes), and apart from
 * them the open parlays with a leg there (their payout hangs on other matches too).
 */
export async function fixtureMarkets(db: DbOrTx, matchId: number, siteId: number): Promise<{ fixture: Fixture; markets: Market[] }> {
  const fixture = await findFixture(db, matchId);
  const { rows } = await db.execute(sql`
    SELECT mk.market_id, mk.kind, mk.line, mk.map_no, mk.status, mk.held, mk.void_reason, s.selection_id, s.code, s.odds_x100, s.status AS sel_status,
      coalesce(e.bets, 0)::int AS bets, coalesce(e.stakes, 0)::bigint AS stakes, coalesce(e.potential, 0)::bigint AS potential,
      coalesce(e.parlay_bets, 0)::int AS parlay_bets, coalesce(e.parlay_potential, 0)::bigint AS parlay_potential
    FROM sports_markets mk
    JOIN sports_selections s ON s.market_id = mk.market_id
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE b.bet_type = 'single') AS bets,
        sum(b.stake_minor) FILTER (WHERE b.bet_type = 'single') AS stakes,
        sum(b.potential_return_minor) FILTER (WHERE b.bet_type = 'single') AS potential,
        count(*) FILTER (WHERE b.bet_type = 'parlay') AS parlay_bets,
        sum(b.potential_return_minor) FILTER (WHERE b.bet_type = 'parlay') AS parlay_potential
      FROM sports_bet_legs l JOIN sports_bets b ON b.bet_id = l.bet_id
      WHERE l.match_id = ${matchId} AND l.selection_id = s.selection_id AND b.site_id = ${siteId} AND b.status IN ${OPEN_BETS}
    ) e ON true
    WHERE mk.match_id = ${matchId}
    ORDER BY mk.sort, mk.market_id, s.sort`);
  const teams = { homeName: fixture.homeName, visitName: fixture.visitName };
  const markets = new Map<number, Market & { potentials: bigint[]; stakesMinor: bigint }>();
  for (const r of rows as Row[]) {
    const spec = specOf(r as { kind: Market['kind']; line: unknown; map_no: unknown });
    const marketId = Number(r.market_id);
    let m = markets.get(marketId);
    if (!m) {
      m = {
        marketId,
        kind: spec.kind,
        name: marketName(spec),
        status: r.status as MarketStatus,
        held: Boolean(r.held),
        voidReason: (r.void_reason as string | null) ?? null,
        stakes: 0,
        worstCase: 0,
        selections: [],
        potentials: [],
        stakesMinor: 0n,
      };
      markets.set(marketId, m);
    }
    const stakes = BigInt(r.stakes as string);
    const potential = BigInt(r.potential as string);
    m.stakesMinor += stakes;
    m.potentials.push(potential);
    m.selections.push({
      selectionId: Number(r.selection_id),
      name: selectionName(spec, r.code as string, teams),
      odds: oddsFromX100(Number(r.odds_x100)),
      status: selectionStatus(m.status, r.sel_status as 'open' | 'closed'),
      bets: Number(r.bets),
      stakes: fromMinor(stakes),
      potentialPayout: fromMinor(potential),
      liability: fromMinor(potential - stakes),
      parlayBets: Number(r.parlay_bets),
      parlayPotential: fromMinor(BigInt(r.parlay_potential as string)),
    });
  }
  const list = [...markets.values()].map(({ potentials, stakesMinor, ...m }) => {
    const worst = potentials.reduce((a, b) => (b > a ? b : a), 0n);
    return { ...m, stakes: fromMinor(stakesMinor), worstCase: fromMinor(worst - stakesMinor) };
  });
  return { fixture, markets: list };
}

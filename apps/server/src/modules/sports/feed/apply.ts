import { sql } from 'drizzle-orm';
import { channel, oddsFromX100, oddsToX100, type Frame, type OddsChangedEvent } from '@bp/contract';
import type { Deps } from '../../../platform/deps.ts';
import { executePrepared, type Tx } from '../../../platform/db/index.ts';
import { publishFrame } from '../../../platform/realtime/index.ts';
import { clock } from '../../../platform/clock.ts';
import { specKey } from '../markets/kinds.ts';
import type { FeedEvent, FeedMarket } from './adapter.ts';

type FeedDeps = Pick<Deps, 'db' | 'bus'>;
const ts = (ms: number) => sql`to_timestamp(${ms} / 1000.0)`;
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

interface MatchRow {
  match_id: number;
  status: string;
  period: string;
  clock_sec: number;
  home_score: number;
  visit_score: number;
  /** an operator's hold on the whole match, and whether an operator entered its result */
  held: boolean;
  result_by_operator: boolean;
}

/**
 * Applies what the feed reported: one transaction per match, then the frames on `match:<id>`
 * once it committed. Answers the matches that got a (new or corrected) result, to be settled.
 */
export async function applyFeedEvents(deps: FeedDeps, events: FeedEvent[]): Promise<number[]> {
  const byRef = new Map<string, FeedEvent[]>();
  for (const e of events) byRef.set(e.ref, [...(byRef.get(e.ref) ?? []), e]);
  const resulted: number[] = [];
  for (const group of byRef.values()) {
    const frames: Frame[] = [];
    const at = clock.now();
    const matchId = await deps.db.transaction(async (tx) => {
      const match = await lockMatch(tx, group);
      if (!match) return null;
      for (const e of group) await applyOne(tx, match, e, at, frames);
      return match.match_id;
    });
    if (matchId === null) continue;
    if (group.some((e) => e.type === 'result' || e.type === 'cancel')) resulted.push(matchId);
    for (const f of frames) await publishFrame(deps.bus, f);
  }
  return resulted;
}

/**
 * A tick of prices and play moves no money and the feed's next tick moves on from it, so its commit
 * need not wait for the WAL flush: the frames go out sooner, and a crash loses at most the last
 * ticks (the feed plays on from the state that was kept). Whatever builds on a tick durably, a bet
 * at its price or a settlement, commits after it and so flushes the log past it. Fixtures and
 * results wait for the flush.
 */
const waitsForFlush = (group: FeedEvent[]) => group.some((e) => e.type !== 'prices' && e.type !== 'state');

async function lockMatch(tx: Tx, group: FeedEvent[]): Promise<MatchRow | null> {
  const fixture = group.find((e) => e.type === 'fixture');
  if (fixture?.type === 'fixture') await insertFixture(tx, fixture);
  const noFlushWait = waitsForFlush(group) ? sql`` : sql`, set_config('synchronous_commit', 'off', true)`;
  // NO KEY UPDATE: rows that reference the match (its markets) take key-share locks, which this does not wait on.
  const { rows } = await executePrepared(
    tx,
    sql`
    SELECT match_id, status, period, clock_sec, home_score, visit_score, held, result_by_operator ${noFlushWait}
    FROM sports_matches WHERE feed_ref = ${group[0].ref} FOR NO KEY UPDATE`,
  );
  const row = rows[0] as unknown as MatchRow | undefined;
  return row ? { ...row, match_id: Number(row.match_id) } : null;
}

async function insertFixture(tx: Tx, f: Extract<FeedEvent, { type: 'fixture' }>): Promise<void> {
  const l = f.league;
  await tx.execute(sql`
    INSERT INTO sports_leagues (league_id, sport, name, region, logo, match_class, venue_code, hot, sort)
    VALUES (${l.leagueId}, ${l.sport}, ${l.name}, ${l.region}, ${l.logo}, ${l.matchClass}, ${l.venueCode}, ${l.hot}, ${l.sort})
    ON CONFLICT (league_id) DO UPDATE SET name = EXCLUDED.name, region = EXCLUDED.region, logo = EXCLUDED.logo, hot = EXCLUDED.hot, sort = EXCLUDED.sort`);
  const team = async (t: typeof f.home) => {
    const { rows } = await tx.execute(sql`
      INSERT INTO sports_teams (feed_ref, sport, name, logo) VALUES (${t.ref}, ${l.sport}, ${t.name}, ${t.logo})
      ON CONFLICT (feed_ref) DO UPDATE SET name = EXCLUDED.name, logo = EXCLUDED.logo RETURNING team_id`);
    return Number((rows[0] as { team_id: unknown }).team_id);
  };
  const [home, visit] = [await team(f.home), await team(f.visit)];
  await tx.execute(sql`
    INSERT INTO sports_matches (feed_ref, sport, league_id, home_team_id, visit_team_id, start_at, anchor_status, animation_url, anchor_flv_url, feed_state)
    VALUES (${f.ref}, ${l.sport}, ${l.leagueId}, ${home}, ${visit}, ${ts(f.startAt)},
      ${f.media?.anchorStatus ?? null}, ${f.media?.animationUrl ?? null}, ${f.media?.anchorFlvUrl ?? null}, ${json(f.memory ?? {})})
    ON CONFLICT (feed_ref) DO NOTHING`);
}

async function applyOne(tx: Tx, match: MatchRow, e: FeedEvent, at: number, frames: Frame[]): Promise<void> {
  const ch = channel.match(match.match_id);
  const settled = match.status === 'finished' || match.status === 'cancelled';
  if (e.type === 'prices' && !settled) {
    const changed = await applyPrices(tx, match, e.markets);
    if (changed.length) frames.push({ ch, type: 'odds.changed', data: { matchId: match.match_id, at, markets: changed } });
  } else if (e.type === 'state' && !settled) {
    await executePrepared(
      tx,
      sql`
      UPDATE sports_matches SET status = ${e.status}, period = ${e.period}, clock_sec = ${e.clockSec}, clock_at = ${ts(at)},
        home_score = ${e.homeScore}, visit_score = ${e.visitScore}, feed_state = ${json(e.memory ?? {})}, updated_at = now()
      WHERE match_id = ${match.match_id}`,
    );
    const scoreChanged = e.homeScore !== match.home_score || e.visitScore !== match.visit_score;
    const score = { matchId: match.match_id, at, homeScore: e.homeScore, visitScore: e.visitScore, period: e.period, clock: e.clockSec };
    if (scoreChanged) frames.push({ ch, type: 'match.score', data: { ...score, scorer: e.scorer } });
    if (e.status !== match.status || e.period !== match.period) frames.push({ ch, type: 'match.status', data: { ...score, status: e.status } });
    Object.assign(match, { status: e.status, period: e.period, home_score: e.homeScore, visit_score: e.visitScore, clock_sec: e.clockSec });
  } else if ((e.type === 'result' || e.type === 'cancel') && !match.result_by_operator) {
    const result = e.type === 'result' ? e.result : { homeScore: match.home_score, visitScore: match.visit_score, cancelled: true };
    const status = e.type === 'cancel' || result.cancelled ? 'cancelled' : 'finished';
    const period = e.type === 'result' ? e.period : match.period;
    await tx.execute(sql`
      UPDATE sports_matches SET status = ${status}, period = ${period}, home_score = ${result.homeScore}, visit_score = ${result.visitScore},
        clock_at = ${ts(at)}, result = ${json(result)}, result_version = result_version + 1, updated_at = now()
      WHERE match_id = ${match.match_id}`);
    const closed = await tx.execute(sql`
      UPDATE sports_markets SET status = 'closed' WHERE match_id = ${match.match_id} AND status <> 'closed' RETURNING market_id`);
    const markets = (closed.rows as Array<{ market_id: unknown }>).map((r) => ({ marketId: Number(r.market_id), status: 'closed' as const, selections: [] }));
    if (markets.length) frames.push({ ch, type: 'odds.changed', data: { matchId: match.match_id, at, markets } });
    frames.push({
      ch,
      type: 'match.status',
      data: { matchId: match.match_id, at, status, period, clock: match.clock_sec, homeScore: result.homeScore, visitScore: result.visitScore },
    });
    Object.assign(match, { status, period, home_score: result.homeScore, visit_score: result.visitScore });
  }
}

/**
 * Upserts a match's markets and selections in two statements and answers what changed: a market
 * whose state moved, and the selections whose price or state moved. A closed market never reopens;
 * a closed selection keeps its last price; a market an operator holds stays suspended (a new one
 * of a held match starts so). Markets are locked before their selections, so a bet
 * holding a market's row holds its prices (bets/legs.ts).
 */
async function applyPrices(tx: Tx, match: MatchRow, markets: FeedMarket[]): Promise<OddsChangedEvent['markets']> {
  const matchId = match.match_id;
  const statusOf = (m: FeedMarket) => (match.held && m.status === 'open' ? 'suspended' : m.status);
  const marketRows = markets.map((m, sort) => ({ spec: specKey(m), kind: m.kind, line: m.line, map_no: m.mapNo, status: statusOf(m), sort, held: match.held }));
  const movedMarkets = await executePrepared(
    tx,
    sql`
    INSERT INTO sports_markets (match_id, spec, kind, line, map_no, status, sort, held)
    SELECT ${matchId}, x.spec, x.kind, x.line, x.map_no, x.status, x.sort, x.held
    FROM jsonb_to_recordset(${json(marketRows)}) AS x(spec text, kind text, line numeric, map_no smallint, status text, sort int, held boolean)
    ON CONFLICT (match_id, spec) DO UPDATE SET status = EXCLUDED.status
    WHERE sports_markets.status <> EXCLUDED.status AND sports_markets.status <> 'closed' AND NOT sports_markets.held
    RETURNING market_id`,
  );
  const selectionRows = markets.flatMap((m) =>
    m.selections.map((s, sort) => ({ spec: specKey(m), code: s.code, odds: s.odds === null ? null : oddsToX100(s.odds), sort })),
  );
  const movedSelections = await executePrepared(
    tx,
    sql`
    INSERT INTO sports_selections (market_id, code, odds_x100, status, sort)
    SELECT m.market_id, x.code, COALESCE(x.odds, 101), CASE WHEN x.odds IS NULL THEN 'closed' ELSE 'open' END, x.sort
    FROM jsonb_to_recordset(${json(selectionRows)}) AS x(spec text, code text, odds int, sort int)
    JOIN sports_markets m ON m.match_id = ${matchId} AND m.spec = x.spec
    ON CONFLICT (market_id, code) DO UPDATE
      SET odds_x100 = CASE WHEN EXCLUDED.status = 'closed' THEN sports_selections.odds_x100 ELSE EXCLUDED.odds_x100 END, status = EXCLUDED.status
    WHERE sports_selections.status <> EXCLUDED.status OR (EXCLUDED.status = 'open' AND sports_selections.odds_x100 <> EXCLUDED.odds_x100)
    RETURNING selection_id, market_id, odds_x100, status`,
  );
  const marketIds = new Set([
    ...(movedMarkets.rows as Array<{ market_id: unknown }>).map((r) => Number(r.market_id)),
    ...(movedSelections.rows as Array<{ market_id: unknown }>).map((r) => Number(r.market_id)),
  ]);
  if (marketIds.size === 0) return [];
  const { rows } = await executePrepared(tx, sql`SELECT market_id, status FROM sports_markets WHERE match_id = ${matchId}`);
  const marketStatus = new Map(
    (rows as Array<{ market_id: unknown; status: string }>).map((r) => [Number(r.market_id), r.status as 'open' | 'suspended' | 'closed']),
  );
  return [...marketIds].map((marketId) => {
    const status = marketStatus.get(marketId)!;
    const selections = (movedSelections.rows as Array<{ selection_id: unknown; market_id: unknown; odds_x100: number; status: string }>)
      .filter((s) => Number(s.market_id) === marketId)
      .map((s) => ({
        selectionId: Number(s.selection_id),
        odds: oddsFromX100(s.odds_x100),
        status: (s.status === 'closed' ? 'closed' : status === 'open' ? 'open' : status) as 'open' | 'suspended' | 'closed',
      }));
    return { marketId, status, selections };
  });
}

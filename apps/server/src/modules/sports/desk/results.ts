import { sql, type SQL } from 'drizzle-orm';
import { channel, fromMinor, type Frame } from '@bp/contract';
import type { Deps } from '../../../platform/deps.ts';
import type { Tx } from '../../../platform/db/index.ts';
import { fail } from '../../../platform/http/index.ts';
import { publishFrame } from '../../../platform/realtime/index.ts';
import { clock } from '../../../platform/clock.ts';
import { memberBalances } from '../../wallet/index.ts';
import type { MatchResult } from '../markets/grade.ts';
import { gradeBet, SETTLEABLE_SQL } from '../settle/settle-bet.ts';
import { settleMarket, settleMatch, type SettleReport } from '../settle/settle-match.ts';

type DeskDeps = Pick<Deps, 'db' | 'bus' | 'log'>;

export interface DeskSettlement {
  settled: number;
  failed: number;
  recoveryDue: Array<{ orderId: string; memberId: number; amount: number }>;
}

const answerOf = (r: SettleReport): DeskSettlement => ({
  settled: r.settled,
  failed: r.failed.length,
  recoveryDue: r.recoveryDue.map((d) => ({ orderId: d.orderId, memberId: d.memberId, amount: fromMinor(d.amountMinor) })),
});

/**
 * Before a change that resettles bets commits: what each member would have to give back beyond
 * what their main wallet holds (their bets graded on the changed results, inside the change's
 * transaction). Unless the operator accepted recording it as owed, any shortfall refuses the
 * change (DESK_RESETTLE_SHORT, with the members and amounts) and nothing changes: a balance never
 * goes below zero, and money a member no longer holds is never taken silently.
 */
async function refuseShortfalls(tx: Tx, bets: SQL, acceptDebt: boolean): Promise<void> {
  if (acceptDebt) return;
  const { rows } = await tx.execute(sql`
    SELECT DISTINCT b.bet_id FROM sports_bet_legs l JOIN sports_bets b ON b.bet_id = l.bet_id
    WHERE ${bets} AND b.status IN ${SETTLEABLE_SQL} AND b.settlement_no > 0 ORDER BY b.bet_id`);
  const net = new Map<number, { currency: string; delta: bigint }>();
  for (const { bet_id } of rows as Array<{ bet_id: unknown }>) {
    const g = await gradeBet(tx, Number(bet_id), false);
    if (!g) continue;
    const entry = net.get(g.owner.memberId) ?? { currency: g.owner.currency, delta: 0n };
    entry.delta += g.payoutMinor - g.paidMinor;
    net.set(g.owner.memberId, entry);
  }
  const members: Array<{ memberId: number; currency: string; short: number }> = [];
  for (const [memberId, { currency, delta }] of net) {
    if (delta >= 0n) continue;
    const { main } = await memberBalances(tx, memberId);
    if (main + delta < 0n) members.push({ memberId, currency, short: fromMinor(-(main + delta)) });
  }
  if (members.length) fail('DESK_RESETTLE_SHORT', { data: { members } });
}

export interface ResultEntry {
  result: MatchResult;
  reason?: string;
  acceptDebt?: boolean;
}

/** Scores must agree with the maps an esports result lists. */
function checkResult(sport: string, r: MatchResult): void {
  if (r.cancelled || sport !== 'esports') return;
  const maps = r.maps ?? [];
  const home = maps.filter((m) => m === 'home').length;
  if (maps.length === 0 || home !== r.homeScore || maps.length - home !== r.visitScore) fail('DESK_RESULT_MAPS');
}

/** Results compared field by field (jsonb answers its keys in an order of its own). */
const canonical = (r: Partial<MatchResult> | null) => (r ? JSON.stringify([r.homeScore, r.visitScore, r.maps ?? [], !!r.cancelled]) : '');
const sameResult = (a: unknown, b: MatchResult) => canonical(a as MatchResult | null) === canonical(b);

/**
 * An operator enters a match's result (or corrects it, with a reason) and settles it. The match
 * row is held while the result is written, so two operators settling at once write it once: the
 * same result again changes nothing and each bet is paid once (settleBet holds the bet). From
 * then on the feed's results for the match are ignored. A correction resettles every bet: the
 * earlier payouts reversed, the new ones paid (settleResultBets, once this has committed; given a
 * transaction as `deps.db`, the result commits with the caller's work, e.g. its audit entry).
 */
export async function enterResult(deps: DeskDeps, matchId: number, entry: ResultEntry): Promise<void> {
  const result: MatchResult = entry.result.cancelled ? { ...entry.result, cancelled: true } : { ...entry.result };
  if (!result.cancelled) delete result.cancelled;
  if (!result.maps?.length) delete result.maps;
  const frames: Frame[] = [];
  await deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      SELECT sport, status, period, clock_sec, result, result_version, ${sql`round(extract(epoch FROM start_at) * 1000)::float8`} AS start_ms
      FROM sports_matches WHERE match_id = ${matchId} FOR NO KEY UPDATE`);
    const match = rows[0] as
      { sport: string; status: string; period: string; clock_sec: number; result: unknown; result_version: number; start_ms: number } | undefined;
    if (!match) return fail('MATCH_NOT_FOUND');
    checkResult(match.sport, result);
    // A match the feed has not started, before its kick-off, can only be called off.
    if (!result.cancelled && match.status === 'scheduled' && Number(match.start_ms) > clock.now()) fail('DESK_MATCH_NOT_STARTED');
    const hasResult = Number(match.result_version) > 0;
    if (hasResult && sameResult(match.result, result)) return;
    if (hasResult && !entry.reason) fail('DESK_RESULT_REASON');
    const status = result.cancelled ? ('cancelled' as const) : ('finished' as const);
    const period = result.cancelled ? match.period : 'FT';
    await tx.execute(sql`
      UPDATE sports_matches SET status = ${status}, period = ${period}, home_score = ${result.homeScore}, visit_score = ${result.visitScore},
        clock_at = now(), result = ${JSON.stringify(result)}::jsonb, result_version = result_version + 1, result_by_operator = true, held = false, updated_at = now()
      WHERE match_id = ${matchId}`);
    const closed = await tx.execute(sql`
      UPDATE sports_markets SET status = 'closed', held = false WHERE match_id = ${matchId} AND status <> 'closed' RETURNING market_id`);
    await refuseShortfalls(tx, sql`l.match_id = ${matchId}`, !!entry.acceptDebt);
    const at = clock.now();
    const ch = channel.match(matchId);
    const markets = (closed.rows as Array<{ market_id: unknown }>).map((r) => ({ marketId: Number(r.market_id), status: 'closed' as const, selections: [] }));
    if (markets.length) frames.push({ ch, type: 'odds.changed', data: { matchId, at, markets } });
    const score = { matchId, at, status, period, clock: Number(match.clock_sec), homeScore: result.homeScore, visitScore: result.visitScore };
    frames.push({ ch, type: 'match.status', data: score });
  });
  for (const f of frames) await publishFrame(deps.bus, f);
}

/** Settles the bets of a match whose result was entered (each bet in a transaction of its own; the settlement job resumes a cut run). */
export async function settleResultBets(deps: DeskDeps, matchId: number): Promise<DeskSettlement> {
  return answerOf(await settleMatch(deps, matchId));
}

/** Settles the bets of a market voided or resettled by an operator, as settleResultBets does. */
export async function settleMarketBets(deps: DeskDeps, marketId: number): Promise<DeskSettlement> {
  return answerOf(await settleMarket(deps, marketId));
}

interface MarketRow {
  match_id: unknown;
  void_reason: string | null;
  result_version: number;
}

/** Holds the market (after its match, the feed's order) and answers it with its match's result version. */
async function lockMarket(tx: Tx, marketId: number): Promise<MarketRow> {
  const { rows } = await tx.execute(sql`
    SELECT mk.match_id, mk.void_reason, x.result_version FROM sports_markets mk JOIN sports_matches x ON x.match_id = mk.match_id
    WHERE mk.market_id = ${marketId} FOR NO KEY UPDATE OF x, mk`);
  return (rows[0] as unknown as MarketRow | undefined) ?? fail('DESK_MARKET_NOT_FOUND');
}

/**
 * An operator voids a market with a reason: it takes no more bets, every leg on it is void (a
 * single's stake returned, a parlay's leg counted at odds 1) whether its match has a result yet
 * or not, and bets already settled on it are settled again (their payouts reversed, by
 * settleMarketBets once this has committed). Voiding a voided market is refused, so two operators
 * void it once.
 */
export async function voidMarket(deps: DeskDeps, marketId: number, reason: string, acceptDebt = false): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const market = await lockMarket(tx, marketId);
    if (market.void_reason !== null) fail('DESK_MARKET_VOIDED');
    await tx.execute(sql`
      UPDATE sports_markets SET void_reason = ${reason}, settle_rev = settle_rev + 1, status = 'closed', held = false WHERE market_id = ${marketId}`);
    await refuseShortfalls(tx, sql`l.market_id = ${marketId}`, acceptDebt);
  });
}

/**
 * An operator lifts a market's void and settles its bets again on the match's result (the void's
 * returned stakes taken back, the results' payouts paid). Needs the match's result: without one
 * the bets would have nothing to settle on.
 */
export async function resettleMarket(deps: DeskDeps, marketId: number, acceptDebt = false): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const market = await lockMarket(tx, marketId);
    if (market.void_reason === null) fail('DESK_MARKET_NOT_VOIDED');
    if (Number(market.result_version) === 0) fail('DESK_NO_RESULT');
    await tx.execute(sql`UPDATE sports_markets SET void_reason = NULL, settle_rev = settle_rev + 1 WHERE market_id = ${marketId}`);
    await refuseShortfalls(tx, sql`l.market_id = ${marketId}`, acceptDebt);
  });
}

/** A market's state as an audit entry shows it. */
export async function marketState(deps: Pick<Deps, 'db'>, marketId: number): Promise<Record<string, unknown>> {
  const { rows } = await deps.db.execute(sql`
    SELECT market_id, match_id, spec, status, held, void_reason, settle_rev FROM sports_markets WHERE market_id = ${marketId}`);
  return (rows[0] as Record<string, unknown> | undefined) ?? fail('DESK_MARKET_NOT_FOUND');
}

import { sql } from 'drizzle-orm';
import { channel } from '@bp/contract';
import type { Deps } from '../../../platform/deps.ts';
import { SETTLEABLE_SQL, settleBet, type Settled } from './settle-bet.ts';
import { announce } from '../bets/ledger.ts';

type SettleDeps = Pick<Deps, 'db' | 'bus' | 'log'>;

/** Told of each bet once its settlement committed (e.g. the live rooms' big-win news). */
export type SettlementListener = (deps: SettleDeps, settled: Settled) => Promise<void>;

// Registered once per process by the modules that follow settlements (the live module at its
// import), so the book never imports them: they depend on it.
const listeners = new Set<SettlementListener>();

export function whenBetSettled(listener: SettlementListener): void {
  listeners.add(listener);
}

/** A listener that fails is logged: the bet is settled whatever it does. */
async function tellListeners(deps: SettleDeps, settled: Settled): Promise<void> {
  for (const listener of listeners) {
    await listener(deps, settled).catch((err: unknown) => deps.log.error({ err, orderId: settled.event.orderId }, 'settlement listener failed'));
  }
}

export interface SettleReport {
  settled: number;
  failed: Array<{ betId: number; error: unknown }>;
  /** False when stopped part-way (shutdown): the rest is settled by the next run. */
  complete: boolean;
  /** Payouts a resettlement could not take back in full (the member had spent them): recorded on the bet as owed. */
  recoveryDue: Array<{ orderId: string; memberId: number; amountMinor: bigint }>;
}

/** Settles these bets, each in its own transaction; a bet already settled on its results is a no-op. */
async function settleBets(deps: SettleDeps, betIds: number[], signal?: AbortSignal): Promise<SettleReport> {
  const report: SettleReport = { settled: 0, failed: [], complete: false, recoveryDue: [] };
  for (const betId of betIds) {
    if (signal?.aborted) return report;
    try {
      const done = await deps.db.transaction((tx) => settleBet(tx, betId));
      if (!done) continue;
      report.settled++;
      if (done.recoveryDueMinor > 0n)
        report.recoveryDue.push({ orderId: done.event.orderId, memberId: done.owner.memberId, amountMinor: done.recoveryDueMinor });
      await deps.bus.publish(channel.user(done.owner.memberId), 'bet.settled', done.event);
      await announce(deps, done.owner);
      await tellListeners(deps, done);
    } catch (error) {
      report.failed.push({ betId, error });
    }
  }
  report.complete = report.failed.length === 0;
  return report;
}

const betIdsOf = (rows: unknown[]) => (rows as Array<{ bet_id: unknown }>).map((r) => Number(r.bet_id));

/**
 * Settles every bet with a leg on a match that has a result, each bet in its own transaction.
 * Crash-safe: a run stopped part-way leaves the match behind its result version, and the next
 * run (this instance or another) settles the rest; a bet already settled on these results is a
 * no-op. Once every bet went through, the match is marked settled at that version.
 */
export async function settleMatch(deps: SettleDeps, matchId: number, signal?: AbortSignal): Promise<SettleReport> {
  const version = await deps.db.execute(sql`SELECT result_version FROM sports_matches WHERE match_id = ${matchId}`);
  const resultVersion = Number((version.rows[0] as { result_version: unknown } | undefined)?.result_version ?? 0);
  if (resultVersion === 0) return { settled: 0, failed: [], complete: false, recoveryDue: [] };
  const { rows } = await deps.db.execute(sql`
    SELECT DISTINCT b.bet_id FROM sports_bet_legs l JOIN sports_bets b ON b.bet_id = l.bet_id
    WHERE l.match_id = ${matchId} AND b.status IN ${SETTLEABLE_SQL} ORDER BY b.bet_id`);
  const report = await settleBets(deps, betIdsOf(rows), signal);
  if (report.complete) {
    await deps.db.execute(sql`UPDATE sports_matches SET settled_version = ${resultVersion} WHERE match_id = ${matchId} AND settled_version < ${resultVersion}`);
  }
  return report;
}

/** Settles the bets on a market an operator voided or resettled; marked settled at that revision once all went through. */
export async function settleMarket(deps: SettleDeps, marketId: number, signal?: AbortSignal): Promise<SettleReport> {
  const found = await deps.db.execute(sql`SELECT settle_rev FROM sports_markets WHERE market_id = ${marketId}`);
  const rev = Number((found.rows[0] as { settle_rev: unknown } | undefined)?.settle_rev ?? 0);
  const { rows } = await deps.db.execute(sql`
    SELECT DISTINCT b.bet_id FROM sports_bet_legs l JOIN sports_bets b ON b.bet_id = l.bet_id
    WHERE l.market_id = ${marketId} AND b.status IN ${SETTLEABLE_SQL} ORDER BY b.bet_id`);
  const report = await settleBets(deps, betIdsOf(rows), signal);
  if (report.complete) await deps.db.execute(sql`UPDATE sports_markets SET settled_rev = ${rev} WHERE market_id = ${marketId} AND settled_rev < ${rev}`);
  return report;
}

/** Settles the matches whose latest result has not been fully settled yet (after a crash, or a correction), then such markets. */
export async function settleDueMatches(deps: SettleDeps, signal?: AbortSignal): Promise<SettleReport[]> {
  const { rows } = await deps.db.execute(sql`SELECT match_id FROM sports_matches WHERE settled_version < result_version ORDER BY match_id LIMIT 50`);
  const reports: SettleReport[] = [];
  for (const { match_id } of rows as Array<{ match_id: unknown }>) {
    if (signal?.aborted) return reports;
    reports.push(await settleMatch(deps, Number(match_id), signal));
  }
  const markets = await deps.db.execute(sql`SELECT market_id FROM sports_markets WHERE settled_rev < settle_rev ORDER BY market_id LIMIT 50`);
  for (const { market_id } of markets.rows as Array<{ market_id: unknown }>) {
    if (signal?.aborted) break;
    reports.push(await settleMarket(deps, Number(market_id), signal));
  }
  return reports;
}

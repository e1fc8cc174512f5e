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
}

/**
 * Settles every bet with a leg on a match that has a result, each bet in its own transaction.
 * Crash-safe: a run stopped part-way leaves the match behind its result version, and the next
 * run (this instance or another) settles the rest; a bet already settled on these results is a
 * no-op. Once every bet went through, the match is marked settled at that version.
 */
export async function settleMatch(deps: SettleDeps, matchId: number, signal?: AbortSignal): Promise<SettleReport> {
  const version = await deps.db.execute(sql`SELECT result_version FROM sports_matches WHERE match_id = ${matchId}`);
  const resultVersion = Number((version.rows[0] as { result_version: unknown } | undefined)?.result_version ?? 0);
  const report: SettleReport = { settled: 0, failed: [], complete: false };
  if (resultVersion === 0) return report;
  const { rows } = await deps.db.execute(sql`
    SELECT DISTINCT b.bet_id FROM sports_bet_legs l JOIN sports_bets b ON b.bet_id = l.bet_id
    WHERE l.match_id = ${matchId} AND b.status IN ${SETTLEABLE_SQL} ORDER BY b.bet_id`);
  for (const { bet_id } of rows as Array<{ bet_id: unknown }>) {
    if (signal?.aborted) return report;
    try {
      const done = await deps.db.transaction((tx) => settleBet(tx, Number(bet_id)));
      if (!done) continue;
      report.settled++;
      await deps.bus.publish(channel.user(done.owner.memberId), 'bet.settled', done.event);
      await announce(deps, done.owner);
      await tellListeners(deps, done);
    } catch (error) {
      report.failed.push({ betId: Number(bet_id), error });
    }
  }
  if (report.failed.length === 0) {
    await deps.db.execute(sql`UPDATE sports_matches SET settled_version = ${resultVersion} WHERE match_id = ${matchId} AND settled_version < ${resultVersion}`);
    report.complete = true;
  }
  return report;
}

/** Settles the matches whose latest result has not been fully settled yet (after a crash, or a correction). */
export async function settleDueMatches(deps: SettleDeps, signal?: AbortSignal): Promise<SettleReport[]> {
  const { rows } = await deps.db.execute(sql`SELECT match_id FROM sports_matches WHERE settled_version < result_version ORDER BY match_id LIMIT 50`);
  const reports: SettleReport[] = [];
  for (const { match_id } of rows as Array<{ match_id: unknown }>) {
    if (signal?.aborted) break;
    reports.push(await settleMatch(deps, Number(match_id), signal));
  }
  return reports;
}

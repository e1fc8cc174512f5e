import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import { retentionWindow } from '../../platform/retention.ts';

/**
 * Game records are kept GAME_RECORD_RETENTION_DAYS (default 90, at least 30) after they were
 * settled or refunded, then pruned by the casino's hourly job: never an open round, never one a
 * module still answers by its id (a provider's transaction ids, kept longer, would otherwise open
 * a fresh round under a pruned id).
 */
export const MIN_RECORD_DAYS = 30;

export const recordRetentionDays = (configured: number): number => retentionWindow('GAME_RECORD_RETENTION_DAYS', configured, MIN_RECORD_DAYS);

/** Of these round ids, those the registering module's own rows still reference. */
export type RoundKeeper = (db: DbOrTx, roundIds: string[]) => Promise<string[]>;

const keepers = new Set<RoundKeeper>();

/** A module whose rows refer to game records by id registers here (once per process), so those are kept. */
export function keepRoundsWhile(keeper: RoundKeeper): void {
  keepers.add(keeper);
}

/**
 * A game's own rows behind its rounds (a mines board, a dealt hand, the seeds that prove them):
 * deletes those closed more than `days` ago, never one of a round still open; answers how many went.
 */
export type RoundRowsPruner = (db: DbOrTx, days: number) => Promise<number>;

const pruners = new Map<string, RoundRowsPruner>();

/** A game whose rows stand behind its records registers here (once per process): the records' job prunes them after the records, with their window. */
export function pruneWithRecords(game: string, pruner: RoundRowsPruner): void {
  pruners.set(game, pruner);
}

/**
 * The hourly job's work: the records past the window, then each game's rows behind them (after the
 * records, so a game may rely on a record it would keep being gone); how many went of each.
 */
export async function pruneRounds(db: DbOrTx, days: number): Promise<Record<string, number>> {
  const gone: Record<string, number> = { records: await pruneRecords(db, days) };
  for (const [game, prune] of pruners) gone[game] = await prune(db, recordRetentionDays(days));
  return gone;
}

const BATCH = 1000;

type Due = { round_id: string; settled_at: string };

/** One batch of closed rounds settled before the window, after the cursor, oldest first. */
const dueAfter = (db: DbOrTx, days: number, after: Due | null) =>
  rowsOf<Due>(
    db,
    sql`
    SELECT round_id, settled_at::text AS settled_at FROM game_rounds
    WHERE status <> 'open' AND settled_at < now() - make_interval(days => ${days})
      ${after ? sql`AND (settled_at, round_id) > (${after.settled_at}::timestamptz, ${after.round_id})` : sql``}
    ORDER BY settled_at, round_id LIMIT ${BATCH}`,
  );

/** Deletes the closed rounds settled more than `days` ago that no keeper still references, a batch at a time; how many went. */
export async function pruneRecords(db: DbOrTx, days: number): Promise<number> {
  const window = recordRetentionDays(days);
  let gone = 0;
  for (let after: Due | null = null; ;) {
    const due = await dueAfter(db, window, after);
    if (!due.length) return gone;
    const ids = due.map((r) => r.round_id);
    const kept = new Set((await Promise.all([...keepers].map((keep) => keep(db, ids)))).flat());
    const prune = ids.filter((id) => !kept.has(id));
    if (prune.length) {
      const list = sql.join(
        prune.map((id) => sql`${id}`),
        sql`, `,
      );
      gone += (await rowsOf(db, sql`DELETE FROM game_rounds WHERE round_id IN (${list}) AND status <> 'open' RETURNING round_id`)).length;
    }
    if (due.length < BATCH) return gone;
    after = due[due.length - 1];
  }
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { PRUNE_BATCH, inBatches } from '../../platform/retention.ts';

/**
 * The originals' own rows go with their game records (the casino's hourly job, its window, after
 * the records): a mines board `days` after it was settled (never an open one), then a seed pair
 * `days` after it was revealed once no board refers to it (never the active pair). Every round of
 * a pair was settled before the pair was revealed (rotation waits for an open mines round), so
 * by then the records it proves are past the window too: the records screen and the operator's
 * recall never show a round whose revealed seed is gone. The ledger keeps its transfers.
 */
export async function pruneOriginals(db: DbOrTx, days: number): Promise<number> {
  const boards = await inBatches(
    db,
    () => sql`
    DELETE FROM originals_mines WHERE round_id IN (
      SELECT round_id FROM originals_mines WHERE status <> 'open' AND settled_at < now() - make_interval(days => ${days})
      ORDER BY settled_at LIMIT ${PRUNE_BATCH})
    RETURNING round_id`,
  );
  const pairs = await inBatches(
    db,
    () => sql`
    DELETE FROM originals_seeds WHERE seed_id IN (
      SELECT s.seed_id FROM originals_seeds s
      WHERE s.revealed_at < now() - make_interval(days => ${days})
        AND NOT EXISTS (SELECT 1 FROM originals_mines m WHERE m.seed_id = s.seed_id)
      ORDER BY s.revealed_at LIMIT ${PRUNE_BATCH})
    RETURNING seed_id`,
  );
  return boards + pairs;
}

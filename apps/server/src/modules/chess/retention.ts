import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { PRUNE_BATCH, inBatches } from '../../platform/retention.ts';

/** 抢庄牛牛's dealt hands go with their game records (the casino's hourly job): `days` after they were settled, never an open one. */
export const pruneHands = (db: DbOrTx, days: number): Promise<number> =>
  inBatches(
    db,
    () => sql`
    DELETE FROM chess_niuniu_hands WHERE round_id IN (
      SELECT round_id FROM chess_niuniu_hands WHERE status = 'settled' AND settled_at < now() - make_interval(days => ${days})
      ORDER BY settled_at LIMIT ${PRUNE_BATCH})
    RETURNING round_id`,
  );

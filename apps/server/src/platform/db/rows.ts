import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './index.ts';
import { executePrepared } from './prepared.ts';

/** Rows of a raw query. PGlite answers bigint as BigInt and node-postgres as text: convert with Number or BigInt. */
export async function rowsOf<T>(tx: DbOrTx, query: SQL): Promise<T[]> {
  return (await tx.execute(query)).rows as T[];
}

/**
 * Waits for named turns: transaction advisory locks, held until the transaction ends, always taken
 * in sorted order (one lock order everywhere). A read-then-act limit checked inside its turn holds
 * under any concurrency.
 */
export async function takeTurns(tx: DbOrTx, ...names: string[]): Promise<void> {
  for (const name of [...names].sort()) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

/** rowsOf, as a named prepared statement (executePrepared: for a hot statement whose text is always the same). */
export async function preparedRowsOf<T>(tx: DbOrTx, query: SQL): Promise<T[]> {
  return (await executePrepared(tx, query)).rows as T[];
}

/** The first row of a raw query, or null. */
export async function oneOf<T>(tx: DbOrTx, query: SQL): Promise<T | null> {
  return (await rowsOf<T>(tx, query))[0] ?? null;
}

/** oneOf, as a named prepared statement (see preparedRowsOf). */
export async function preparedOneOf<T>(tx: DbOrTx, query: SQL): Promise<T | null> {
  return (await preparedRowsOf<T>(tx, query))[0] ?? null;
}

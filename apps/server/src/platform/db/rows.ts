import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './index.ts';

/** Rows of a raw query. PGlite answers bigint as BigInt and node-postgres as text: convert with Number or BigInt. */
export async function rowsOf<T>(tx: DbOrTx, query: SQL): Promise<T[]> {
  return (await tx.execute(query)).rows as T[];
}

/** The first row of a raw query, or null. */
export async function oneOf<T>(tx: DbOrTx, query: SQL): Promise<T | null> {
  return (await rowsOf<T>(tx, query))[0] ?? null;
}

import { sql } from 'drizzle-orm';
import { fromMinor } from '@bp/contract';
import type { DbOrTx } from '../../platform/db/index.ts';

/** Raw-query rows (platform/db); PGlite answers bigint as BigInt and node-postgres as text: read them with `big`. */
export { rowsOf, oneOf } from '../../platform/db/index.ts';

export const big = (value: unknown): bigint => (value === null || value === undefined ? 0n : BigInt(value as string));
export const epochMs = (value: unknown): number => new Date(value as string).getTime();
/** Minor units to the API's decimal number. */
export const money = (value: unknown): number => fromMinor(big(value));

/** Serialises work on one member's wallet (cancel limits, daily counts) inside a transaction. */
export async function lockMember(tx: DbOrTx, memberId: number, scope: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock((${scope}::bigint << 40) + ${memberId}::bigint)`);
}
export const LOCK_SCOPE = { depositCancel: 3001, withdraw: 3002, yeb: 3003 } as const;

import { sql } from 'drizzle-orm';
import { executePrepared, type Db } from '../../platform/db/index.ts';

/**
 * `SELECT <columns> FROM <fn>(<args>)`, one statement in a transaction of its own, prepared once per
 * connection on PostgreSQL (the venue transfer's phases and the sandbox venue's books are SQL
 * functions in sql/).
 */
export async function callPrepared(db: Db, fn: string, columns: string, args: unknown[]): Promise<Record<string, unknown>[]> {
  const { rows } = await executePrepared(
    db,
    sql`SELECT ${sql.raw(columns)} FROM ${sql.raw(fn)}(${sql.join(
      args.map((a) => sql`${a}`),
      sql`, `,
    )})`,
  );
  return rows;
}

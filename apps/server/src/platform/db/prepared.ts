import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './index.ts';

const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * A statement's name on a connection: `prefix` and the hash of its text, so one name never carries
 * two texts. Statements prepared by PREPARE (inTwoTrips) take another prefix than node-postgres's
 * own: the two share a connection's names, and node-postgres knows only of its own.
 */
export function statementName(text: string, prefix = 'p'): string {
  const key = prefix + text;
  let name = names.get(key);
  if (!name) {
    name = `${prefix}${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(key, name);
  }
  return name;
}

/**
 * Runs a hot-path statement like `execute`, inside a transaction or not, but on PostgreSQL as a
 * named prepared statement: parsed and planned once per connection instead of on every call (on
 * the bet path, parse and plan were a third of PostgreSQL's CPU). PGlite runs it as text. Only for
 * statements whose text takes a few shapes (each shape stays prepared on every connection of the
 * pool): not for SQL built from unbounded lists or free text.
 *
 * Nor for a statement whose best plan depends on how big a table has grown: a join with unnest(),
 * `= ANY ($1)` on a table that keeps growing, a join the planner may hash. After five calls the
 * statement keeps one generic plan for the connection's life, planned on the statistics of that
 * moment: made while a table was small (a fresh database, or one never analyzed) it stays a
 * sequential scan (the idempotency keys' answers, a bet's exposure read through every bet). Key
 * lookups, correlated subqueries on an index, and inserts from arrays plan the same at any size.
 */
export async function executePrepared(db: DbOrTx, query: SQL): Promise<{ rows: Record<string, unknown>[] }> {
  const built = dialect.sqlToQuery(query);
  return runPrepared(db, built.sql, built.params, statementName(built.sql));
}

async function runPrepared(db: DbOrTx, text: string, params: unknown[], name: string): Promise<{ rows: Record<string, unknown>[] }> {
  return (await db._.session.prepareQuery({ sql: text, params }, undefined, name, false).execute()) as { rows: Record<string, unknown>[] };
}

/**
 * `SELECT <columns> FROM <fn>($1::<type>, …)`, run as executePrepared does, its text written once:
 * only the values are bound at each call. For the batched money paths' calls, whose drizzle
 * template, built again at every batch, was about a twentieth of the server's busy time on the
 * venue transfers (issue 18). A type of '' leaves its argument uncast.
 */
export function preparedCall(fn: string, columns: string, types: readonly string[]): (db: DbOrTx, values: unknown[]) => Promise<Record<string, unknown>[]> {
  const text = `SELECT ${columns} FROM ${fn}(${types.map((type, i) => `$${i + 1}${type && `::${type}`}`).join(', ')})`;
  const name = statementName(text);
  return async (db, values) => (await runPrepared(db, text, values, name)).rows;
}

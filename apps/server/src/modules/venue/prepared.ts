import pg from 'pg';
import type { Db } from '../../platform/db/index.ts';

type RawClient = { query(text: string | { name: string; text: string; values: unknown[] }, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * A hot-path statement, run without the query builder: on PostgreSQL as a named prepared
 * statement (parsed and planned once per connection, under `name`), on PGlite as plain text.
 * Not for use inside a transaction: it runs on its own connection, in a transaction of its own.
 */
export async function runPrepared<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: RawClient }).$client;
  const { rows } = client instanceof pg.Pool ? await client.query({ name, text, values }) : await client.query(text, values);
  return rows as T[];
}

import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Config } from '../config.ts';

export { executePrepared, preparedCall } from './prepared.ts';
export { inTwoTrips, type TwoTrips } from './two-trips.ts';
export { rowsOf, oneOf, preparedRowsOf, preparedOneOf, takeTurns } from './rows.ts';
export { arrayParam, arrayLiteral, type ArrayElement } from './arrays.ts';
export { sqlState, isRetryable } from './retry.ts';
export { timestamptz, minor, bigId, bytea } from './columns.ts';
import { retrying } from './retry.ts';

/**
 * One query builder over either engine. PGlite and node-postgres share Drizzle's PostgreSQL
 * dialect, so the same SQL runs on both; we type both as the node-postgres flavour.
 */
export type Db = NodePgDatabase<Record<string, never>>;
/** A transaction handle; anything that takes a Db also takes one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
  /** Runs a script in one transaction on one connection: all of it or none (migrations). */
  execAtomically(sql: string): Promise<void>;
  /** A raw query with parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config.databaseSchema) : openPglite(config.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  if (dataDir !== ':memory:') fs.mkdirSync(dataDir, { recursive: true });
  const client = dataDir === ':memory:' ? new PGlite() : new PGlite(dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    execAtomically: async (sql) => {
      await client.transaction(async (tx) => {
        await tx.exec(sql);
      });
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows,
    close: () => client.close(),
  };
}

async function openPostgres(url: string, schema: string | null): Promise<Database> {
  if (schema) {
    // Tests each live in a schema of their own on the shared database.
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await setup.end();
  }
  const max = Number(process.env.PG_POOL_MAX ?? 20);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // An idle connection is kept a minute (pg-pool closes it after 10 s by default), and the last
    // few for good: a connection opened anew compiles every SQL function and plan it runs again,
    // and after 15 s of quiet 32 members' first transfers took 120-170 ms for it on a slow host
    // (40-70 ms with it kept); after a minute, 170-200 ms with none kept.
    idleTimeoutMillis: 60_000,
    min: Math.min(max, Number(process.env.PG_POOL_MIN ?? 8)),
    options: schema ? `-c search_path="${schema}"` : undefined,
  });
  retryAborted(pool);
  const db = drizzlePg({ client: pool }) as Db;
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => retrying(() => transaction(work, config))) as Db['transaction'];
  return {
    db,
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    execAtomically: async (sql) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        await conn.query(sql);
        await conn.query('COMMIT');
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        conn.release();
      }
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    close: () => pool.end(),
  };
}

/**
 * A deadlock or serialization failure is retried, never answered as an error: top-level
 * transactions rerun whole (above), and so does a statement outside any (the pool's own query;
 * a transaction's statements run on a client of their own and rerun with it).
 */
function retryAborted(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => (typeof args[args.length - 1] === 'function' ? query(...args) : retrying(() => query(...args)))) as typeof pool.query;
}

/** Drops a test's schema (PostgreSQL) after its pool has closed. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}

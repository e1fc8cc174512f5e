import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './index.ts';
import { executePrepared, statementName } from './prepared.ts';
import { retrying } from './retry.ts';

type Rows = Record<string, unknown>[];

/** The two messages of a transaction in two round trips (inTwoTrips). */
export interface TwoTrips {
  /** BEGIN, then `statements` in their order: each one's rows. Called once, first. */
  open(statements: SQL[]): Promise<Rows[]>;
  /** `statement` (if any), then COMMIT: its rows, answered once committed. Called once, last. */
  close(statement: SQL | null): Promise<Rows>;
}

/**
 * A whole transaction in two round trips, for a batched money path (issue 18): its first
 * statements travel with its BEGIN and its last with its COMMIT, one message each, and the work in
 * between is the caller's own (no statement). Each round trip of a bet batch cost about a twelfth
 * of the bets per second: a batch waits for the server's event loop at every answer.
 *
 * On PostgreSQL each message is a simple query whose statements run as `EXECUTE` of statements
 * prepared once per connection (their parameters inlined as quoted literals), so they keep the
 * plans that executePrepared keeps (see its rules). PGlite has no round trips: there it is an
 * ordinary transaction. Should anything fail, nothing of it is committed; a deadlock reruns it
 * whole, as Db.transaction does.
 */
export async function inTwoTrips<T>(db: Db, work: (trips: TwoTrips) => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    return db.transaction((tx) =>
      work({
        open: async (statements) => {
          const rows: Rows[] = [];
          for (const s of statements) rows.push((await executePrepared(tx, s)).rows);
          return rows;
        },
        close: async (statement) => (statement ? (await executePrepared(tx, statement)).rows : []),
      }),
    );
  }
  return retrying(() => onConnection(client, work));
}

async function onConnection<T>(pool: pg.Pool, work: (trips: TwoTrips) => Promise<T>): Promise<T> {
  const conn = await pool.connect();
  let begun = false;
  let broken: Error | undefined;
  const send = async (statements: string[]): Promise<Rows[]> => {
    const answer = (await conn.query(statements.join(';\n'))) as pg.QueryResult | pg.QueryResult[];
    return (Array.isArray(answer) ? answer : [answer]).map((r) => r.rows as Rows);
  };
  try {
    return await work({
      open: async (statements) => {
        const calls = await executions(conn, statements);
        begun = true;
        return (await send(['BEGIN', ...calls])).slice(1);
      },
      close: async (statement) => {
        const calls = statement ? await executions(conn, [statement]) : [];
        const [rows] = await send([...calls, 'COMMIT']);
        begun = false;
        return statement ? rows : [];
      },
    });
  } catch (err) {
    // A failed statement leaves the transaction open and aborted; after a failed COMMIT this is a no-op.
    if (begun) await conn.query('ROLLBACK').catch((e: Error) => (broken = e));
    throw err;
  } finally {
    conn.release(broken);
  }
}

const dialect = new PgDialect();
/** The statements prepared on each connection, by name. */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/** `EXECUTE name(literals)` of each statement, preparing on this connection (a round trip each, once) those it lacks. */
async function executions(conn: pg.PoolClient, statements: SQL[]): Promise<string[]> {
  const known = preparedOn.get(conn) ?? new Set<string>();
  preparedOn.set(conn, known);
  const built = statements.map((s) => dialect.sqlToQuery(s));
  const names = built.map((b) => statementName(b.sql, 't'));
  for (const [i, name] of names.entries()) {
    if (known.has(name)) continue;
    await conn.query(`PREPARE ${name} AS ${built[i].sql}`);
    known.add(name);
  }
  return built.map((b, i) => (b.params.length ? `EXECUTE ${names[i]}(${b.params.map(literal).join(', ')})` : `EXECUTE ${names[i]}`));
}

/** A parameter as a quoted literal, in the text node-postgres itself would send for it. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return quoted(value.toISOString());
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return quoted(String(value));
  throw new Error(`inTwoTrips: no literal for a parameter of type ${typeof value}`);
}

/** pg.escapeLiteral, without its character-by-character pass over the batches' long array literals when there is nothing to escape. */
const quoted = (text: string): string => (/['\\]/.test(text) ? pg.escapeLiteral(text) : `'${text}'`);

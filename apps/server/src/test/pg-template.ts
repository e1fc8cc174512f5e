import pg from 'pg';
import { randomBytes } from 'node:crypto';

/**
 * On PostgreSQL, a test server's database is a copy of the run's template database (made once by
 * the global setup: every migration and the demo data, as the PGlite template). Migrating a schema
 * of its own took each of the suite's few hundred servers about 2 s of both processes' CPU; a copy
 * (`CREATE DATABASE … TEMPLATE`, written through the WAL, no checkpoint) takes about 0.1 s.
 *
 * The run's databases are named `bp_test_<pid of the run>_…`: the setup drops those of runs that
 * are no longer alive (a killed run leaves its copies behind), and the run's own at its end.
 */
export const PG_TEMPLATE_ENV = 'BP_TEST_PG_TEMPLATE';

const PREFIX = 'bp_test_';

/** The same server's URL, on another database. */
export function onDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onServer<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** Creates the run's (empty) template database and drops the databases of runs no longer alive; returns its name. */
export async function createTemplateDatabase(url: string): Promise<string> {
  const name = `${PREFIX}${process.pid}_template`;
  await onServer(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${PREFIX}%'`);
    for (const { datname } of rows)
      if (!alive(Number(datname.slice(PREFIX.length).split('_')[0]))) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}"`);
  });
  return name;
}

/** Drops the run's template and every copy of it still there. */
export async function dropRunDatabases(url: string, template: string): Promise<void> {
  const run = template.replace(/template$/, '');
  await onServer(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [run]);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

/** A copy of the template for one test server: its URL, and how to drop it once the server has closed. */
export async function copyTemplate(url: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${template.replace(/template$/, '')}${randomBytes(6).toString('hex')}`;
  await onServer(url, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY wal_log`));
  return {
    url: onDatabase(url, name),
    // Without FORCE: PostgreSQL waits (up to 5 s) for the closed pool's last connections to go,
    // where FORCE would end them with an error their client reports.
    drop: () => onServer(url, (c) => c.query(`DROP DATABASE IF EXISTS "${name}"`)).then(() => undefined),
  };
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

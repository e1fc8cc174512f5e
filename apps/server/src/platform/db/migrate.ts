import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './index.ts';
import type { Module } from '../deps.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../migrations');
/** The platform's own SQL functions (on its tables, e.g. the idempotency keys), applied before the modules'. */
const PLATFORM_FUNCTIONS = path.resolve(import.meta.dirname, '../sql');

/** Instances starting together on one PostgreSQL database take turns on this lock. */
const LOCK = 'SELECT pg_advisory_xact_lock(7243001);';

/**
 * Brings a database to the code's schema, in two steps; the same files serve PGlite and PostgreSQL.
 *
 * 1. Tables, columns, indexes and data: `migrations/NNNN_name.sql` in order, each once, each in
 *    its own transaction. `schema_migrations` keeps the names of the files applied (no checksum):
 *    an applied file is never edited, a change is a new file. Each table is also written down, as
 *    it stands after all of them, in its owner's `tables.ts` (Drizzle).
 * 2. SQL functions (trigger functions too): each module keeps its own in `sql/<function>.sql`
 *    (`Module.sqlFunctions`), and the platform its own in `platform/sql`, one function per file,
 *    written `CREATE OR REPLACE FUNCTION`. They are the functions' one source: all are applied
 *    again at every start, after the migrations, in one transaction, the platform's first, then in
 *    the modules' order (a function may call those of the platform and of the modules before its
 *    own) and then by file name. A migration creates or redefines no function (migrations up to 0065
 *    did, before this step existed; the files replace what they made). When a function's
 *    arguments or result change, its file first drops the old one (`DROP FUNCTION IF EXISTS
 *    name(old argument types);`); a function no longer wanted is dropped by a migration. A
 *    migration runs before the functions of its own release are applied: it uses none of them.
 *
 * src/test/schema.test.ts holds the table definitions, the function files and a migrated database
 * to one another.
 *
 * On PostgreSQL both steps hold the advisory lock, so instances starting together never apply a
 * file twice nor replace a function at the same moment.
 */
export async function migrate(database: Database, modules: readonly Module[], dir = MIGRATIONS_DIR): Promise<string[]> {
  const applied = await applyMigrations(database, dir);
  await applyFunctions(database, modules);
  return applied;
}

async function applyMigrations(database: Database, dir: string): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set((await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const applied: string[] = [];
  for (const file of files.filter((f) => !done.has(f))) {
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    // The check and the insert run inside the transaction, after the lock, so a file runs once.
    const script = `${lockOf(database)}
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM schema_migrations WHERE name = '${file}') THEN
          RAISE EXCEPTION 'already-applied';
        END IF;
      END $$;
      ${sql}
      ;INSERT INTO schema_migrations(name) VALUES ('${file}');`;
    try {
      await database.execAtomically(script);
      applied.push(file);
    } catch (err) {
      if (!String((err as Error).message).includes('already-applied')) {
        throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
    }
  }
  return applied;
}

/** The SQL function files of the platform and the modules, in the order they are applied. */
export function functionFiles(modules: readonly Module[]): string[] {
  return [PLATFORM_FUNCTIONS, ...modules.map((m) => m.sqlFunctions)].flatMap((dir) =>
    dir
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.sql'))
          .sort()
          .map((f) => path.join(dir, f))
      : [],
  );
}

async function applyFunctions(database: Database, modules: readonly Module[]): Promise<void> {
  const files = functionFiles(modules);
  if (files.length === 0) return;
  const script = files.map((file) => fs.readFileSync(file, 'utf8')).join('\n;\n');
  try {
    await database.execAtomically(`${lockOf(database)}\n${script}`);
  } catch (err) {
    throw new Error(`SQL functions failed: ${(err as Error).message}`, { cause: err });
  }
}

const lockOf = (database: Database) => (database.kind === 'postgres' ? LOCK : '');

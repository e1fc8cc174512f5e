import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './index.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../migrations');

/**
 * Applies `migrations/NNNN_name.sql` in order, each once, each in its own transaction. The same
 * files serve PGlite and PostgreSQL. On PostgreSQL an advisory lock keeps two instances starting
 * together from applying the same file twice.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set((await database.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const applied: string[] = [];
  for (const file of files.filter((f) => !done.has(f))) {
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    const lock = database.kind === 'postgres' ? `SELECT pg_advisory_xact_lock(7243001);` : '';
    // The check and the insert run inside the transaction, after the lock, so a file runs once.
    const script = `${lock}
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
        throw new Error(`migration ${file} failed: ${(err as Error).message}`);
      }
    }
  }
  return applied;
}

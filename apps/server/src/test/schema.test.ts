import fs from 'node:fs';
import path from 'node:path';
import { is, SQL } from 'drizzle-orm';
import { PgDialect, PgTable, getTableConfig, pgTable, text, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionFiles, MIGRATIONS_DIR } from '../platform/db/migrate.ts';
import { timestamptz } from '../platform/db/index.ts';
import { modules } from '../modules/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The schema read in one place holds: the table definitions (every `tables.ts` under src/) are
 * the migrated database's tables, column for column (type, nullability, default), with the same
 * primary keys and indexes (their names, columns, uniqueness, whether partial; not their
 * predicates nor sort orders); the SQL functions are the modules' `sql/*.sql` files, and no
 * migration defines one any more. CHECK and foreign-key constraints are the migrations' alone.
 */

/** Per table: each column as `type [not null] [default x]`, the primary key, each index as `[unique] (columns) [partial]`. */
type Schema = Record<string, { columns: Record<string, string>; primaryKey: string; indexes: Record<string, string> }>;

/** Migrations up to this one defined functions; later ones leave them to the modules' sql/ files. */
const LAST_MIGRATION_WITH_FUNCTIONS = '0065';

const SRC = path.resolve(import.meta.dirname, '..');

async function definedTables(): Promise<PgTable[]> {
  const files = fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => path.basename(file) === 'tables.ts');
  const exported = await Promise.all(files.map(async (file) => Object.values(await import(path.join(SRC, file)))));
  return exported.flat().filter((value): value is PgTable => is(value, PgTable));
}

const dialect = new PgDialect();

/** A column as the database's catalog writes it. */
function columnOf(column: PgColumn): string {
  const serial = ['PgSerial', 'PgBigSerial53', 'PgBigSerial64'].includes(column.columnType);
  const type = column
    .getSQLType()
    .replace(/^bigserial$/, 'bigint')
    .replace(/^serial$/, 'integer')
    .replace(/, /g, ',');
  const value = column.default;
  const initial = serial
    ? 'serial'
    : is(value, SQL)
      ? dialect.sqlToQuery(value).sql
      : Array.isArray(value)
        ? `'{${value.join(',')}}'`
        : typeof value === 'string' || typeof value === 'object'
          ? `'${typeof value === 'string' ? value : JSON.stringify(value)}'`
          : value;
  return [type, column.notNull && 'not null', initial !== undefined && `default ${initial}`].filter(Boolean).join(' ');
}

const indexOf = (unique: boolean, columns: string[], partial: boolean) =>
  [unique && 'unique', `(${columns.join(', ')})`, partial && 'partial'].filter(Boolean).join(' ');

function defined(tables: PgTable[]): Schema {
  const schema: Schema = {};
  for (const table of tables) {
    const { name, columns, primaryKeys, indexes, uniqueConstraints } = getTableConfig(table);
    if (schema[name]) throw new Error(`table ${name} is defined twice`);
    const keyColumns = primaryKeys[0]?.columns ?? columns.filter((c) => c.primary);
    schema[name] = {
      columns: Object.fromEntries(columns.map((c) => [c.name, columnOf(c)])),
      primaryKey: keyColumns.map((c) => c.name).join(', '),
      indexes: Object.fromEntries([
        ...indexes.map(({ config }) => [
          config.name!,
          indexOf(
            config.unique,
            config.columns.map((c) => ('name' in c && c.name ? c.name : '(expression)')),
            config.where !== undefined,
          ),
        ]),
        ...uniqueConstraints.map((u) => [
          u.getName()!,
          indexOf(
            true,
            u.columns.map((c) => c.name),
            false,
          ),
        ]),
        ...columns.filter((c) => c.isUnique).map((c) => [c.uniqueName!, indexOf(true, [c.name], false)]),
      ]),
    };
  }
  return schema;
}

/** The catalog's default without its cast (`'classy'::text` is `'classy'`); a sequence's is `serial`. */
const defaultOf = (expr: string) => (expr.startsWith('nextval(') ? 'serial' : expr.replace(/::[a-z ]+(\[\])?$/, ''));

async function migrated(s: TestServer): Promise<Schema> {
  const query = s.deps.database.query.bind(s.deps.database);
  const columns = await query<{ table: string; column: string; type: string; not_null: boolean; initial: string | null }>(`
    SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
           pg_get_expr(d.adbin, d.adrelid) AS initial
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
    WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> 'schema_migrations'
    ORDER BY c.relname, a.attnum`);
  const indexes = await query<{ table: string; name: string; primary: boolean; unique: boolean; partial: boolean; columns: string[] }>(`
    SELECT t.relname AS table, i.relname AS name, x.indisprimary AS primary, x.indisunique AS unique, x.indpred IS NOT NULL AS partial,
           array(SELECT coalesce(a.attname::text, '(expression)') FROM unnest(x.indkey::int2[]) WITH ORDINALITY k(attnum, n)
                 LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n) AS columns
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema() AND t.relname <> 'schema_migrations'`);
  const schema: Schema = {};
  for (const c of columns) {
    const table = (schema[c.table] ??= { columns: {}, primaryKey: '', indexes: {} });
    table.columns[c.column] = [c.type, c.not_null && 'not null', c.initial !== null && `default ${defaultOf(c.initial)}`].filter(Boolean).join(' ');
  }
  for (const i of indexes) {
    if (i.primary) schema[i.table].primaryKey = i.columns.join(', ');
    else schema[i.table].indexes[i.name] = indexOf(i.unique, i.columns, i.partial);
  }
  return schema;
}

/** Where two schemas differ, one line each. */
function drift(definitions: unknown, database: unknown, at = ''): string[] {
  if (typeof definitions !== 'object' || typeof database !== 'object') {
    return definitions === database ? [] : [`${at}: defined ${String(definitions)}, migrated ${String(database)}`];
  }
  const a = definitions as Record<string, unknown>;
  const b = database as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort().flatMap((key) => {
    const where = at ? `${at}.${key}` : key;
    if (!(key in b)) return [`${where}: defined, not in the migrated database`];
    if (!(key in a)) return [`${where}: in the migrated database, not defined`];
    return drift(a[key], b[key], where);
  });
}

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('the table definitions', () => {
  it('are the migrated database: every table, column (type, nullability, default), primary key and index', async () => {
    expect(drift(defined(await definedTables()), await migrated(s))).toEqual([]);
  });

  it('see a column a migration added without its definition, and a definition without its column', async () => {
    const tables = await definedTables();
    await s.deps.database.exec(`ALTER TABLE sports_feed_lease ADD COLUMN drift_probe text`);
    try {
      expect(drift(defined(tables), await migrated(s))).toEqual(['sports_feed_lease.columns.drift_probe: in the migrated database, not defined']);
    } finally {
      await s.deps.database.exec(`ALTER TABLE sports_feed_lease DROP COLUMN drift_probe`);
    }
    const ahead = pgTable('sports_feed_lease', {
      name: text('name').primaryKey(),
      holder: text('holder').notNull(),
      expiresAt: timestamptz('expires_at').notNull(),
      later: text('later'),
    });
    const others = tables.filter((t) => getTableConfig(t).name !== 'sports_feed_lease');
    expect(drift(defined([...others, ahead]), await migrated(s))).toEqual(['sports_feed_lease.columns.later: defined, not in the migrated database']);
  });
});

describe('the SQL functions', () => {
  it('are the platform’s and the modules’ sql/ files, one function each, and the database has no other', async () => {
    const files = functionFiles(modules);
    for (const file of files) expect(fs.readFileSync(file, 'utf8'), file).toContain(`CREATE OR REPLACE FUNCTION ${path.basename(file, '.sql')}(`);
    const inDatabase = await s.deps.database.query<{ name: string }>(
      `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = current_schema()`,
    );
    expect(inDatabase.map((f) => f.name).sort()).toEqual(files.map((file) => path.basename(file, '.sql')).sort());
  });

  it('are defined by no migration after the files took them over', () => {
    const later = fs.readdirSync(MIGRATIONS_DIR).filter((file) => file.slice(0, 4) > LAST_MIGRATION_WITH_FUNCTIONS);
    const defining = later.filter((file) => /CREATE\s+(OR\s+REPLACE\s+)?FUNCTION/i.test(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')));
    expect(defining).toEqual([]);
  });
});

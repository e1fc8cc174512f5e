import { sql, type SQL } from 'drizzle-orm';

type Element = string | number | bigint | boolean | null;

const element = (v: Element): string => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`);

/**
 * A whole array as one parameter, cast to `type` (e.g. 'bigint[]'): the batched paths' columns
 * for unnest. Drizzle spreads a JS array into a list of parameters; PostgreSQL's array literal as
 * text reaches node-postgres and PGlite alike, whatever its length, as one prepared shape.
 */
export function arrayParam(values: readonly Element[], type: string): SQL {
  return sql`${`{${values.map(element).join(',')}}`}::${sql.raw(type)}`;
}

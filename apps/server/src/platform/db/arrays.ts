import { sql, type SQL } from 'drizzle-orm';

/** A value of an array parameter. */
export type ArrayElement = string | number | bigint | boolean | null;

/** One element of an array literal: numbers and booleans as they are, strings quoted (escaped only when they must be: the batches' hot path). */
function element(v: ArrayElement): string {
  if (v === null) return 'NULL';
  if (typeof v !== 'string') return String(v);
  return `"${/["\\]/.test(v) ? v.replace(/["\\]/g, '\\$&') : v}"`;
}

/**
 * A whole array as one parameter, cast to `type` (e.g. 'bigint[]'): the batched paths' columns
 * for unnest. Drizzle spreads a JS array into a list of parameters; PostgreSQL's array literal as
 * text reaches node-postgres and PGlite alike, whatever its length, as one prepared shape.
 */
export function arrayParam(values: readonly ArrayElement[], type: string): SQL {
  return sql`${arrayLiteral(values)}::${sql.raw(type)}`;
}

/** PostgreSQL's array literal of `values` as text (for a parameter cast to an array type). */
export const arrayLiteral = (values: readonly ArrayElement[]): string => `{${values.map(element).join(',')}}`;

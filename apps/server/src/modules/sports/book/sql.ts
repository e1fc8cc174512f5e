import { sql, type SQL } from 'drizzle-orm';

/** `(a, b, c)` for an IN list of parameters. */
export const inList = (values: Array<number | string>): SQL =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** Epoch milliseconds of a timestamptz column (whole ms), as a float both drivers answer as a number. */
export const epochMs = (column: SQL): SQL => sql`round(extract(epoch FROM ${column}) * 1000)::float8`;

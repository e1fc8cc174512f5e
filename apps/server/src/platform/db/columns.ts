import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/** Column types the table definitions share. */

/** `timestamptz`, read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `bigint` money in integer minor units, read as a BigInt. */
export const minor = (name: string) => bigint(name, { mode: 'bigint' });

/** A `bigint` id (a bigserial's or a reference to one), read as a number. */
export const bigId = (name: string) => bigint(name, { mode: 'number' });

/** `bytea` (Drizzle has no builder of its own for it). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

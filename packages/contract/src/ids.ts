import { z } from 'zod';

/** PostgreSQL's `integer`, the type of `serial` keys (sites, pay types, leagues, help articles). */
export const INT4_MAX = 2_147_483_647;

/** The id of a `serial` row on the wire: a larger number names no row, and overflows the query that looks. */
export const SerialId = z.number().int().positive().max(INT4_MAX);

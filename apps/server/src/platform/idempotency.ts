import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { arrayParam, executePrepared, type Db, type DbOrTx, type Tx } from './db/index.ts';
import { AppError, hookWhere } from './http/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The `Idempotency-Key` of a money-moving call (routes with `idempotent: true`), bound to its route. */
    idempotencyKey: IdempotencyKey | null;
  }
}

/**
 * A client's key with the route it came on. A key is the member's (one row per member and key) and
 * its stored hash covers the route: the same key sent on another route is refused as a mismatch,
 * never answered with the other route's result.
 */
export interface IdempotencyKey {
  key: string;
  route: string;
}

/** What an `Idempotency-Key` may be (also documented in OpenAPI). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,64}$/;

/** Routes with `idempotent: true` require an `Idempotency-Key` header of 8 to 64 characters. */
export function installIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyKey', null);
  hookWhere(
    app,
    'preValidation',
    (config) => config.idempotent === true,
    async (req) => {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
      req.idempotencyKey = { key, route: req.routeOptions.url ?? req.url };
    },
  );
}

/** The hash a key's claim stores: the route and the body, so a key serves one request only. */
export const requestHash = (idem: IdempotencyKey, body: unknown): string =>
  createHash('sha256')
    .update(`${idem.route}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');

export type Claim<T> = { fresh: true } | { fresh: false; response: T };

/**
 * Claims a key inside the caller's transaction. A concurrent claim of the same key waits on the
 * row until this transaction ends, then sees its outcome. The same key with another body is an
 * error; a key still `pending` (a two-phase call in flight) answers 409. With `turn` (a name, e.g.
 * 'sports-bet:<memberId>'), the claim first waits for that turn, an advisory lock held until the
 * transaction ends, in the same round trip: calls taking the same turn go one at a time.
 */
export async function claimKey<T>(tx: DbOrTx, memberId: number, key: string, hash: string, state: 'pending' | 'done', turn?: string): Promise<Claim<T>> {
  const claimed = sql`${memberId}::bigint, ${key}::text, ${hash}::text, ${state}::text`;
  const inserted = await executePrepared(
    tx,
    sql`
    INSERT INTO idempotency_keys (member_id, key, request_hash, state)
    ${turn === undefined ? sql`VALUES (${claimed})` : sql`SELECT ${claimed} FROM (SELECT pg_advisory_xact_lock(hashtextextended(${turn}, 0))) AS turn`}
    ON CONFLICT DO NOTHING RETURNING key`,
  );
  if (inserted.rows.length > 0) return { fresh: true };
  const { rows } = await tx.execute(sql`
    SELECT request_hash, state, response FROM idempotency_keys WHERE member_id = ${memberId} AND key = ${key}`);
  const row = rows[0] as { request_hash: string; state: string; response: T } | undefined;
  if (!row) throw new AppError('IDEMPOTENCY_IN_FLIGHT', { httpStatus: 409 });
  if (row.request_hash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH');
  if (row.state === 'pending') throw new AppError('IDEMPOTENCY_IN_FLIGHT', { httpStatus: 409 });
  return { fresh: false, response: row.response };
}

/** One key of a batch (claimKeys): the member's key, its request hash, and the turn it waits for (if any). */
export interface KeyClaim {
  memberId: number;
  key: string;
  hash: string;
  turn?: string;
}

/**
 * claimKey for a batch of calls, in two round trips whatever its size: the turns are taken first,
 * in one order for every batch (so batches cannot deadlock on them), then every key is claimed
 * 'done' at once (one round trip without turns: a caller whose rows serialise its calls). Each claim answers as claimKey would, a refusal as an AppError instead of thrown.
 */
export async function claimKeys<T>(tx: DbOrTx, claims: KeyClaim[]): Promise<Array<Claim<T> | AppError>> {
  const turns = [...new Set(claims.flatMap((c) => (c.turn === undefined ? [] : [c.turn])))];
  if (turns.length) {
    await executePrepared(
      tx,
      sql`
    SELECT count(pg_advisory_xact_lock(h)) FROM (SELECT DISTINCT hashtextextended(t, 0) AS h FROM unnest(${arrayParam(turns, 'text[]')}) AS t ORDER BY 1) AS turn`,
    );
  }
  const members = claims.map((c) => c.memberId);
  const keys = claims.map((c) => c.key);
  const { rows: inserted } = await executePrepared(
    tx,
    sql`
    INSERT INTO idempotency_keys (member_id, key, request_hash, state)
    SELECT * FROM unnest(${arrayParam(members, 'bigint[]')}, ${arrayParam(keys, 'text[]')}, ${arrayParam(
      claims.map((c) => c.hash),
      'text[]',
    )}, ${arrayParam(
      claims.map(() => 'done'),
      'text[]',
    )})
    ON CONFLICT DO NOTHING RETURNING member_id, key`,
  );
  const fresh = new Set((inserted as Array<{ member_id: unknown; key: string }>).map((r) => `${Number(r.member_id)}:${r.key}`));
  const taken = claims.filter((c) => !fresh.has(`${c.memberId}:${c.key}`));
  const { rows: earlier } = taken.length
    ? await tx.execute(sql`
    SELECT k.member_id, k.key, k.request_hash, k.state, k.response FROM idempotency_keys k
    JOIN unnest(${arrayParam(
      taken.map((c) => c.memberId),
      'bigint[]',
    )}, ${arrayParam(
      taken.map((c) => c.key),
      'text[]',
    )}) AS t(member_id, key)
      ON k.member_id = t.member_id AND k.key = t.key`)
    : { rows: [] };
  const byKey = new Map((earlier as Array<EarlierClaim<T> & { member_id: unknown; key: string }>).map((r) => [`${Number(r.member_id)}:${r.key}`, r]));
  return claims.map((c) => (fresh.has(`${c.memberId}:${c.key}`) ? { fresh: true } : earlierClaim(byKey.get(`${c.memberId}:${c.key}`), c.hash)));
}

/** A key's row as it stands, when another call claimed it first. */
export interface EarlierClaim<T> {
  request_hash: string;
  state: string;
  response: T;
}

/** What a key claimed earlier answers a call with `hash` (none: the claim's transaction rolled back meanwhile). */
export function earlierClaim<T>(row: EarlierClaim<T> | null | undefined, hash: string): Claim<T> | AppError {
  if (!row || row.state === 'pending') return new AppError('IDEMPOTENCY_IN_FLIGHT', { httpStatus: 409 });
  if (row.request_hash !== hash) return new AppError('IDEMPOTENCY_MISMATCH');
  return { fresh: false, response: row.response };
}

/** completeKey for a batch: each claimed key's answer, in one round trip. */
export async function completeKeys(tx: DbOrTx, done: Array<{ memberId: number; key: string; response: unknown }>): Promise<void> {
  if (done.length === 0) return;
  await tx.execute(
    keysCompleted(
      sql`SELECT * FROM unnest(${arrayParam(
        done.map((d) => d.memberId),
        'bigint[]',
      )}, ${arrayParam(
        done.map((d) => d.key),
        'text[]',
      )}, ${arrayParam(
        done.map((d) => JSON.stringify(d.response ?? null)),
        'jsonb[]',
      )})`,
    ),
  );
}

/**
 * completeKeys' statement over rows (member_id, key, response) of `source`: a SELECT of one row
 * (`completed`, the keys completed), for a caller's own statement, which must read it (a CTE no one
 * reads is not run). Key by key (SQL idempotency_keys_complete), so the caller may be prepared.
 */
export const keysCompleted = (source: SQL): SQL => sql`
    SELECT idempotency_keys_complete(array_agg(d.member_id), array_agg(d.key), array_agg(d.response)) AS completed
    FROM (${source}) AS d(member_id, key, response)`;

/** Drops keys this transaction claimed for calls it then refused, so each can be sent again. */
export async function dropKeys(tx: DbOrTx, refused: Array<{ memberId: number; key: string }>): Promise<void> {
  if (refused.length > 0) await tx.execute(keysDropped(keyRows(refused)));
}

/** Members' keys as rows (member_id, key), for keysDropped. */
export const keyRows = (keys: Array<{ memberId: number; key: string }>): SQL =>
  sql`SELECT * FROM unnest(${arrayParam(
    keys.map((k) => k.memberId),
    'bigint[]',
  )}, ${arrayParam(
    keys.map((k) => k.key),
    'text[]',
  )})`;

/** dropKeys' statement over rows (member_id, key) of `source`, as keysCompleted's: one row (`dropped`), to be read. */
export const keysDropped = (source: SQL): SQL => sql`
    SELECT idempotency_keys_drop(array_agg(r.member_id), array_agg(r.key)) AS dropped
    FROM (${source}) AS r(member_id, key)`;

/** Records the answer of a claimed key, so a repeat returns it. */
export async function completeKey(tx: DbOrTx, memberId: number, key: string, response: unknown): Promise<void> {
  await executePrepared(
    tx,
    sql`
    UPDATE idempotency_keys SET state = 'done', response = ${JSON.stringify(response ?? null)}::jsonb
    WHERE member_id = ${memberId} AND key = ${key}`,
  );
}

/** Drops a pending claim whose work was rolled back on the far side, so the key can be used again. */
export async function releaseKey(tx: DbOrTx, memberId: number, key: string): Promise<void> {
  await tx.execute(sql`DELETE FROM idempotency_keys WHERE member_id = ${memberId} AND key = ${key} AND state = 'pending'`);
}

/**
 * A one-transaction money call: claims the key, does the work, stores the answer, commits; a repeat
 * (or a concurrent twin) gets the first answer and moves nothing.
 */
export async function once<T>(db: Db, memberId: number, idem: IdempotencyKey, body: unknown, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const claim = await claimKey<T>(tx, memberId, idem.key, requestHash(idem, body), 'done');
    if (!claim.fresh) return claim.response;
    const result = await work(tx);
    await completeKey(tx, memberId, idem.key, result);
    return result;
  });
}

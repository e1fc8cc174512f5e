import { createHash } from 'node:crypto';
import { and, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditListBody } from '@bp/contract';
import type { Db, DbOrTx } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { auditHead, auditLog, operators } from './tables.ts';

/**
 * The audit log: every operator action with who, when, from where, what, before and after. The
 * entries form a hash chain: each one's hash covers its fields and the hash of the one before, and
 * the head row holds the last hash, so an edited, removed or inserted entry breaks the chain
 * (`npm run audit:verify`). Appends take the head row's lock: entries are numbered one after another.
 */

export const GENESIS_HASH = '0'.repeat(64);

export interface AuditInput {
  /** null: a command run on the server (operator:create). */
  operatorId: number | null;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

interface Sealed {
  id: number;
  operatorId: number | null;
  action: string;
  target: string;
  before: string;
  after: string;
  ip: string | null;
  atMs: number;
}

/** The hash of an entry: its fields in a fixed order, as JSON (no field can run into the next), and the previous hash. */
export function entryHash(prevHash: string, e: Sealed): string {
  const fields = [prevHash, e.id, e.operatorId, e.action, e.target, e.before, e.after, e.ip, e.atMs];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** JSON text of a state; bigints as strings. */
const jsonOf = (value: unknown): string => JSON.stringify(value ?? null, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

/** Appends an entry to the chain; given the action's transaction, the entry commits (or not) with it. */
export async function appendAudit(db: DbOrTx, input: AuditInput): Promise<{ id: number; hash: string }> {
  return db.transaction(async (tx) => {
    const [head] = await tx.select().from(auditHead).for('update');
    const entry: Sealed = {
      id: head.lastId + 1,
      operatorId: input.operatorId,
      action: input.action,
      target: input.target,
      before: jsonOf(input.before),
      after: jsonOf(input.after),
      ip: input.ip ?? null,
      atMs: clock.now(),
    };
    const hash = entryHash(head.hash, entry);
    await tx.insert(auditLog).values({ ...entry, at: new Date(entry.atMs), prevHash: head.hash, hash });
    await tx.update(auditHead).set({ lastId: entry.id, hash });
    return { id: entry.id, hash };
  });
}

/** Entry times as whole milliseconds, exactly as hashed (numeric, not float). */
const atMs = sql<string>`(extract(epoch from ${auditLog.at}) * 1000)::bigint`;

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export async function listAudit(db: Db, query: z.output<typeof AuditListBody>) {
  const where: SQL[] = [];
  if (query.operatorId) where.push(eq(auditLog.operatorId, query.operatorId));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.target) where.push(ilike(auditLog.target, `%${query.target.replace(/[\\%_]/g, '\\$&')}%`));
  if (query.from !== undefined) where.push(gte(auditLog.at, new Date(query.from)));
  if (query.to !== undefined) where.push(lte(auditLog.at, new Date(query.to)));
  const filter = where.length ? and(...where) : undefined;
  const [{ total }] = await db
    .select({ total: sql<string>`count(*)` })
    .from(auditLog)
    .where(filter);
  const rows = await db
    .select({ entry: auditLog, atMs, operatorName: operators.name })
    .from(auditLog)
    .leftJoin(operators, eq(operators.operatorId, auditLog.operatorId))
    .where(filter)
    .orderBy(desc(auditLog.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return {
    list: rows.map(({ entry: e, atMs, operatorName }) => ({
      id: e.id,
      operatorId: e.operatorId,
      operatorName,
      action: e.action,
      target: e.target,
      before: parse(e.before),
      after: parse(e.after),
      ip: e.ip,
      at: Number(atMs),
      hash: e.hash,
      prevHash: e.prevHash,
    })),
    total: Number(total),
  };
}

export interface ChainCheck {
  ok: boolean;
  entries: number;
  /** The first entry that does not hold (or the head's last id, when entries are missing at the end). */
  brokenAt: number | null;
  reason: string | null;
}

const BATCH = 5000;

/** Walks the chain from the first entry, recomputing every hash; the head must end where the entries do. */
export async function verifyAudit(db: DbOrTx): Promise<ChainCheck> {
  let prev = GENESIS_HASH;
  let expectedId = 1;
  let entries = 0;
  const broken = (at: number, reason: string): ChainCheck => ({ ok: false, entries, brokenAt: at, reason });
  for (;;) {
    const rows = await db.select({ entry: auditLog, atMs }).from(auditLog).where(gte(auditLog.id, expectedId)).orderBy(auditLog.id).limit(BATCH);
    for (const { entry: e, atMs } of rows) {
      if (e.id !== expectedId) return broken(expectedId, `entry ${expectedId} is missing`);
      if (e.prevHash !== prev) return broken(e.id, 'its previous hash is not the hash of the entry before');
      const sealed: Sealed = { ...e, atMs: Number(atMs) };
      if (entryHash(prev, sealed) !== e.hash) return broken(e.id, 'its content does not match its hash');
      prev = e.hash;
      expectedId++;
      entries++;
    }
    if (rows.length < BATCH) break;
  }
  const [head] = await db.select().from(auditHead);
  if (!head || head.lastId !== expectedId - 1 || head.hash !== prev)
    return broken(head ? head.lastId : expectedId, 'the chain head does not match the last entry (entries removed at the end?)');
  return { ok: true, entries, brokenAt: null, reason: null };
}

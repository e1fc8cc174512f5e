import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CLIENT_SEED_PATTERN, type HmacSha256, type RevealedSeed } from '@bp/contract';
import { arrayParam, oneOf, rowsOf, type Db, type DbOrTx, type Tx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';

/**
 * Seed pairs (Stake's scheme): the server seed stays secret, its SHA-256 shown before play; the
 * client seed is the member's; each round takes the active pair's nonce and counts it up. Rotation
 * reveals the server seed, so every round played with it can be recomputed, and starts a new pair
 * at nonce 0. A member's active pair row is the lock their rounds and rotations take turns on.
 */
export const hmacSha256: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

const newServerSeed = () => randomBytes(32).toString('hex');
const newClientSeed = () => randomBytes(8).toString('hex');

/** The seeds a round is played with. */
export interface RoundSeeds {
  seedId: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

interface SeedRow {
  seed_id: unknown;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}
const seedsOf = (r: SeedRow): RoundSeeds => ({
  seedId: Number(r.seed_id),
  serverSeed: r.server_seed,
  serverSeedHash: r.server_seed_hash,
  clientSeed: r.client_seed,
  nonce: r.nonce,
});

/** A member's first pair (or the next after a rotation), unless one is active. */
async function ensurePair(tx: DbOrTx, memberId: number, clientSeed = newClientSeed()): Promise<void> {
  const serverSeed = newServerSeed();
  await tx.execute(sql`
    INSERT INTO originals_seeds (member_id, server_seed, server_seed_hash, client_seed)
    VALUES (${memberId}, ${serverSeed}, ${sha256Hex(serverSeed)}, ${clientSeed})
    ON CONFLICT (member_id) WHERE revealed_at IS NULL DO NOTHING`);
}

/**
 * The seeds of the member's next round, its nonce taken (counted up) under the pair's row lock,
 * which the round holds until it commits. A pair rotated meanwhile is missed by the update's
 * snapshot: the next try finds the new one.
 */
export async function takeNonce(tx: Tx, memberId: number): Promise<RoundSeeds> {
  return (await takeNonces(tx, [memberId])).get(memberId)!;
}

/**
 * takeNonce for a batch of members (each once), in one statement: their pairs locked in member
 * order (as every batch locks them, so two cannot wait on each other in a circle), each nonce
 * taken. A member without a pair gets one, and the statement goes again for them.
 */
export async function takeNonces(tx: Tx, memberIds: number[]): Promise<Map<number, RoundSeeds>> {
  const taken = new Map<number, RoundSeeds>();
  for (let wanted = memberIds; wanted.length > 0; wanted = wanted.filter((m) => !taken.has(m))) {
    const rows = await rowsOf<SeedRow & { member_id: unknown }>(
      tx,
      sql`
      WITH pair AS (
        SELECT seed_id FROM originals_seeds WHERE member_id = ANY (${arrayParam(wanted, 'bigint[]')}) AND revealed_at IS NULL
        ORDER BY member_id FOR UPDATE)
      UPDATE originals_seeds s SET nonce = s.nonce + 1 FROM pair WHERE s.seed_id = pair.seed_id
      RETURNING s.member_id, s.seed_id, s.server_seed, s.server_seed_hash, s.client_seed, s.nonce - 1 AS nonce`,
    );
    for (const r of rows) taken.set(Number(r.member_id), seedsOf(r));
    for (const m of wanted) if (!taken.has(m)) await ensurePair(tx, m);
  }
  return taken;
}

/** Gives back nonces this transaction took for rounds it then refused (under their pairs' locks): no nonce is skipped. */
export async function giveBackNonces(tx: Tx, seedIds: number[]): Promise<void> {
  if (seedIds.length === 0) return;
  await tx.execute(sql`UPDATE originals_seeds SET nonce = nonce - 1 WHERE seed_id = ANY (${arrayParam(seedIds, 'bigint[]')})`);
}

/** What the member sees before playing: the next round's seeds, the server seed only as its hash. */
export async function currentSeed(db: Db, memberId: number) {
  await ensurePair(db, memberId);
  const row = await oneOf<SeedRow>(
    db,
    sql`SELECT seed_id, server_seed, server_seed_hash, client_seed, nonce FROM originals_seeds WHERE member_id = ${memberId} AND revealed_at IS NULL`,
  );
  return { serverSeedHash: row!.server_seed_hash, clientSeed: row!.client_seed, nonce: row!.nonce };
}

/**
 * Rotation: the active pair is revealed and a new one starts at nonce 0, with the client seed given
 * (or the same one). Refused while a mines round is open: its board would be revealed with the
 * seed. The pair is locked first, so a mines round started meanwhile is seen.
 */
export async function rotateSeed(db: Db, memberId: number, clientSeed?: string) {
  if (clientSeed !== undefined && !CLIENT_SEED_PATTERN.test(clientSeed)) fail('ORIGINALS_CLIENT_SEED');
  return db.transaction(async (tx) => {
    let old: SeedRow | null = null;
    while (!old) {
      old = await oneOf<SeedRow>(
        tx,
        sql`
        UPDATE originals_seeds SET revealed_at = now() WHERE member_id = ${memberId} AND revealed_at IS NULL
        RETURNING seed_id, server_seed, server_seed_hash, client_seed, nonce`,
      );
      if (!old) await ensurePair(tx, memberId);
    }
    const open = await oneOf(tx, sql`SELECT 1 FROM originals_mines WHERE member_id = ${memberId} AND status = 'open'`);
    if (open) fail('ORIGINALS_ROUND_OPEN');
    const next = clientSeed ?? old.client_seed;
    await ensurePair(tx, memberId, next);
    const row = await oneOf<SeedRow>(
      tx,
      sql`SELECT seed_id, server_seed, server_seed_hash, client_seed, nonce FROM originals_seeds WHERE member_id = ${memberId} AND revealed_at IS NULL`,
    );
    return { revealedServerSeed: old.server_seed, serverSeedHash: row!.server_seed_hash, clientSeed: row!.client_seed, nonce: row!.nonce };
  });
}

const epoch = (v: Date | string) => new Date(v).getTime();

/** The member's revealed pairs, latest first: what the verification page recomputes rounds from. */
export async function revealedSeeds(db: Db, memberId: number, page: number, size: number): Promise<{ list: RevealedSeed[]; total: number }> {
  const rows = await rowsOf<SeedRow & { created_at: Date | string; revealed_at: Date | string; total: unknown }>(
    db,
    sql`
    SELECT seed_id, server_seed, server_seed_hash, client_seed, nonce, created_at, revealed_at, count(*) OVER () AS total
    FROM originals_seeds WHERE member_id = ${memberId} AND revealed_at IS NOT NULL
    ORDER BY seed_id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  const list = rows.map((r) => ({
    serverSeed: r.server_seed,
    serverSeedHash: r.server_seed_hash,
    clientSeed: r.client_seed,
    rounds: r.nonce,
    createdAt: epoch(r.created_at),
    revealedAt: epoch(r.revealed_at),
  }));
  return { list, total: rows.length ? Number(rows[0].total) : 0 };
}

/** Server seeds of pairs already revealed, by seed id (a pair still active is left out). */
export async function revealedById(db: DbOrTx, memberId: number, seedIds: number[]): Promise<Map<number, string>> {
  if (!seedIds.length) return new Map();
  const rows = await rowsOf<{ seed_id: unknown; server_seed: string }>(
    db,
    sql`
    SELECT seed_id, server_seed FROM originals_seeds
    WHERE member_id = ${memberId} AND revealed_at IS NOT NULL AND seed_id IN (${sql.join(
      seedIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.seed_id), r.server_seed]));
}

/** The seeds of a round already taken (a mines round's later steps). */
export async function seedsAt(tx: DbOrTx, seedId: number, nonce: number): Promise<RoundSeeds> {
  const row = await oneOf<SeedRow>(tx, sql`SELECT seed_id, server_seed, server_seed_hash, client_seed FROM originals_seeds WHERE seed_id = ${seedId}`);
  return { ...seedsOf({ ...row!, nonce }) };
}

/**
 * What proves a round for the operator's recall: the seed pair's hash, client seed and nonce, and
 * the server seed once the member rotated the pair (never before: it would tell later rounds).
 */
export async function roundProof(db: DbOrTx, memberId: number, detail: Record<string, unknown>): Promise<Record<string, unknown>> {
  const seedId = Number(detail.seedId);
  const revealed = Number.isInteger(seedId) ? await revealedById(db, memberId, [seedId]) : new Map<number, string>();
  const { serverSeedHash, clientSeed, nonce } = detail;
  return { serverSeedHash, clientSeed, nonce, serverSeed: revealed.get(seedId) ?? null };
}

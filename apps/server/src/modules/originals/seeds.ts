import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CLIENT_SEED_PATTERN, type HmacSha256, type RevealedSeed } from '@bp/contract';
import { oneOf, rowsOf, type Db, type DbOrTx, type Tx } from '../../platform/db/index.ts';
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
  for (;;) {
    const row = await oneOf<SeedRow>(
      tx,
      sql`
      UPDATE originals_seeds SET nonce = nonce + 1 WHERE member_id = ${memberId} AND revealed_at IS NULL
      RETURNING seed_id, server_seed, server_seed_hash, client_seed, nonce - 1 AS nonce`,
    );
    if (row) return seedsOf(row);
    await ensurePair(tx, memberId);
  }
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

import { sql } from 'drizzle-orm';
import { fromMinor, type GameKind, type GameRecord } from '@bp/contract';
import { arrayParam, executePrepared, rowsOf, type DbOrTx, type Tx } from '../../platform/db/index.ts';
import { tellRoundPlayed, type RoundPlayed } from './rounds.ts';

/**
 * Game records (seed "game records"; GLI-19): every round of every venue, written by the game that
 * plays it inside the round's own money transaction, so a round is recorded exactly when its money
 * moved. A one-step round (a slot spin, a dice roll) is recorded settled; a round that waits for its
 * result (a table bet, mines between reveals) is opened, then settled or refunded.
 */
export interface RoundOpening {
  /** The game's own round reference, unique across games (prefix it with the game's code). */
  roundId: string;
  memberId: number;
  siteId: number;
  apiName: string;
  kind: GameKind;
  gameCode: string;
  gameName: string;
  stakeMinor: bigint;
  /** The balance the stake came from, before it was taken. */
  balanceBeforeMinor: bigint;
  detail?: Record<string, unknown>;
}

export interface RoundSettlement {
  payoutMinor: bigint;
  /**
   * The round's stake when only its end tells it, in place of what the opening took: a round that
   * held the most it could lose (抢庄牛牛) stakes what changed hands. Counts for turnover.
   */
  stakeMinor?: bigint;
  /** The same balance once the payout is in. */
  balanceAfterMinor: bigint;
  /** Merged over what the opening recorded. */
  detail?: Record<string, unknown>;
}

/** Rebate and VIP count every game under the four categories of the sportsbook's sibling products. */
const REBATE_CATEGORY: Record<GameKind, RoundPlayed['category']> = { live: 'live', egame: 'egame', chess: 'chess', fish: 'egame', originals: 'egame' };

const json = (detail: Record<string, unknown> | undefined) => JSON.stringify(detail ?? {});

/** A round played and settled in one step. */
export function recordRound(tx: Tx, round: RoundOpening & RoundSettlement): Promise<void> {
  return recordRounds(tx, [round]);
}

/**
 * Rounds played and settled in one step, of different members, in one statement (a game's batch:
 * the originals); with `stakeChecked`, the game asked roundStakeRefusals before taking the stakes.
 */
export async function recordRounds(tx: Tx, rounds: Array<RoundOpening & RoundSettlement>, opts: { stakeChecked?: boolean } = {}): Promise<void> {
  if (rounds.length === 0) return;
  const col = <T>(pick: (r: RoundOpening & RoundSettlement) => T) => rounds.map(pick);
  const minor = (pick: (r: RoundOpening & RoundSettlement) => bigint) =>
    arrayParam(
      col((r) => pick(r).toString()),
      'bigint[]',
    );
  await executePrepared(
    tx,
    sql`
    INSERT INTO game_rounds (round_id, member_id, site_id, api_name, kind, game_code, game_name, stake_minor, payout_minor,
                             balance_before, balance_after, status, detail, settled_at)
    SELECT round_id, member_id, site_id, api_name, kind, game_code, game_name, stake, payout, before, after, 'settled', detail, now()
    FROM unnest(${arrayParam(
      col((r) => r.roundId),
      'text[]',
    )}, ${arrayParam(
      col((r) => r.memberId),
      'bigint[]',
    )}, ${arrayParam(
      col((r) => r.siteId),
      'int[]',
    )}, ${arrayParam(
      col((r) => r.apiName),
      'text[]',
    )}, ${arrayParam(
      col((r) => r.kind),
      'text[]',
    )}, ${arrayParam(
      col((r) => r.gameCode),
      'text[]',
    )}, ${arrayParam(
      col((r) => r.gameName),
      'text[]',
    )}, ${minor((r) => r.stakeMinor)}, ${minor((r) => r.payoutMinor)}, ${minor((r) => r.balanceBeforeMinor)}, ${minor((r) => r.balanceAfterMinor)}, ${arrayParam(
      col((r) => json(r.detail)),
      'jsonb[]',
    )})
      AS v(round_id, member_id, site_id, api_name, kind, game_code, game_name, stake, payout, before, after, detail)`,
  );
  await tellRoundPlayed(
    tx,
    rounds.map((r) => ({ ...playedOf(r, r.payoutMinor), stakeChecked: opts.stakeChecked })),
  );
}

/** A round whose stake is taken now and whose result comes later. */
export async function openRound(tx: Tx, round: RoundOpening): Promise<void> {
  await tx.execute(sql`
    INSERT INTO game_rounds (round_id, member_id, site_id, api_name, kind, game_code, game_name, stake_minor, balance_before, status, detail)
    VALUES (${round.roundId}, ${round.memberId}, ${round.siteId}, ${round.apiName}, ${round.kind}, ${round.gameCode}, ${round.gameName},
            ${round.stakeMinor.toString()}, ${round.balanceBeforeMinor.toString()}, 'open', ${json(round.detail)}::jsonb)`);
}

interface OpenRow {
  member_id: unknown;
  site_id: number;
  kind: GameKind;
  stake_minor: unknown;
}

/**
 * Closes an open round: settled with its payout, or refunded (its stake returned: no turnover).
 * Answers false when the round was not open (settled or refunded before: a repeat moves nothing, so
 * the caller pays only on true). Call it before moving the payout, in the same transaction: the row
 * lock it takes makes twin settlements queue, and the second sees the round closed.
 */
export async function closeRound(tx: Tx, roundId: string, outcome: RoundSettlement & { refunded?: boolean }): Promise<boolean> {
  const [row] = await rowsOf<OpenRow>(
    tx,
    sql`
    UPDATE game_rounds SET status = ${outcome.refunded ? 'refunded' : 'settled'}, payout_minor = ${outcome.payoutMinor.toString()},
           stake_minor = COALESCE(${outcome.stakeMinor?.toString() ?? null}::bigint, stake_minor),
           balance_after = ${outcome.balanceAfterMinor.toString()}, detail = detail || ${json(outcome.detail)}::jsonb, settled_at = now()
    WHERE round_id = ${roundId} AND status = 'open'
    RETURNING member_id, site_id, kind, stake_minor`,
  );
  if (!row) return false;
  if (!outcome.refunded) {
    const round = { roundId, memberId: Number(row.member_id), siteId: row.site_id, kind: row.kind, stakeMinor: BigInt(row.stake_minor as string) };
    await tellRoundPlayed(tx, [playedOf(round, outcome.payoutMinor)]);
  }
  return true;
}

/**
 * Changes an open round's stake by `deltaMinor` (a further stake in the same round, or one taken
 * back), under the round's row lock: the new stake, or 'closed' / 'none' when there is no open round.
 */
export async function restakeRound(tx: Tx, roundId: string, deltaMinor: bigint): Promise<{ stakeMinor: bigint } | 'closed' | 'none'> {
  const [row] = await rowsOf<{ stake_minor: unknown }>(
    tx,
    sql`UPDATE game_rounds SET stake_minor = stake_minor + ${deltaMinor.toString()} WHERE round_id = ${roundId} AND status = 'open' RETURNING stake_minor`,
  );
  if (row) return { stakeMinor: BigInt(row.stake_minor as string) };
  const [any] = await rowsOf<{ status: string }>(tx, sql`SELECT status FROM game_rounds WHERE round_id = ${roundId}`);
  return any ? 'closed' : 'none';
}

/** Open rounds of a venue begun before `before`: what a game finishes or refunds as it starts. */
export async function openRoundsOf(
  db: DbOrTx,
  apiName: string,
  before: Date,
): Promise<Array<{ roundId: string; memberId: number; detail: Record<string, unknown> }>> {
  const rows = await rowsOf<{ round_id: string; member_id: unknown; detail: Record<string, unknown> }>(
    db,
    sql`
    SELECT round_id, member_id, detail FROM game_rounds WHERE status = 'open' AND api_name = ${apiName} AND created_at < ${before.toISOString()}
    ORDER BY created_at`,
  );
  return rows.map((r) => ({ roundId: r.round_id, memberId: Number(r.member_id), detail: r.detail }));
}

type Played = Pick<RoundOpening, 'roundId' | 'memberId' | 'siteId' | 'kind' | 'stakeMinor'>;

function playedOf(round: Played, payoutMinor: bigint): RoundPlayed {
  const { roundId: ref, memberId, siteId, stakeMinor } = round;
  return { memberId, siteId, ref, category: REBATE_CATEGORY[round.kind], stakeMinor, payoutMinor };
}

export interface RecordFilter {
  /** null: every member's (the operator's recall) */
  memberId: number | null;
  page: number;
  size: number;
  api_name?: string;
  /** one game of the venue (the originals' dice, limbo...) */
  gameCode?: string;
  roundId?: string;
  from?: number;
  to?: number;
  /** the operator's sites; null or absent: every site */
  siteIds?: number[] | null;
}

interface RecordRow {
  round_id: string;
  member_id: unknown;
  site_id: number;
  api_name: string;
  venue_name: string;
  kind: GameKind;
  game_code: string;
  game_name: string;
  stake_minor: unknown;
  payout_minor: unknown;
  balance_before: unknown;
  balance_after: unknown;
  status: GameRecord['status'];
  detail: Record<string, unknown>;
  created_at: Date | string;
  settled_at: Date | string | null;
  total: unknown;
}

const money = (v: unknown) => fromMinor(BigInt(v as string));
const epoch = (v: Date | string) => new Date(v).getTime();

const recordOf = (r: RecordRow): GameRecord => ({
  roundId: r.round_id,
  api_name: r.api_name,
  venueName: r.venue_name,
  kind: r.kind,
  gameCode: r.game_code,
  gameName: r.game_name,
  stake: money(r.stake_minor),
  payout: money(r.payout_minor),
  balanceBefore: money(r.balance_before),
  balanceAfter: r.balance_after === null ? null : money(r.balance_after),
  status: r.status,
  detail: r.detail,
  createdAt: epoch(r.created_at),
  settledAt: r.settled_at === null ? null : epoch(r.settled_at),
});

/** A record as the operator recalls it: whose and of which site. */
export type OperatorRecord = GameRecord & { memberId: number; siteId: number };
const operatorRecordOf = (r: RecordRow): OperatorRecord => ({ ...recordOf(r), memberId: Number(r.member_id), siteId: r.site_id });

const SELECT_RECORDS = sql`SELECT r.*, v.name AS venue_name, count(*) OVER () AS total FROM game_rounds r JOIN venues v ON v.api_name = r.api_name`;

/** Rounds latest first, by member, venue, game, round id, site and time (`from` and `to` epoch ms, both inclusive). */
async function recordRows(db: DbOrTx, f: RecordFilter): Promise<{ rows: RecordRow[]; total: number }> {
  const where = [
    f.memberId === null ? sql`true` : sql`r.member_id = ${f.memberId}`,
    f.api_name ? sql`r.api_name = ${f.api_name}` : sql`true`,
    f.gameCode ? sql`r.game_code = ${f.gameCode}` : sql`true`,
    f.roundId ? sql`r.round_id = ${f.roundId}` : sql`true`,
    f.siteIds
      ? sql`r.site_id IN (${sql.join(
          [...f.siteIds, -1].map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`true`,
    f.from === undefined ? sql`true` : sql`r.created_at >= ${new Date(f.from).toISOString()}`,
    // Inclusive to the millisecond: a round stored with microseconds within `to`'s millisecond counts.
    f.to === undefined ? sql`true` : sql`r.created_at < ${new Date(f.to + 1).toISOString()}`,
  ];
  const rows = await rowsOf<RecordRow>(
    db,
    sql`${SELECT_RECORDS} WHERE ${sql.join(where, sql` AND `)}
    ORDER BY r.created_at DESC, r.round_id DESC LIMIT ${f.size} OFFSET ${(f.page - 1) * f.size}`,
  );
  // A page past the end has no row to carry the count: count apart then.
  const total = rows.length ? Number(rows[0].total) : f.page === 1 ? 0 : await countRecords(db, where);
  return { rows, total };
}

/** The member's recall (and any caller's that needs no member ids). */
export async function listRecords(db: DbOrTx, f: RecordFilter): Promise<{ list: GameRecord[]; total: number }> {
  const { rows, total } = await recordRows(db, f);
  return { list: rows.map(recordOf), total };
}

/** The operator's recall: every member's rounds of the given sites, each with whose it is. */
export async function listOperatorRecords(db: DbOrTx, f: RecordFilter): Promise<{ list: OperatorRecord[]; total: number }> {
  const { rows, total } = await recordRows(db, f);
  return { list: rows.map(operatorRecordOf), total };
}

/** One round by id, as the operator recalls it; null when there is none. */
export async function operatorRecord(db: DbOrTx, roundId: string): Promise<OperatorRecord | null> {
  const [row] = await rowsOf<RecordRow>(db, sql`${SELECT_RECORDS} WHERE r.round_id = ${roundId}`);
  return row ? operatorRecordOf(row) : null;
}

async function countRecords(db: DbOrTx, where: ReturnType<typeof sql>[]): Promise<number> {
  const [row] = await rowsOf<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM game_rounds r WHERE ${sql.join(where, sql` AND `)}`);
  return Number(row.n);
}

import { sql, type SQL } from 'drizzle-orm';
import { fromMinor, toMinor } from '@bp/contract';
import { getMember } from '../auth/index.ts';
import { listSites } from '../site/index.ts';
import { balanceOf, memberAccount, postWithHouseSlice, walletSettings, type CurrencyCode, type WalletOwner } from '../wallet/index.ts';
import type { Db, DbOrTx, Tx } from '../../platform/db/index.ts';
import { AppError, fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';

/**
 * Manual balance adjustments: an operator credits or debits a member's main wallet with a reason,
 * the other side being the site's house 'adjustments' account. At or below the site's threshold
 * the money moves at once; above it the request waits for a second, different operator, whose
 * approval moves it once (the row is locked, the ledger's (kind, ref) is unique). A debit never
 * takes the wallet below zero. Operators' Idempotency-Keys live beside members' under the
 * negative of the operator's id, so the two never meet.
 */

export type Direction = 'credit' | 'debit';

export interface AdjustRequest {
  memberId: number;
  direction: Direction;
  amount: number;
  reason: string;
}

interface Row {
  adjustment_id: string;
  site_id: number;
  member_id: string;
  member_name: string;
  currency: string;
  direction: Direction;
  amount_minor: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  needs_approval: boolean;
  requested_by: number;
  requested_by_name: string;
  decided_by: number | null;
  decided_by_name: string | null;
  reject_reason: string | null;
  balance_after: string | null;
  created_at: string | Date;
  decided_at: string | Date | null;
}

const ms = (at: string | Date | null) => (at === null ? null : new Date(at).getTime());

function viewOf(r: Row) {
  return {
    adjustmentId: Number(r.adjustment_id),
    siteId: r.site_id,
    memberId: Number(r.member_id),
    memberName: r.member_name,
    currency: r.currency,
    direction: r.direction,
    amount: fromMinor(r.amount_minor),
    reason: r.reason,
    status: r.status,
    needsApproval: r.needs_approval,
    requestedBy: r.requested_by,
    requestedByName: r.requested_by_name,
    decidedBy: r.decided_by,
    decidedByName: r.decided_by_name,
    rejectReason: r.reject_reason,
    balanceAfter: r.balance_after === null ? null : fromMinor(r.balance_after),
    createdAt: ms(r.created_at)!,
    decidedAt: ms(r.decided_at),
  };
}
export type AdjustmentView = ReturnType<typeof viewOf>;

/** Adjustments with their member's and operators' names, newest first. */
const selectAdjustments = (where: SQL, tail: SQL = sql``) => sql`
  SELECT j.*, m.name AS member_name, r.name AS requested_by_name, d.name AS decided_by_name, count(*) OVER () AS total
  FROM admin_adjustments j
  JOIN members m ON m.member_id = j.member_id
  JOIN admin_operators r ON r.operator_id = j.requested_by
  LEFT JOIN admin_operators d ON d.operator_id = j.decided_by
  WHERE ${where} ORDER BY j.adjustment_id DESC ${tail}`;

async function rowsOf(db: DbOrTx, query: SQL): Promise<Array<Row & { total: string }>> {
  return (await db.execute(query)).rows as unknown as Array<Row & { total: string }>;
}

export async function findAdjustment(db: DbOrTx, adjustmentId: number): Promise<AdjustmentView> {
  const [row] = await rowsOf(db, selectAdjustments(sql`j.adjustment_id = ${adjustmentId}`));
  return row ? viewOf(row) : fail('ADJUST_NOT_FOUND');
}

export interface AdjustQuery {
  page: number;
  size: number;
  status?: string;
  siteId?: number;
  memberId?: number;
  /** The sites the operator may see; null: all. */
  siteIds: number[] | null;
}

export async function listAdjustments(db: Db, q: AdjustQuery) {
  const where = [
    sql`true`,
    q.status ? sql`j.status = ${q.status}` : null,
    q.siteId ? sql`j.site_id = ${q.siteId}` : null,
    q.memberId ? sql`j.member_id = ${q.memberId}` : null,
    q.siteIds
      ? sql`j.site_id IN (${sql.join(
          [...q.siteIds, 0].map((id) => sql`${id}`),
          sql`, `,
        )})`
      : null,
  ].filter((w): w is SQL => w !== null);
  const rows = await rowsOf(db, selectAdjustments(sql.join(where, sql` AND `), sql`LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`));
  const sites = [...(await listSites(db)).byId.values()].filter((s) => !q.siteIds || q.siteIds.includes(s.siteId));
  const thresholds = await Promise.all(
    sites.map(async (s) => ({ siteId: s.siteId, currency: s.currency, threshold: (await thresholdOf(db, s.siteId, s.currency)).amount })),
  );
  return { list: rows.map(viewOf), total: Number(rows[0]?.total ?? 0), thresholds };
}

async function thresholdOf(db: Db, siteId: number, currency: string) {
  const amount = (await walletSettings(db, siteId, currency as CurrencyCode)).adjust_approval_threshold;
  return { amount, minor: toMinor(amount) };
}

/** The member whose wallet an adjustment moves, as a wallet owner (the operator's site scope is checked by the caller). */
export async function ownerOf(db: Db, memberId: number): Promise<WalletOwner> {
  const member = (await getMember(db, memberId)) ?? fail('MEMBER_NOT_FOUND');
  const site = (await listSites(db)).byId.get(member.siteId) ?? fail('SITE_NOT_FOUND');
  return { memberId, siteId: site.siteId, currency: site.currency as CurrencyCode };
}

/** Moves an adjustment's money inside `tx`: main wallet ⇄ the house's adjustments slice; answers the wallet's balance after. */
async function moveMoney(tx: Tx, owner: WalletOwner, adjustmentId: number, direction: Direction, amountMinor: bigint): Promise<bigint> {
  try {
    const posted = await postWithHouseSlice(tx, owner, {
      house: 'adjustments',
      toHouse: direction === 'debit',
      amountMinor,
      kind: `adjust.${direction}`,
      ref: `adjust:${adjustmentId}`,
      memo: `调整单号 ${adjustmentId}`,
    });
    return direction === 'debit' ? posted.fromBalance : posted.toBalance;
  } catch (err) {
    if (err instanceof AppError && err.key === 'INSUFFICIENT_BALANCE') fail('ADJUST_EXCEEDS_BALANCE');
    throw err;
  }
}

/** A debit the wallet cannot cover now is refused before anything is written (a pending one is checked again when approved). */
async function checkCovered(tx: Tx, owner: WalletOwner, direction: Direction, amountMinor: bigint): Promise<void> {
  if (direction === 'debit' && (await balanceOf(tx, await memberAccount(tx, owner))) < amountMinor) fail('ADJUST_EXCEEDS_BALANCE');
}

/** What a once() call answers, and whether this call did the work (a repeat is not audited again). */
export interface Outcome {
  adjustment: AdjustmentView;
  fresh: boolean;
}

/**
 * Records an adjustment; at or below the threshold it is approved and the money moves in the same
 * transaction, above it it waits for a second operator.
 */
export async function requestAdjustment(db: Db, operatorId: number, owner: WalletOwner, idem: IdempotencyKey, body: AdjustRequest): Promise<Outcome> {
  const amountMinor = toMinor(body.amount);
  const needsApproval = amountMinor > (await thresholdOf(db, owner.siteId, owner.currency)).minor;
  let fresh = false;
  // Inside the key's claim: a repeated request answers its first result, whatever the balance is now.
  const adjustmentId = await once(db, -operatorId, idem, body, async (tx) => {
    fresh = true;
    await checkCovered(tx, owner, body.direction, amountMinor);
    const { rows } = await tx.execute(sql`
      INSERT INTO admin_adjustments (site_id, member_id, currency, direction, amount_minor, reason, needs_approval, status, requested_by, decided_at)
      VALUES (${owner.siteId}, ${owner.memberId}, ${owner.currency}, ${body.direction}, ${amountMinor.toString()}, ${body.reason}, ${needsApproval},
        ${needsApproval ? 'pending' : 'approved'}, ${operatorId}, ${needsApproval ? null : sql`now()`})
      RETURNING adjustment_id`);
    const id = Number((rows[0] as { adjustment_id: string }).adjustment_id);
    if (!needsApproval) await settle(tx, owner, id, body.direction, amountMinor);
    return id;
  });
  return { adjustment: await findAdjustment(db, adjustmentId), fresh };
}

async function settle(tx: Tx, owner: WalletOwner, adjustmentId: number, direction: Direction, amountMinor: bigint): Promise<void> {
  const after = await moveMoney(tx, owner, adjustmentId, direction, amountMinor);
  await tx.execute(sql`UPDATE admin_adjustments SET balance_after = ${after.toString()} WHERE adjustment_id = ${adjustmentId}`);
}

/** The pending adjustment, locked for this transaction; a decided one, or the requester's own, is refused. */
async function lockPending(tx: Tx, adjustmentId: number, operatorId: number) {
  const { rows } = await tx.execute(sql`
    SELECT site_id, member_id, currency, direction, amount_minor, status, requested_by FROM admin_adjustments WHERE adjustment_id = ${adjustmentId} FOR UPDATE`);
  const row = rows[0] as
    { site_id: number; member_id: string; currency: string; direction: Direction; amount_minor: string; status: string; requested_by: number } | undefined;
  if (!row) return fail('ADJUST_NOT_FOUND');
  if (row.status !== 'pending') fail('ADJUST_NOT_PENDING');
  if (row.requested_by === operatorId) fail('ADJUST_SELF_APPROVAL');
  return row;
}

/** A second operator approves: the money moves, once. */
export async function approveAdjustment(db: Db, operatorId: number, idem: IdempotencyKey, adjustmentId: number): Promise<Outcome> {
  let fresh = false;
  await once(db, -operatorId, idem, { adjustmentId }, async (tx) => {
    fresh = true;
    const row = await lockPending(tx, adjustmentId, operatorId);
    const owner: WalletOwner = { memberId: Number(row.member_id), siteId: row.site_id, currency: row.currency as CurrencyCode };
    await settle(tx, owner, adjustmentId, row.direction, BigInt(row.amount_minor));
    await tx.execute(sql`
      UPDATE admin_adjustments SET status = 'approved', decided_by = ${operatorId}, decided_at = now() WHERE adjustment_id = ${adjustmentId}`);
    return adjustmentId;
  });
  return { adjustment: await findAdjustment(db, adjustmentId), fresh };
}

/** A second operator rejects: no money moves. */
export async function rejectAdjustment(db: Db, operatorId: number, adjustmentId: number, reason: string): Promise<AdjustmentView> {
  await db.transaction(async (tx) => {
    await lockPending(tx, adjustmentId, operatorId);
    await tx.execute(sql`
      UPDATE admin_adjustments SET status = 'rejected', decided_by = ${operatorId}, decided_at = now(), reject_reason = ${reason}
      WHERE adjustment_id = ${adjustmentId}`);
  });
  return findAdjustment(db, adjustmentId);
}

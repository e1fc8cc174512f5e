import { sql, type SQL } from 'drizzle-orm';
import { fromMinor } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { clock } from '../../platform/clock.ts';
import { memberAccount, type CurrencyCode } from './accounts.ts';
import { memberBalances } from './ledger.ts';
import { walletSettings } from './settings.ts';
import { turnoverBefore } from './withdraw-rules.ts';
import { epochMs, money, oneOf, rowsOf } from './sql.ts';

/** The operator's review queues of deposits and withdrawals, and what a reviewer weighs. */

export interface ReviewQuery {
  page: number;
  size: number;
  status?: string;
  siteId?: number;
  memberName?: string;
  /** The sites the operator may see; null: all. */
  siteIds: number[] | null;
}

function whereOf(q: ReviewQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.status) parts.push(sql`o.status = ${q.status}`);
  if (q.siteId) parts.push(sql`o.site_id = ${q.siteId}`);
  if (q.siteIds) parts.push(sql`o.site_id = ANY(${`{${q.siteIds.join(',')}}`}::int[])`);
  if (q.memberName) parts.push(sql`m.name = ${q.memberName.toLowerCase()}`);
  return sql.join(parts, sql` AND `);
}

interface WithdrawReviewRow {
  order_id: number;
  order_no: string;
  member_id: number;
  member_name: string;
  site_id: number;
  currency: CurrencyCode;
  amount_minor: string;
  fee_minor: string;
  usdt_minor: string | null;
  destination: string;
  payout_to: string;
  status: string;
  review_note: string | null;
  created_at: string;
  total?: string;
}

const withdrawReviewView = (r: WithdrawReviewRow) => ({
  orderId: Number(r.order_id),
  orderNo: r.order_no,
  memberId: Number(r.member_id),
  memberName: r.member_name,
  siteId: r.site_id,
  currency: r.currency,
  amount: money(r.amount_minor),
  fee: money(r.fee_minor),
  receivable: fromMinor(BigInt(r.amount_minor) - BigInt(r.fee_minor)),
  usdtAmount: r.usdt_minor === null ? null : money(r.usdt_minor),
  destination: r.destination,
  payoutTo: r.payout_to,
  status: r.status,
  reviewNote: r.review_note,
  createdAt: epochMs(r.created_at),
});
export type WithdrawalForReview = ReturnType<typeof withdrawReviewView>;

/** A page of a review queue (`select` names its orders `o` and their members `m`), newest first. */
async function queuePage<R, V>(db: Db, select: SQL, q: ReviewQuery, view: (row: R) => V) {
  const rows = await rowsOf<R & { total: unknown }>(
    db,
    sql`SELECT *, count(*) OVER () AS total FROM (${select} WHERE ${whereOf(q)}) o
        ORDER BY order_id DESC LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`,
  );
  return { list: rows.map(view), total: Number(rows[0]?.total ?? 0) };
}

/** One order of a review queue. */
async function queueOrder<R, V>(db: Db, select: SQL, orderId: number, view: (row: R) => V): Promise<V> {
  const row = await oneOf<R>(db, sql`${select} WHERE o.order_id = ${orderId}`);
  return row ? view(row) : fail('ORDER_NOT_FOUND');
}

const WITHDRAWALS = sql`
  SELECT o.order_id, o.order_no, o.member_id, m.name AS member_name, o.site_id, o.currency, o.amount_minor, o.fee_minor, o.usdt_minor,
    o.destination, o.payout_to, o.status, o.review_note, o.created_at
  FROM wallet_withdraw_orders o JOIN members m ON m.member_id = o.member_id`;

export const listWithdrawalsForReview = (db: Db, q: ReviewQuery) => queuePage(db, WITHDRAWALS, q, withdrawReviewView);
export const withdrawalForReview = (db: Db, orderId: number): Promise<WithdrawalForReview> => queueOrder(db, WITHDRAWALS, orderId, withdrawReviewView);

const WIN_KINDS = ['bet.payout', 'bet.cashout'];
const RECENT_WINS_MS = 7 * 24 * 3600_000;

/**
 * What a reviewer weighs before paying out: the turnover still owed when the member asked, money
 * in and out to date, the balance, and winnings of the last 7 days. (Who shares the member's IPs
 * and devices is the auth module's; the admin module adds it.)
 */
export async function withdrawalRisk(db: Db, orderId: number) {
  const order = await withdrawalForReview(db, orderId);
  const owner = { memberId: order.memberId, siteId: order.siteId, currency: order.currency };
  const main = await memberAccount(db, owner);
  const settings = await walletSettings(db, owner.siteId, owner.currency);
  const owed = await turnoverBefore(db, owner, main, settings.withdraw_turnover_multiple, { orderId, at: new Date(order.createdAt) });
  const totals = await oneOf<{ deposited: string; withdrawn: string }>(
    db,
    sql`SELECT
      (SELECT coalesce(sum(amount_minor), 0) FROM wallet_deposit_orders WHERE member_id = ${order.memberId} AND status = 'success') AS deposited,
      (SELECT coalesce(sum(amount_minor), 0) FROM wallet_withdraw_orders WHERE member_id = ${order.memberId} AND status = 'paid') AS withdrawn`,
  );
  const wins = await rowsOf<{ kind: string; amount_minor: string; memo: string | null; created_at: string }>(
    db,
    sql`SELECT t.kind, t.amount_minor, t.memo, t.created_at FROM wallet_transfers t
        JOIN wallet_accounts a ON a.account_id = t.to_account
        WHERE a.member_id = ${order.memberId} AND t.kind = ANY(${`{${WIN_KINDS.join(',')}}`}::text[])
          AND t.created_at > ${new Date(clock.now() - RECENT_WINS_MS)}
        ORDER BY t.amount_minor DESC LIMIT 10`,
  );
  const balances = await memberBalances(db, order.memberId);
  return {
    order,
    turnoverRemaining: fromMinor(owed.depositRemaining + owed.extra.wagerRemainingMinor),
    depositTotal: money(totals?.deposited),
    withdrawTotal: money(totals?.withdrawn),
    balance: fromMinor(balances.main),
    recentWins: wins.map((w) => ({ kind: w.kind, amount: money(w.amount_minor), memo: w.memo, at: epochMs(w.created_at) })),
  };
}

interface DepositReviewRow {
  order_id: number;
  order_no: string;
  member_id: number;
  member_name: string;
  site_id: number;
  currency: string;
  amount_minor: string;
  kind: string;
  pay_type_name: string;
  payer_name: string | null;
  appeal_reason: string | null;
  has_proof: boolean;
  status: string;
  review_note: string | null;
  created_at: string;
  total?: string;
}

const depositReviewView = (r: DepositReviewRow) => ({
  orderId: Number(r.order_id),
  orderNo: r.order_no,
  memberId: Number(r.member_id),
  memberName: r.member_name,
  siteId: r.site_id,
  currency: r.currency,
  amount: money(r.amount_minor),
  kind: r.kind,
  payTypeName: r.pay_type_name,
  payerName: r.payer_name,
  appealReason: r.appeal_reason,
  hasProof: r.has_proof,
  status: r.status,
  reviewNote: r.review_note,
  createdAt: epochMs(r.created_at),
});
export type DepositForReview = ReturnType<typeof depositReviewView>;

const DEPOSITS = sql`
  SELECT o.order_id, o.order_no, o.member_id, m.name AS member_name, o.site_id, o.currency, o.amount_minor, o.kind, t.name AS pay_type_name,
    o.payer_name, o.appeal_reason, EXISTS (SELECT 1 FROM wallet_deposit_proofs p WHERE p.order_id = o.order_id) AS has_proof,
    o.status, o.review_note, o.created_at
  FROM wallet_deposit_orders o JOIN members m ON m.member_id = o.member_id JOIN wallet_pay_types t ON t.pay_type_id = o.pay_type_id`;

export const listDepositsForReview = (db: Db, q: ReviewQuery) => queuePage(db, DEPOSITS, q, depositReviewView);
export const depositForReview = (db: Db, orderId: number): Promise<DepositForReview> => queueOrder(db, DEPOSITS, orderId, depositReviewView);

/** The member's payment proof of a deposit, as a data: URL. */
export async function depositProof(db: Db, orderId: number): Promise<{ mime: string; dataUrl: string }> {
  const row = await oneOf<{ mime: string; bytes: Buffer | Uint8Array }>(db, sql`SELECT mime, bytes FROM wallet_deposit_proofs WHERE order_id = ${orderId}`);
  if (!row) return fail('ORDER_NOT_FOUND', { msg: '该订单没有付款凭证' });
  return { mime: row.mime, dataUrl: `data:${row.mime};base64,${Buffer.from(row.bytes).toString('base64')}` };
}

import { sql } from 'drizzle-orm';
import { toMinor, type DepositState, shanghaiDay } from '@bp/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { clock } from '../../platform/clock.ts';
import { houseAccount, memberAccount, type CurrencyCode, type WalletOwner } from './accounts.ts';
import { postTransfer } from './ledger.ts';
import { checkLimits, payTypeLimits, type PayKind, type PayTypeRow } from './pay-types.ts';
import { epochMs, money, oneOf, rowsOf } from './sql.ts';

export interface DepositRow {
  order_id: number;
  order_no: string;
  member_id: number;
  site_id: number;
  currency: CurrencyCode;
  pay_type_id: number;
  kind: PayKind;
  channel: string;
  amount_minor: string;
  status: DepositState;
  receive: Record<string, unknown> | null;
  appeal_reason: string | null;
  gateway_order_id: string | null;
  has_proof: boolean;
  created_at: string;
}

const SELECT_ORDER = sql`
  SELECT o.*, EXISTS (SELECT 1 FROM wallet_deposit_proofs p WHERE p.order_id = o.order_id) AS has_proof
  FROM wallet_deposit_orders o`;

export const depositView = (r: DepositRow) => ({
  orderId: Number(r.order_id),
  orderNo: r.order_no,
  payTypeId: r.pay_type_id,
  kind: r.kind,
  amount: money(r.amount_minor),
  status: r.status,
  receive: r.receive
    ? {
        bankName: null,
        accountName: null,
        cardNum: null,
        branch: null,
        address: null,
        network: null,
        usdtAmount: null,
        ...r.receive,
      }
    : null,
  hasProof: r.has_proof,
  appealReason: r.appeal_reason,
  createdAt: epochMs(r.created_at),
});

/** A new deposit order for `owner`, checked against the pay type's limits. */
export async function createDepositOrder(
  tx: DbOrTx,
  owner: WalletOwner,
  type: PayTypeRow,
  amount: number,
  receive: Record<string, unknown> | null,
  payerName?: string,
): Promise<DepositRow> {
  const amountMinor = toMinor(amount);
  const { min, max } = payTypeLimits(type);
  checkLimits(amountMinor, min, max);
  const day = shanghaiDay(clock.now()).replaceAll('-', '');
  const created = await oneOf<{ order_id: number }>(
    tx,
    sql`
    WITH id AS (SELECT nextval('wallet_deposit_orders_order_id_seq') AS v)
    INSERT INTO wallet_deposit_orders
      (order_id, order_no, member_id, site_id, currency, pay_type_id, kind, channel, amount_minor, receive, payer_name)
    SELECT v, 'D' || ${day} || lpad(v::text, 8, '0'), ${owner.memberId}, ${owner.siteId}, ${owner.currency},
      ${type.pay_type_id}, ${type.kind}, ${type.channel}, ${amountMinor.toString()},
      ${receive ? JSON.stringify(receive) : null}::jsonb, ${payerName ?? null}
    FROM id RETURNING order_id`,
  );
  return (await findDeposit(tx, Number(created!.order_id)))!;
}

export function findDeposit(tx: DbOrTx, orderId: number): Promise<DepositRow | null> {
  return oneOf<DepositRow>(tx, sql`${SELECT_ORDER} WHERE o.order_id = ${orderId}`);
}

/** Locks an order for a change; someone else's order reads as not found. */
export async function lockDeposit(tx: DbOrTx, where: { orderId?: number; orderNo?: string }, memberId?: number): Promise<DepositRow> {
  const row = await oneOf<DepositRow>(
    tx,
    sql`
    SELECT o.*, false AS has_proof FROM wallet_deposit_orders o
    WHERE ${where.orderId !== undefined ? sql`o.order_id = ${where.orderId}` : sql`o.order_no = ${where.orderNo ?? ''}`}
    FOR UPDATE`,
  );
  if (!row || (memberId !== undefined && Number(row.member_id) !== memberId)) return fail('ORDER_NOT_FOUND');
  return row;
}

export const ownerOfOrder = (r: { member_id: number; site_id: number; currency: CurrencyCode }): WalletOwner => ({
  memberId: Number(r.member_id),
  siteId: r.site_id,
  currency: r.currency,
});

/** States an order can still be credited from (paid by the gateway, or approved by an operator). */
export const OPEN_DEPOSIT_STATES: readonly DepositState[] = ['pending', 'reviewing', 'appealing'];

/** A deposit credited: its owner, order, amount and which of the member's deposits it is (1: the first). */
export interface DepositCredited {
  owner: WalletOwner;
  orderId: number;
  amountMinor: bigint;
  nth: number;
}
/** Told inside the crediting transaction (the promo module's deposit bonuses): what it writes commits with the credit, or neither. */
export type DepositListener = (tx: DbOrTx, credited: DepositCredited) => Promise<void>;
const depositListeners = new Set<DepositListener>();
/** Registered once per process by a module that follows deposits, so the wallet never imports it. */
export function whenDepositCredited(listener: DepositListener): void {
  depositListeners.add(listener);
}

/** Credits a locked order once: house deposits -> the member's main wallet, order to 'success'. */
export async function creditDeposit(tx: DbOrTx, order: DepositRow, gatewayOrderId: string | null, note?: string): Promise<void> {
  if (!OPEN_DEPOSIT_STATES.includes(order.status)) fail('ORDER_STATE');
  const owner = ownerOfOrder(order);
  const posted = await postTransfer(tx, {
    from: await houseAccount(tx, owner.siteId, owner.currency, 'deposits'),
    to: await memberAccount(tx, owner),
    amountMinor: BigInt(order.amount_minor),
    kind: 'deposit.credit',
    ref: `deposit:${order.order_id}`,
    memo: order.order_no,
  });
  await tx.execute(sql`
    UPDATE wallet_deposit_orders
    SET status = 'success', credit_transfer = ${posted.transferId}, gateway_order_id = coalesce(${gatewayOrderId}, gateway_order_id),
        review_note = coalesce(${note ?? null}, review_note), updated_at = now()
    WHERE order_id = ${order.order_id}`);
  if (depositListeners.size === 0) return;
  const counted = await oneOf<{ nth: string }>(
    tx,
    sql`SELECT count(*) AS nth FROM wallet_deposit_orders WHERE member_id = ${order.member_id} AND status = 'success'`,
  );
  const credited = { owner, orderId: Number(order.order_id), amountMinor: BigInt(order.amount_minor), nth: Number(counted?.nth ?? 1) };
  for (const listener of depositListeners) await listener(tx, credited);
}

/** Closes an open order without money: rejected by an operator or cancelled by the member. */
export async function closeDeposit(tx: DbOrTx, order: DepositRow, status: 'rejected' | 'cancelled', note?: string): Promise<void> {
  if (!OPEN_DEPOSIT_STATES.includes(order.status)) fail('ORDER_STATE');
  await tx.execute(sql`
    UPDATE wallet_deposit_orders
    SET status = ${status}, review_note = coalesce(${note ?? null}, review_note), updated_at = now(),
        cancelled_at = ${status === 'cancelled' ? sql`now()` : sql`NULL`}
    WHERE order_id = ${order.order_id}`);
}

export async function listDeposits(tx: DbOrTx, memberId: number, page: number, size: number, status?: string) {
  const where = sql`o.member_id = ${memberId} ${status ? sql`AND o.status = ${status}` : sql``}`;
  const count = await oneOf<{ n: string }>(tx, sql`SELECT count(*) AS n FROM wallet_deposit_orders o WHERE ${where}`);
  const rows = await rowsOf<DepositRow>(tx, sql`${SELECT_ORDER} WHERE ${where} ORDER BY o.order_id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`);
  return { list: rows.map(depositView), total: Number(count?.n ?? 0) };
}

import { sql } from 'drizzle-orm';
import { fromMinor, toMinor, shanghaiDay } from '@bp/contract';
import type { Db, DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { clock } from '../../platform/clock.ts';
import { houseAccount, memberAccount, type CurrencyCode, type WalletOwner } from './accounts.ts';
import { lockedBalanceOf, postTransfer } from './ledger.ts';
import { gatherToMain } from './gather.ts';
import { destinationOf } from './destinations.ts';
import { feeFor, usdtFor, withdrawRules } from './withdraw-rules.ts';
import { passwordRequired, verifyWithdrawPassword } from './withdraw-password.ts';
import { checkLimits } from './pay-types.ts';
import { walletSettings } from './settings.ts';
import { forfeitBonuses } from './withdraw-terms.ts';
import { epochMs, oneOf, rowsOf } from './sql.ts';

interface WithdrawRow {
  order_id: number;
  order_no: string;
  member_id: number;
  site_id: number;
  currency: CurrencyCode;
  amount_minor: string;
  fee_minor: string;
  usdt_minor: string | null;
  destination: string;
  status: 'pending' | 'paid' | 'rejected' | 'cancelled';
  created_at: string;
}

export const withdrawView = (r: WithdrawRow) => ({
  orderId: Number(r.order_id),
  orderNo: r.order_no,
  amount: fromMinor(BigInt(r.amount_minor)),
  fee: fromMinor(BigInt(r.fee_minor)),
  receivable: fromMinor(BigInt(r.amount_minor) - BigInt(r.fee_minor)),
  usdtAmount: r.usdt_minor === null ? null : fromMinor(BigInt(r.usdt_minor)),
  status: r.status,
  destination: r.destination,
  createdAt: epochMs(r.created_at),
});

export interface WithdrawRequest {
  amount: number;
  withdrawPassword: string;
  cardId?: number;
  addressId?: number;
  /** The member confirmed forfeiting the unearned part of bonuses still wagering (prepare's bonusForfeit). */
  forfeitBonus?: boolean;
}

/**
 * A withdrawal: the password is checked first (its failures count even though the call fails),
 * then in one transaction with the key: limits, turnover, fee, the order, and the amount moved
 * from the main wallet to the member's hold account, where it waits for an operator.
 */
export async function requestWithdrawal(db: Db, owner: WalletOwner, key: IdempotencyKey, body: WithdrawRequest) {
  if (await passwordRequired(db, owner.siteId)) await verifyWithdrawPassword(db, owner.memberId, body.withdrawPassword);
  await gatherToMain(db, owner, key);
  // The password never enters the stored request hash.
  const { withdrawPassword: _, ...hashed } = body;
  const settings = await walletSettings(db, owner.siteId, owner.currency);
  return once(db, owner.memberId, key, hashed, async (tx) => {
    // Confirmed: the open bonus wagering ends first (its rows, then the main wallet, as every path
    // locks them); a refusal below rolls it back with the rest.
    if (body.forfeitBonus) await forfeitBonuses(tx, owner);
    const main = await memberAccount(tx, owner);
    const hold = await memberAccount(tx, owner, 'hold');
    // The main wallet's row lock serialises this member's withdrawals: counts and turnover stay exact.
    // Taken with the hold's, in the ledger's order, as the posting below and a cancel take them.
    await lockedBalanceOf(tx, main, hold);
    const destination = await destinationOf(tx, owner.memberId, body);
    const rules = await withdrawRules(tx, owner, main, settings);
    const amountMinor = toMinor(body.amount);
    checkLimits(amountMinor, rules.minMinor, rules.maxMinor);
    if (rules.depositTurnoverRemaining > 0n) {
      fail('TURNOVER_REQUIRED', {
        msg: `还需完成${fromMinor(rules.turnoverRemaining)}流水才能提款`,
        data: { turnoverRemaining: fromMinor(rules.turnoverRemaining) },
      });
    }
    if (rules.bonusWagerRemaining > 0n) {
      const forfeit = fromMinor(rules.bonusForfeit);
      fail('BONUS_FORFEIT_CONFIRM', {
        msg: `优惠流水还差${fromMinor(rules.bonusWagerRemaining)}，现在提款将扣除未完成流水的彩金${forfeit}，请确认后再提交`,
        data: { bonusWagerRemaining: fromMinor(rules.bonusWagerRemaining), bonusForfeit: forfeit },
      });
    }
    const fee = feeFor(amountMinor, rules);
    const usdt = destination.network ? usdtFor(amountMinor - fee, rules) : null;
    const day = shanghaiDay(clock.now()).replaceAll('-', '');
    const order = (await oneOf<WithdrawRow>(
      tx,
      sql`
      WITH id AS (SELECT nextval('wallet_withdraw_orders_order_id_seq') AS v)
      INSERT INTO wallet_withdraw_orders (order_id, order_no, member_id, site_id, currency, amount_minor, fee_minor, usdt_minor,
        card_id, address_id, destination, payout_to)
      SELECT v, 'W' || ${day} || lpad(v::text, 8, '0'), ${owner.memberId}, ${owner.siteId}, ${owner.currency}, ${amountMinor.toString()},
        ${fee.toString()}, ${usdt?.toString() ?? null}, ${destination.cardId}, ${destination.addressId}, ${destination.label}, ${destination.payoutTo}
      FROM id RETURNING *`,
    ))!;
    await postTransfer(tx, { from: main, to: hold, amountMinor, kind: 'withdraw.hold', ref: `withdraw:${order.order_id}`, memo: order.order_no });
    return withdrawView(order);
  });
}

async function lockWithdrawal(tx: DbOrTx, orderId: number, memberId?: number): Promise<WithdrawRow> {
  const row = await oneOf<WithdrawRow>(tx, sql`SELECT * FROM wallet_withdraw_orders WHERE order_id = ${orderId} FOR UPDATE`);
  if (!row || (memberId !== undefined && Number(row.member_id) !== memberId)) return fail('ORDER_NOT_FOUND');
  if (row.status !== 'pending') fail('ORDER_STATE');
  return row;
}

const ownerOf = (r: WithdrawRow): WalletOwner => ({ memberId: Number(r.member_id), siteId: r.site_id, currency: r.currency });

/** Ends a pending withdrawal: 'paid' moves the hold to the house, the others release it to main. */
async function finish(tx: DbOrTx, order: WithdrawRow, status: 'paid' | 'rejected' | 'cancelled', note?: string) {
  const owner = ownerOf(order);
  const hold = await memberAccount(tx, owner, 'hold');
  const to = status === 'paid' ? await houseAccount(tx, owner.siteId, owner.currency, 'withdrawals') : await memberAccount(tx, owner);
  const kind = status === 'paid' ? 'withdraw.payout' : 'withdraw.release';
  await postTransfer(tx, { from: hold, to, amountMinor: BigInt(order.amount_minor), kind, ref: `withdraw:${order.order_id}`, memo: order.order_no });
  const updated = await oneOf<WithdrawRow>(
    tx,
    sql`
    UPDATE wallet_withdraw_orders SET status = ${status}, review_note = ${note ?? null}, updated_at = now()
    WHERE order_id = ${order.order_id} RETURNING *`,
  );
  return withdrawView(updated!);
}

/** The member takes back a withdrawal still under review: the hold returns to main. */
export function cancelWithdrawal(db: Db, memberId: number, key: IdempotencyKey, orderId: number) {
  return once(db, memberId, key, { orderId }, async (tx) => finish(tx, await lockWithdrawal(tx, orderId, memberId), 'cancelled'));
}

/** Operator: paid out to the member's card or address; the hold moves to house withdrawals. */
export function approveWithdrawal(db: Db, orderId: number, note?: string) {
  return db.transaction(async (tx) => finish(tx, await lockWithdrawal(tx, orderId), 'paid', note));
}

/** Operator: refused; the hold returns to the member's main wallet. */
export function rejectWithdrawal(db: Db, orderId: number, note?: string) {
  return db.transaction(async (tx) => finish(tx, await lockWithdrawal(tx, orderId), 'rejected', note));
}

export async function listWithdrawals(db: Db, memberId: number, page: number, size: number, status?: string) {
  const where = sql`member_id = ${memberId} ${status ? sql`AND status = ${status}` : sql``}`;
  const count = await oneOf<{ n: string }>(db, sql`SELECT count(*) AS n FROM wallet_withdraw_orders WHERE ${where}`);
  const rows = await rowsOf<WithdrawRow>(
    db,
    sql`
    SELECT * FROM wallet_withdraw_orders WHERE ${where} ORDER BY order_id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  return { list: rows.map(withdrawView), total: Number(count?.n ?? 0) };
}

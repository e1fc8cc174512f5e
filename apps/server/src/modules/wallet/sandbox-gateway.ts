import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { UsdtNetwork } from '@bp/contract';
import type { Db, DbOrTx } from '../../platform/db/index.ts';
import { ownerOfOrder, type DepositRow } from './deposits.ts';
import type { WalletOwner } from './accounts.ts';
import { channelSecret, receiveCallback, signCallback } from './pay-callback.ts';
import { money, rowsOf } from './sql.ts';

/**
 * The built-in sandbox payment channels. They pay for real in the ledger's sense (house deposits
 * -> member), but no money exists behind them. Each confirms exactly as a real gateway would: a
 * signed callback through `receiveCallback`, the code behind POST /api/wallet/pay/callback/:channel.
 */
export const SANDBOX_CHANNEL = 'sandbox';
export const SANDBOX_CHAIN_CHANNEL = 'sandbox-chain';
/** Simulated block confirmations: a sandbox USDT payment confirms this long after its order. */
export const SANDBOX_CHAIN_DELAY_MS = 5_000;

function signedNotice(secret: string, order: DepositRow, gatewayOrderId: string) {
  const rawBody = JSON.stringify({ orderNo: order.order_no, gatewayOrderId, amount: money(order.amount_minor).toFixed(2), status: 'paid' });
  return { rawBody, signature: signCallback(secret, rawBody) };
}

/** The sandbox gateway pays an order at once, inside the order's transaction. */
export async function sandboxPay(tx: DbOrTx, order: DepositRow) {
  const secret = (await channelSecret(tx, SANDBOX_CHANNEL))!;
  const notice = signedNotice(secret, order, `SBX${randomBytes(8).toString('hex')}`);
  return receiveCallback(tx, SANDBOX_CHANNEL, notice.rawBody, notice.signature);
}

/**
 * The sandbox chain confirms pending USDT orders older than `olderThanMs`; answers how many, and
 * tells `onCredited` whose money arrived (after each commit).
 */
export async function confirmChainPayments(db: Db, olderThanMs = SANDBOX_CHAIN_DELAY_MS, onCredited?: (owner: WalletOwner) => Promise<void>): Promise<number> {
  const due = await rowsOf<{ order_id: number }>(
    db,
    sql`
    SELECT order_id FROM wallet_deposit_orders
    WHERE channel = ${SANDBOX_CHAIN_CHANNEL} AND status = 'pending' AND created_at <= now() - make_interval(secs => ${olderThanMs / 1000})
    ORDER BY order_id LIMIT 100`,
  );
  let confirmed = 0;
  for (const { order_id } of due) {
    const credited = await db.transaction(async (tx) => {
      const [order] = await rowsOf<DepositRow>(
        tx,
        sql`SELECT *, false AS has_proof FROM wallet_deposit_orders WHERE order_id = ${order_id} AND status = 'pending' FOR UPDATE`,
      );
      if (!order) return null;
      const secret = (await channelSecret(tx, SANDBOX_CHAIN_CHANNEL))!;
      const txHash = createHash('sha256').update(`chain:${order.order_no}`).digest('hex');
      const notice = signedNotice(secret, order, txHash);
      await receiveCallback(tx, SANDBOX_CHAIN_CHANNEL, notice.rawBody, notice.signature);
      return ownerOfOrder(order);
    });
    if (!credited) continue;
    confirmed++;
    await onCredited?.(credited);
  }
  return confirmed;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The member's sandbox deposit address on a network (stable, well-formed, holds nothing real). */
export function sandboxDepositAddress(memberId: number, network: UsdtNetwork): string {
  const digest = createHash('sha512').update(`sandbox-address:${network}:${memberId}`).digest();
  if (network === 'ERC20') return `0x${digest.subarray(0, 20).toString('hex')}`;
  return `T${Array.from(digest.subarray(0, 33), (b) => BASE58[b % 58]).join('')}`;
}

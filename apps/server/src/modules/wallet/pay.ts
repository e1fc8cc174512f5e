import { fromMinor, toMinor } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import type { WalletOwner } from './accounts.ts';
import { createDepositOrder, depositView, findDeposit } from './deposits.ts';
import { payTypeFor, type PayKind, type PayTypeRow } from './pay-types.ts';
import { sandboxDepositAddress, sandboxPay } from './sandbox-gateway.ts';
import { walletSettings } from './settings.ts';

export interface PayBody {
  payTypeId: number;
  amount: number;
  payerName?: string;
}

/** What the member pays to: the operator's bank account (speedPay) or a USDT address with the USDT sum. */
async function receiveFor(db: Db, owner: WalletOwner, type: PayTypeRow, amount: number): Promise<Record<string, unknown> | null> {
  if (type.kind === 'bank') return type.receive;
  if (type.kind !== 'usdt' || !type.network) return null;
  const { usdt_rate } = await walletSettings(db, owner.siteId, owner.currency);
  // Rounded up to the cent: the member never sends less than the order is worth.
  const rate = BigInt(Math.round(usdt_rate * 10_000));
  const usdtMinor = (toMinor(amount) * 10_000n + rate - 1n) / rate;
  return { address: sandboxDepositAddress(owner.memberId, type.network), network: type.network, usdtAmount: fromMinor(usdtMinor) };
}

/**
 * payVal: a deposit order on a pay type of the site. A sandbox order is paid at once through the
 * signed callback (status 'success'); a bank (speedPay) or USDT order waits for the member's
 * payment and its confirmation (operator approval, or the chain).
 */
export async function payVal(db: Db, owner: WalletOwner, key: IdempotencyKey, body: PayBody, kinds?: PayKind[]) {
  const type = await payTypeFor(db, owner.siteId, body.payTypeId, kinds);
  const receive = await receiveFor(db, owner, type, body.amount);
  return once(db, owner.memberId, key, body, async (tx) => {
    const order = await createDepositOrder(tx, owner, type, body.amount, receive, body.payerName);
    if (type.kind === 'sandbox') await sandboxPay(tx, order);
    return depositView((await findDeposit(tx, Number(order.order_id)))!);
  });
}

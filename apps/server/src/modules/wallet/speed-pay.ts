import { sql } from 'drizzle-orm';
import { PROOF_MAX_BYTES, PROOF_TYPES, shanghaiMidnight } from '@bp/contract';
import type { Db, DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { clock } from '../../platform/clock.ts';
import type { WalletOwner } from './accounts.ts';
import { closeDeposit, creditDeposit, depositView, findDeposit, lockDeposit, type DepositRow } from './deposits.ts';
import { walletSettings } from './settings.ts';
import { LOCK_SCOPE, lockMember, oneOf } from './sql.ts';

/** speedPay: a bank transfer to the operator's account, confirmed by the member, approved by an operator. */
const view = async (db: Db, orderId: number) => depositView((await findDeposit(db, orderId))!);

function requireState(order: DepositRow, kinds: string[], states: string[]): void {
  if (!kinds.includes(order.kind) || !states.includes(order.status)) fail('ORDER_STATE');
}

/** The member says the transfer is made: the order waits for an operator. */
export async function confirmSpeedPay(db: Db, memberId: number, orderId: number, payerName: string) {
  await db.transaction(async (tx) => {
    const order = await lockDeposit(tx, { orderId }, memberId);
    requireState(order, ['bank'], ['pending']);
    await tx.execute(sql`UPDATE wallet_deposit_orders SET status = 'reviewing', payer_name = ${payerName}, updated_at = now() WHERE order_id = ${orderId}`);
  });
  return view(db, orderId);
}

/** The member disputes a rejected or slow order, once; an operator decides again. */
export async function appealSpeedPay(db: Db, memberId: number, orderId: number, reason: string) {
  await db.transaction(async (tx) => {
    const order = await lockDeposit(tx, { orderId }, memberId);
    requireState(order, ['bank', 'usdt'], ['reviewing', 'rejected']);
    if (order.appeal_reason) fail('ORDER_STATE', { msg: '该订单已申诉，请等待处理' });
    await tx.execute(sql`UPDATE wallet_deposit_orders SET status = 'appealing', appeal_reason = ${reason}, updated_at = now() WHERE order_id = ${orderId}`);
  });
  return view(db, orderId);
}

async function cancelsToday(db: DbOrTx, memberId: number): Promise<number> {
  const since = new Date(shanghaiMidnight(clock.now()));
  const row = await oneOf<{ n: string }>(
    db,
    sql`
    SELECT count(*) AS n FROM wallet_deposit_orders WHERE member_id = ${memberId} AND status = 'cancelled' AND cancelled_at >= ${since}`,
  );
  return Number(row?.n ?? 0);
}

/** How many deposit orders the member may still cancel today (Asia/Shanghai day). */
export async function cancelCount(db: Db, owner: WalletOwner) {
  const limit = (await walletSettings(db, owner.siteId, owner.currency)).deposit_cancel_limit;
  const used = await cancelsToday(db, owner.memberId);
  return { used, limit, remaining: Math.max(0, limit - used) };
}

export async function cancelDeposit(db: Db, owner: WalletOwner, orderId: number) {
  const { limit } = await cancelCount(db, owner);
  await db.transaction(async (tx) => {
    await lockMember(tx, owner.memberId, LOCK_SCOPE.depositCancel);
    if ((await cancelsToday(tx, owner.memberId)) >= limit) fail('CANCEL_LIMIT');
    const order = await lockDeposit(tx, { orderId }, owner.memberId);
    requireState(order, ['bank', 'usdt'], ['pending', 'reviewing']);
    await closeDeposit(tx, order, 'cancelled');
  });
  return view(db, orderId);
}

/** The proof image's type, from its first bytes (the declared type must agree). */
function sniffImage(bytes: Buffer): string | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/** Stores the transfer receipt of a speedPay order (replacing an earlier one). */
export async function uploadProof(db: Db, memberId: number, orderId: number, mime: string, bytes: Buffer) {
  const sniffed = sniffImage(bytes);
  if (bytes.length === 0 || bytes.length > PROOF_MAX_BYTES || !(PROOF_TYPES as readonly string[]).includes(mime) || sniffed !== mime) {
    fail('PROOF_INVALID');
  }
  await db.transaction(async (tx) => {
    const order = await lockDeposit(tx, { orderId }, memberId);
    requireState(order, ['bank'], ['pending', 'reviewing', 'appealing']);
    await tx.execute(sql`
      INSERT INTO wallet_deposit_proofs (order_id, mime, size_bytes, bytes) VALUES (${orderId}, ${mime}, ${bytes.length}, ${bytes})
      ON CONFLICT (order_id) DO UPDATE SET mime = excluded.mime, size_bytes = excluded.size_bytes, bytes = excluded.bytes, uploaded_at = now()`);
  });
  return view(db, orderId);
}

/** Operator: the money arrived; the order is credited once. */
export async function approveDeposit(db: Db, orderId: number, note?: string) {
  await db.transaction(async (tx) => creditDeposit(tx, await lockDeposit(tx, { orderId }), null, note));
  return view(db, orderId);
}

/** Operator: no money arrived; the order closes without moving any. */
export async function rejectDeposit(db: Db, orderId: number, note?: string) {
  await db.transaction(async (tx) => closeDeposit(tx, await lockDeposit(tx, { orderId }), 'rejected', note));
  return view(db, orderId);
}

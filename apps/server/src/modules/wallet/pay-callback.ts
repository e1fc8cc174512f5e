import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { toMinor } from '@bp/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { closeDeposit, creditDeposit, lockDeposit } from './deposits.ts';
import { oneOf } from './sql.ts';

/**
 * A gateway's payment notice: POST /api/wallet/pay/callback/:channel with this JSON and the header
 * `x-pay-signature: hex(HMAC-SHA256(channel secret, raw body))`. Repeats are answered and move nothing.
 */
export const SIGNATURE_HEADER = 'x-pay-signature';

const CallbackPayload = z.object({
  orderNo: z.string().min(1).max(32),
  gatewayOrderId: z.string().min(1).max(80),
  amount: z.string().regex(/^\d{1,13}\.\d{2}$/),
  status: z.enum(['paid', 'failed']),
});
export type CallbackPayload = z.infer<typeof CallbackPayload>;

export const signCallback = (secret: string, rawBody: string): string => createHmac('sha256', secret).update(rawBody).digest('hex');

function signatureMatches(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signCallback(secret, rawBody), 'hex'), Buffer.from(signature, 'hex'));
}

export async function channelSecret(tx: DbOrTx, channel: string): Promise<string | null> {
  const row = await oneOf<{ secret: string }>(tx, sql`SELECT secret FROM wallet_pay_channels WHERE channel = ${channel}`);
  return row?.secret ?? null;
}

function parsePayload(rawBody: string): CallbackPayload {
  try {
    const parsed = CallbackPayload.safeParse(JSON.parse(rawBody));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to the validation failure
  }
  return fail('VALIDATION', { msg: '回调内容格式错误' });
}

/** Verifies and applies a gateway's notice inside the caller's transaction. */
export async function receiveCallback(tx: DbOrTx, channel: string, rawBody: string, signature: string | undefined) {
  const secret = await channelSecret(tx, channel);
  if (!secret || !signatureMatches(secret, rawBody, signature)) return fail('CALLBACK_SIGNATURE');
  const notice = parsePayload(rawBody);
  const order = await lockDeposit(tx, { orderNo: notice.orderNo });
  if (order.channel !== channel) return fail('ORDER_NOT_FOUND');
  if (toMinor(Number(notice.amount)) !== BigInt(order.amount_minor)) return fail('VALIDATION', { msg: '回调金额与订单不符' });
  if (order.gateway_order_id === notice.gatewayOrderId && (order.status === 'success' || order.status === 'rejected')) {
    return { received: true, status: order.status };
  }
  if (notice.status === 'failed') {
    await closeDeposit(tx, order, 'rejected', '支付渠道通知支付失败');
    return { received: true, status: 'rejected' };
  }
  await creditDeposit(tx, order, notice.gatewayOrderId);
  return { received: true, status: 'success' };
}

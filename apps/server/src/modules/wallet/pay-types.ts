import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import type { UsdtNetwork } from '@bp/contract';
import { big, money, oneOf, rowsOf } from './sql.ts';

export type PayKind = 'sandbox' | 'bank' | 'usdt';

export interface PayTypeRow {
  pay_type_id: number;
  site_id: number;
  name: string;
  kind: PayKind;
  channel: string;
  network: UsdtNetwork | null;
  min_minor: string;
  max_minor: string;
  receive: Record<string, string> | null;
}

export const payTypeView = (r: PayTypeRow) => ({
  payTypeId: r.pay_type_id,
  name: r.name,
  min: money(r.min_minor),
  max: money(r.max_minor),
  kind: r.kind,
  network: r.network,
});

/** The active pay types of a site, in display order. */
export function listPayTypes(tx: DbOrTx, siteId: number): Promise<PayTypeRow[]> {
  return rowsOf<PayTypeRow>(
    tx,
    sql`
    SELECT * FROM wallet_pay_types WHERE site_id = ${siteId} AND status = '1' ORDER BY sort, pay_type_id`,
  );
}

/** An active pay type of the site, optionally of one kind; PAY_TYPE_UNAVAILABLE otherwise. */
export async function payTypeFor(tx: DbOrTx, siteId: number, payTypeId: number, kinds?: PayKind[]): Promise<PayTypeRow> {
  const row = await oneOf<PayTypeRow>(
    tx,
    sql`
    SELECT * FROM wallet_pay_types WHERE pay_type_id = ${payTypeId} AND site_id = ${siteId} AND status = '1'`,
  );
  if (!row || (kinds && !kinds.includes(row.kind))) return fail('PAY_TYPE_UNAVAILABLE');
  return row;
}

/** Refuses an amount outside [min, max] with the limit in the message. */
export function checkLimits(amountMinor: bigint, min: bigint, max: bigint): void {
  if (amountMinor < min) fail('AMOUNT_BELOW_MIN', { msg: `金额不能低于${money(min)}`, data: { min: money(min) } });
  if (amountMinor > max) fail('AMOUNT_ABOVE_MAX', { msg: `金额不能高于${money(max)}`, data: { max: money(max) } });
}

export const payTypeLimits = (r: PayTypeRow) => ({ min: big(r.min_minor), max: big(r.max_minor) });

export async function listBanks(tx: DbOrTx, siteId: number): Promise<Array<{ bankCode: string; bankName: string }>> {
  const rows = await rowsOf<{ bank_code: string; bank_name: string }>(
    tx,
    sql`
    SELECT bank_code, bank_name FROM wallet_banks WHERE site_id = ${siteId} ORDER BY sort, bank_code`,
  );
  return rows.map((r) => ({ bankCode: r.bank_code, bankName: r.bank_name }));
}

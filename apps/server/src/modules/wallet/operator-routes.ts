import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/index.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import type { CurrencyCode, WalletOwner } from './accounts.ts';
import { announceBalance } from './announce.ts';
import { oneOf } from './sql.ts';
import { approveDeposit, rejectDeposit } from './speed-pay.ts';
import { approveWithdrawal, rejectWithdrawal } from './withdrawals.ts';

/** Whose order it is, to tell their open clients after the decision. */
async function ownerOf(db: Db, table: 'deposit' | 'withdraw', orderId: number): Promise<WalletOwner | null> {
  const from = table === 'deposit' ? sql`wallet_deposit_orders` : sql`wallet_withdraw_orders`;
  const row = await oneOf<{ member_id: number; site_id: number; currency: CurrencyCode }>(
    db,
    sql`SELECT member_id, site_id, currency FROM ${from} WHERE order_id = ${orderId}`,
  );
  return row ? { memberId: Number(row.member_id), siteId: row.site_id, currency: row.currency } : null;
}

/** The operator's decisions on deposits and withdrawals (`auth: 'operator'` guards them). */
export function operatorRoutes(app: FastifyInstance, deps: Deps): void {
  const decisions = [
    ['deposit', 'approve', 'Approves a deposit: the member is credited once', approveDeposit],
    ['deposit', 'reject', 'Rejects a deposit: no money moves', rejectDeposit],
    ['withdraw', 'approve', 'Approves a withdrawal: paid out from the hold', approveWithdrawal],
    ['withdraw', 'reject', 'Rejects a withdrawal: the hold returns to the member', rejectWithdrawal],
  ] as const;
  for (const [table, verb, summary, decide] of decisions) {
    defineRoute(app, { url: `/api/admin/wallet/${table}/${verb}`, summary, rateLimit: 'read', tags: ['admin'], auth: 'operator' }, async (req) => {
      const order = await decide(deps.db, req.body.orderId, req.body.note);
      const owner = await ownerOf(deps.db, table, order.orderId);
      if (owner) await announceBalance(deps, owner, table);
      return { orderId: order.orderId, status: order.status };
    });
  }
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  announceBalance,
  approveDeposit,
  approveWithdrawal,
  depositForReview,
  depositProof,
  listDepositsForReview,
  listWithdrawalsForReview,
  rejectDeposit,
  rejectWithdrawal,
  withdrawalForReview,
  withdrawalRisk,
  type CurrencyCode,
} from '../wallet/index.ts';
import { membersSharing } from '../auth/index.ts';
import { defineRoute } from '../../platform/http/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';
import { operatorOf, requireSite } from './sessions.ts';

type Order = { orderId: number; siteId: number; memberId: number; currency: string; status: string };

/** Deposit and withdrawal review: the queues, the risk view, the decisions (each audited, each telling the member's clients). */
export function financeRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const read = operatorRoute('finance.read');
  const decide = operatorRoute('finance.decide');
  const scope = (req: FastifyRequest) => operatorOf(req).siteIds;

  /** Reads the order (404 or another site's: refused), decides, records, tells the member's clients. */
  async function decideOrder<T extends Order>(
    req: FastifyRequest,
    table: 'deposit' | 'withdraw',
    verb: 'approve' | 'reject',
    find: (orderId: number) => Promise<T>,
    act: (db: Db) => Promise<{ orderId: number; orderNo: string; status: string; amount: number }>,
  ) {
    const body = req.body as { orderId: number; note?: string; reason?: string };
    const before = await find(body.orderId);
    requireSite(operatorOf(req), before.siteId);
    const decided = await audited(deps, req, { action: `${table}.${verb}`, target: `${table}:${body.orderId}`, before }, (t) => act(t.db));
    await announceBalance(deps, { memberId: before.memberId, siteId: before.siteId, currency: before.currency as CurrencyCode }, table);
    return { orderId: decided.orderId, orderNo: decided.orderNo, status: decided.status, amount: decided.amount };
  }
  const findWithdrawal = (orderId: number) => withdrawalForReview(db, orderId);
  const findDeposit = (orderId: number) => depositForReview(db, orderId);

  defineRoute(app, { url: '/api/admin/wallet/withdraw/list', summary: 'Withdrawals to review, newest first', ...read }, (req) =>
    listWithdrawalsForReview(db, { ...req.body, siteIds: scope(req) }),
  );
  defineRoute(app, { url: '/api/admin/wallet/withdraw/risk', summary: 'What to weigh before paying a withdrawal out', ...read }, async (req) => {
    const risk = await withdrawalRisk(db, req.body.orderId);
    requireSite(operatorOf(req), risk.order.siteId);
    return { ...risk, ...(await membersSharing(db, risk.order.memberId)) };
  });
  defineRoute(app, { url: '/api/admin/wallet/withdraw/approve', summary: 'Approves a withdrawal: paid out from the hold', ...decide }, (req) =>
    decideOrder(req, 'withdraw', 'approve', findWithdrawal, (tx) => approveWithdrawal(tx, req.body.orderId, req.body.note)),
  );
  defineRoute(app, { url: '/api/admin/wallet/withdraw/reject', summary: 'Rejects a withdrawal: the hold returns to the member', ...decide }, (req) =>
    decideOrder(req, 'withdraw', 'reject', findWithdrawal, (tx) => rejectWithdrawal(tx, req.body.orderId, req.body.reason)),
  );

  defineRoute(
    app,
    { url: '/api/admin/wallet/deposit/list', summary: 'Deposits to review (speedPay transfers and their proofs), newest first', ...read },
    (req) => listDepositsForReview(db, { ...req.body, siteIds: scope(req) }),
  );
  defineRoute(app, { url: '/api/admin/wallet/deposit/proof', summary: 'A deposit’s payment proof', ...read }, async (req) => {
    requireSite(operatorOf(req), (await findDeposit(req.body.orderId)).siteId);
    return depositProof(db, req.body.orderId);
  });
  defineRoute(app, { url: '/api/admin/wallet/deposit/approve', summary: 'Approves a deposit: the member is credited once', ...decide }, (req) =>
    decideOrder(req, 'deposit', 'approve', findDeposit, (tx) => approveDeposit(tx, req.body.orderId, req.body.note)),
  );
  defineRoute(app, { url: '/api/admin/wallet/deposit/reject', summary: 'Rejects a deposit: no money moves', ...decide }, (req) =>
    decideOrder(req, 'deposit', 'reject', findDeposit, (tx) => rejectDeposit(tx, req.body.orderId, req.body.reason)),
  );
}

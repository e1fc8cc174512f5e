import type { FastifyInstance, FastifyRequest } from 'fastify';
import { announceBalance, type CurrencyCode } from '../wallet/index.ts';
import { defineRoute } from '../../platform/http/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';
import {
  approveAdjustment,
  findAdjustment,
  listAdjustments,
  ownerOf,
  rejectAdjustment,
  requestAdjustment,
  type AdjustmentView,
  type Outcome,
} from './adjustments.ts';
import { operatorOf, requireSite } from './sessions.ts';

/** Manual balance adjustments: request, approve or reject (the two-person rule above the site's threshold), each step audited. */
export function adjustRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const adjust = operatorRoute('finance.adjust');

  /**
   * Runs a step in one transaction with its audit entry (a repeated Idempotency-Key is not a new
   * step: no entry) and tells the member's clients when money moved.
   */
  async function recorded(req: FastifyRequest, action: string, before: AdjustmentView | null, step: (db: Db) => Promise<Outcome>): Promise<AdjustmentView> {
    const spec = {
      action,
      target: (o: Outcome) => `adjust:${o.adjustment.adjustmentId}`,
      before,
      after: (o: Outcome) => o.adjustment,
      recorded: (o: Outcome) => o.fresh,
    };
    const { adjustment, fresh } = await audited(deps, req, spec, (t) => step(t.db));
    if (fresh && adjustment.status === 'approved')
      await announceBalance(deps, { memberId: adjustment.memberId, siteId: adjustment.siteId, currency: adjustment.currency as CurrencyCode }, 'adjust');
    return adjustment;
  }
  /** The adjustment, when the operator may act on its site. */
  async function adjustmentFor(req: FastifyRequest, adjustmentId: number) {
    const found = await findAdjustment(db, adjustmentId);
    requireSite(operatorOf(req), found.siteId);
    return found;
  }

  defineRoute(
    app,
    { url: '/api/admin/wallet/adjust/list', summary: 'Manual adjustments, newest first, and each site’s approval threshold', ...adjust },
    (req) => listAdjustments(db, { ...req.body, siteIds: operatorOf(req).siteIds }),
  );
  defineRoute(
    app,
    {
      url: '/api/admin/wallet/adjust/request',
      summary: 'Credits or debits a member’s main wallet with a reason; above the threshold it waits for a second operator',
      ...adjust,
    },
    async (req) => {
      const owner = await ownerOf(db, req.body.memberId);
      requireSite(operatorOf(req), owner.siteId);
      return recorded(req, 'adjust.request', null, (tx) => requestAdjustment(tx, operatorOf(req).operatorId, owner, req.idempotencyKey, req.body));
    },
  );
  defineRoute(
    app,
    { url: '/api/admin/wallet/adjust/approve', summary: 'A second operator approves a pending adjustment: the money moves once', ...adjust },
    async (req) => {
      const before = await adjustmentFor(req, req.body.adjustmentId);
      return recorded(req, 'adjust.approve', before, (tx) => approveAdjustment(tx, operatorOf(req).operatorId, req.idempotencyKey, req.body.adjustmentId));
    },
  );
  defineRoute(
    app,
    { url: '/api/admin/wallet/adjust/reject', summary: 'A second operator rejects a pending adjustment: no money moves', ...adjust },
    async (req) => {
      const before = await adjustmentFor(req, req.body.adjustmentId);
      const reject = async (tx: Db) => ({
        adjustment: await rejectAdjustment(tx, operatorOf(req).operatorId, req.body.adjustmentId, req.body.reason),
        fresh: true,
      });
      return recorded(req, 'adjust.reject', before, reject);
    },
  );
}

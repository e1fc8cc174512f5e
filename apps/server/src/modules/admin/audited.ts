import type { FastifyRequest } from 'fastify';
import type { Permission } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { appendAudit } from './audit.ts';
import { operatorOf } from './sessions.ts';

/** What every back-office route declares: an operator session holding `permission`; open during maintenance and access rules. */
export const operatorRoute = <P extends Permission>(permission: P) => ({
  auth: 'operator' as const,
  permission,
  exempt: true,
  rateLimit: 'read' as const,
  tags: ['admin'],
});

export interface Audited<R> {
  action: string;
  target: string;
  /** The state before the action, read before it runs. */
  before: unknown;
  /** The state after, from the action's answer (the answer itself by default). */
  after?: (result: R) => unknown;
}

/**
 * Runs an operator's action and writes it to the audit log once it has succeeded: who, from where,
 * what, before and after. A refused action changes nothing and is not recorded.
 */
export async function audited<R>(db: Db, req: FastifyRequest, spec: Audited<R>, act: () => Promise<R>): Promise<R> {
  const result = await act();
  await appendAudit(db, {
    operatorId: operatorOf(req).operatorId,
    action: spec.action,
    target: spec.target,
    before: spec.before,
    after: spec.after ? spec.after(result) : result,
    ip: req.ip,
  });
  return result;
}

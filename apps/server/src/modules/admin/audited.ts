import type { FastifyRequest } from 'fastify';
import type { Frame, Permission } from '@bp/contract';
import type { Deps } from '../../platform/deps.ts';
import { shareScope } from '../../platform/cache.ts';
import type { Bus } from '../../platform/realtime/index.ts';
import { publishFrame } from '../../platform/realtime/index.ts';
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
  /** What it acted on; from the answer when only the action makes it (a new adjustment's number). */
  target: string | ((result: R) => string);
  /** The state before the action, read before it runs. */
  before: unknown;
  /** The state after, from the action's answer (the answer itself by default). */
  after?: (result: R) => unknown;
  /** Whether the action did anything to record (a repeated Idempotency-Key did not); yes by default. */
  recorded?: (result: R) => boolean;
}

/**
 * A bus that holds the frames published inside a transaction and sends them once it committed:
 * members' clients never hear of work that was rolled back, nor read before it is visible.
 */
function busAfterCommit(bus: Bus): { bus: Bus; send(): Promise<void> } {
  const frames: Frame[] = [];
  const held: Bus = {
    kind: bus.kind,
    publish: async (ch, type, data) => {
      frames.push({ ch, type, data } as Frame);
    },
    onFrame: (handler) => bus.onFrame(handler),
    close: () => bus.close(),
  };
  return {
    bus: held,
    send: async () => {
      for (const frame of frames) await publishFrame(bus, frame);
    },
  };
}

/**
 * Runs an operator's action and writes its audit entry (who, from where, what, before and after)
 * in the action's own transaction: the action commits with its entry or neither happens. `act`
 * gets the deps bound to that transaction (its bus sends once it committed). A refused action
 * changes nothing and is not recorded. The entry takes the chain's head lock last, just before
 * the commit, so entries stay numbered in commit order and no other lock is waited on meanwhile.
 */
export async function audited<R>(deps: Deps, req: FastifyRequest, spec: Audited<R>, act: (within: Deps) => Promise<R>): Promise<R> {
  let frames = busAfterCommit(deps.bus);
  const result = await deps.db.transaction(async (tx) => {
    frames = busAfterCommit(deps.bus); // a retried transaction starts over, its earlier frames dropped
    shareScope(tx, deps.db);
    const done = await act({ ...deps, db: tx, bus: frames.bus });
    if (spec.recorded?.(done) ?? true)
      await appendAudit(tx, {
        operatorId: operatorOf(req).operatorId,
        action: spec.action,
        target: typeof spec.target === 'string' ? spec.target : spec.target(done),
        before: spec.before,
        after: spec.after ? spec.after(done) : done,
        ip: req.ip,
      });
    return done;
  });
  await frames.send();
  return result;
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Now } from '../now.ts';

/** A check every request passes before its route runs: it throws (or rejects) to turn the request away. */
export type GateCheck = (req: FastifyRequest) => Now<void>;

function runChecks(req: FastifyRequest, checks: readonly GateCheck[], from: number): Now<void> {
  for (let i = from; i < checks.length; i++) {
    const settled = checks[i](req);
    if (settled instanceof Promise) return settled.then(() => runChecks(req, checks, i + 1));
  }
}

/** A check as a Fastify hook in callback style: a synchronous check makes no promise. */
export function hookOf(check: GateCheck) {
  return (req: FastifyRequest, _reply: unknown, done: (err?: Error) => void): void => {
    try {
      const settled = check(req);
      if (settled instanceof Promise) settled.then(() => done(), done);
      else done();
    } catch (err) {
      done(err as Error);
    }
  };
}

/**
 * The request's gate: one onRequest hook running the modules' checks in order (the site first, so
 * later checks know it). One hook rather than one per module, in callback style: with the caches
 * warm, the whole gate is synchronous and makes no promise.
 */
export function installGate(app: FastifyInstance, checks: readonly GateCheck[]): void {
  app.addHook(
    'onRequest',
    hookOf((req) => runChecks(req, checks, 0)),
  );
}

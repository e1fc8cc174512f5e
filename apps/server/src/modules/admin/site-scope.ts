import type { FastifyRequest } from 'fastify';
import { requireSite as siteOf } from '../site/index.ts';
import type { Db } from '../../platform/db/index.ts';
import { operatorOf, requireSite } from './sessions.ts';

/** A site the operator may act on (else OPERATOR_SITE_FORBIDDEN), and that exists (else SITE_NOT_FOUND). */
export async function operatorSite(db: Db, req: FastifyRequest, siteId: number): Promise<number> {
  requireSite(operatorOf(req), siteId);
  await siteOf(db, siteId);
  return siteId;
}

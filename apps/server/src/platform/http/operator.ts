import type { FastifyRequest } from 'fastify';
import { fail } from './errors.ts';
import { sameSecret } from '../same-secret.ts';

/**
 * The operator's calls, until the back office exists: guarded by the `x-admin-token` header equal
 * to env ADMIN_TOKEN, at least 16 characters (no ADMIN_TOKEN: these paths refuse all).
 */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';

export function requireOperator(req: FastifyRequest): void {
  const expected = process.env.ADMIN_TOKEN ?? '';
  const given = req.headers[ADMIN_TOKEN_HEADER];
  const ok = expected.length >= 16 && typeof given === 'string' && sameSecret(given, expected);
  if (!ok) fail('OPERATOR_TOKEN', { httpStatus: 403 });
}

import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { permissionsOf, type OperatorRole, type Permission } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, hookOf, hookWhere, routeOf } from '../../platform/http/index.ts';
import { clock } from '../../platform/clock.ts';
import { operators, operatorSessions } from './tables.ts';

/** The operator a request acts for, once its session checks out. */
export interface OperatorContext {
  operatorId: number;
  name: string;
  roles: OperatorRole[];
  permissions: Set<Permission>;
  /** null: every site. */
  siteIds: number[] | null;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator, on routes with `auth: 'operator'` (always set there). */
    operator: OperatorContext | null;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Activity is written at most this often. */
const SEEN_EVERY_MS = 30_000;

/** Opens an operator session: a random token whose hash alone is stored. */
export async function openOperatorSession(db: Db, operatorId: number, req: FastifyRequest): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const userAgent = req.headers['user-agent']?.slice(0, 256) ?? null;
  const now = new Date(clock.now());
  await db.insert(operatorSessions).values({ operatorId, tokenHash: hashToken(token), ip: req.ip, userAgent, createdAt: now, lastSeenAt: now });
  return token;
}

export async function endOperatorSession(db: Db, sessionId: number, reason: 'logout' | 'idle'): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ endedAt: new Date(clock.now()), endReason: reason })
    .where(and(eq(operatorSessions.sessionId, sessionId), isNull(operatorSessions.endedAt)));
}

/** The operator of a token: a live session of an active operator, used within the idle timeout. */
export async function authenticateOperator(db: Db, token: string, idleMs: number): Promise<OperatorContext> {
  const [found] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.operatorId, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, hashToken(token)), isNull(operatorSessions.endedAt)));
  if (!found || found.operator.status !== 'active') throw new AppError('OPERATOR_AUTH', { httpStatus: 401 });
  const { session, operator } = found;
  const now = clock.now();
  const idle = now - session.lastSeenAt.getTime();
  if (idle > idleMs) {
    await endOperatorSession(db, session.sessionId, 'idle');
    throw new AppError('OPERATOR_IDLE', { httpStatus: 401 });
  }
  if (idle > SEEN_EVERY_MS)
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(operatorSessions.sessionId, session.sessionId));
  const roles = operator.roles as OperatorRole[];
  return {
    operatorId: operator.operatorId,
    name: operator.name,
    roles,
    permissions: new Set(permissionsOf(roles)),
    siteIds: operator.siteIds,
    sessionId: session.sessionId,
  };
}

const bearerOf = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
};

/**
 * Operator paths need a live operator session (401) whose roles hold the route's permission (403).
 * Checked before the body is validated, so a caller without them learns nothing of the call's
 * shape. The composition root installs this before any module declares a route.
 */
export function installOperatorCheck(app: FastifyInstance, deps: Deps): void {
  const idleMs = deps.config.operatorIdleMinutes * 60_000;
  app.decorateRequest('operator', null);
  hookWhere(
    app,
    'preValidation',
    (config) => config.auth === 'operator',
    hookOf(async (req) => {
      const token = bearerOf(req.headers.authorization);
      if (!token) throw new AppError('OPERATOR_AUTH', { httpStatus: 401 });
      const operator = await authenticateOperator(deps.db, token, idleMs);
      const needed = routeOf(req).config.permission;
      if (!needed || !operator.permissions.has(needed)) throw new AppError('OPERATOR_FORBIDDEN', { httpStatus: 403 });
      req.operator = operator;
    }),
  );
}

/** The operator of a request on an operator route (the check above set it). */
export function operatorOf(req: FastifyRequest): OperatorContext {
  if (!req.operator) throw new AppError('OPERATOR_AUTH', { httpStatus: 401 });
  return req.operator;
}

/** An operator of some sites acts on no other's data. */
export function requireSite(operator: OperatorContext, siteId: number): void {
  if (operator.siteIds && !operator.siteIds.includes(siteId)) throw new AppError('OPERATOR_SITE_FORBIDDEN', { httpStatus: 403 });
}

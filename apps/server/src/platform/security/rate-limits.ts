import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import rateLimit, { type FastifyRateLimitOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError, routeOf, type RateLimitClass } from '../http/index.ts';
import type { SitePolicies } from './policy.ts';

/**
 * The platform's limits per route class (API.md: a person's normal pace or a polling client is
 * never stopped). 'money' counts per member, the others per IP. Sites may only go lower.
 */
export const RATE_LIMITS: Record<RateLimitClass, { max: number; windowMs: number }> = {
  read: { max: 300, windowMs: 60_000 },
  money: { max: 60, windowMs: 60_000 },
  register: { max: 20, windowMs: 3_600_000 },
  send: { max: 10, windowMs: 3_600_000 },
};

export interface RateLimitOptions {
  redis: Redis | null;
  siteOf(req: FastifyRequest): number;
  memberOf(req: FastifyRequest): number | null;
  policies: SitePolicies;
}

/** Our routes' `config.rateLimit` names a class (route.ts); the plugin's own typing of that key differs. */
const routeClass = (config: unknown): RateLimitClass | null => {
  const cls = (config as { rateLimit?: unknown } | undefined)?.rateLimit;
  return typeof cls === 'string' && cls in RATE_LIMITS ? (cls as RateLimitClass) : null;
};
const classOf = (req: FastifyRequest): RateLimitClass => routeClass(routeOf(req).config) ?? 'read';

/**
 * One limiter of @fastify/rate-limit serves every class: the key, maximum and window come from the
 * route's class. The plugin lives in a scope of its own because it reads `config.rateLimit` as its
 * own option; our routes name a class there, which this file attaches: at onRequest for the classes
 * counted per IP, at preHandler for 'money' (the member is known only after authentication).
 *
 * With Redis the counts are shared by every instance. While Redis fails (platform/redis.ts: at
 * once, never a hang) each instance counts in its own memory instead: the limits still hold, per
 * instance, rather than every request passing uncounted.
 */
export async function installRateLimits(app: FastifyInstance, { redis, siteOf, memberOf, policies }: RateLimitOptions): Promise<void> {
  const settings: FastifyRateLimitOptions = {
    global: false,
    nameSpace: 'ratelimit:',
    keyGenerator: (req: FastifyRequest) => {
      const cls = classOf(req);
      const member = cls === 'money' ? memberOf(req) : null;
      return `${cls}:${siteOf(req)}:${member !== null ? `m${member}` : req.ip}`;
    },
    max: async (req: FastifyRequest) => {
      const cls = classOf(req);
      const tightened = (await policies.of(siteOf(req))).limits[cls];
      return Math.min(RATE_LIMITS[cls].max, tightened ?? Infinity);
    },
    timeWindow: (req: FastifyRequest) => RATE_LIMITS[classOf(req)].windowMs,
    errorResponseBuilder: () => new AppError('HIGH_TRAFFIC', { httpStatus: 429 }),
  };
  const local = await limiterOf(app, settings);
  const shared = redis ? await limiterOf(app, { ...settings, redis }) : null;
  // Only the limit's own refusal is an AppError: anything else the shared count threw is Redis failing.
  const limiter = !shared
    ? local
    : async function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
        try {
          await shared.call(this, req, reply);
        } catch (err) {
          if (err instanceof AppError) throw err;
          await local.call(this, req, reply);
        }
      };

  app.addHook('onRoute', (route: RouteOptions) => {
    const cls = routeClass(route.config);
    if (!cls) return;
    const stage = cls === 'money' ? 'preHandler' : 'onRequest';
    const existing = route[stage];
    route[stage] = [...(existing ? [existing].flat() : []), limiter] as never;
  });
}

/** The plugin's hook: async, so it takes no `done`. */
type Limiter = (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A limiter of the plugin, in a scope of its own (see installRateLimits). */
async function limiterOf(app: FastifyInstance, settings: FastifyRateLimitOptions): Promise<Limiter> {
  let limiter!: Limiter;
  await app.register(async (scope) => {
    await scope.register(rateLimit, settings);
    limiter = scope.rateLimit() as unknown as Limiter;
  });
  return limiter;
}

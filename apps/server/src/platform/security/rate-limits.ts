import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
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
 */
export async function installRateLimits(app: FastifyInstance, { redis, siteOf, memberOf, policies }: RateLimitOptions): Promise<void> {
  let limiter!: onRequestHookHandler;
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      redis: redis ?? undefined,
      nameSpace: 'ratelimit:',
      // A Redis outage must not take the site down with it: requests pass uncounted meanwhile.
      skipOnError: true,
      keyGenerator: (req) => {
        const cls = classOf(req);
        const member = cls === 'money' ? memberOf(req) : null;
        return `${cls}:${siteOf(req)}:${member !== null ? `m${member}` : req.ip}`;
      },
      max: async (req) => {
        const cls = classOf(req);
        const tightened = (await policies.of(siteOf(req))).limits[cls];
        return Math.min(RATE_LIMITS[cls].max, tightened ?? Infinity);
      },
      timeWindow: (req) => RATE_LIMITS[classOf(req)].windowMs,
      errorResponseBuilder: () => new AppError('HIGH_TRAFFIC', { httpStatus: 429 }),
    });
    limiter = scope.rateLimit();
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const cls = routeClass(route.config);
    if (!cls) return;
    const stage = cls === 'money' ? 'preHandler' : 'onRequest';
    const existing = route[stage];
    route[stage] = [...(existing ? [existing].flat() : []), limiter] as never;
  });
}

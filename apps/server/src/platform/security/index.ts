import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { appKeyStore } from './app-keys.ts';
import { installGuard } from './guard.ts';
import { tableNonces } from './nonces.ts';
import { sitePolicies, type SiteConfigLookup } from './policy.ts';
import { installRateLimits } from './rate-limits.ts';
import { installSealedAnswers } from './sealed.ts';

export { provisionClientKeys } from './app-keys.ts';
export { RATE_LIMITS } from './rate-limits.ts';
export type { SecurityPolicy } from './policy.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drops cached site security policies, so a changed site config applies at once. */
    forgetSecurityPolicies(): void;
  }
}

/** What security needs from the business side, wired by the composition root. */
export interface SecurityOptions {
  /** The site a request is for. */
  siteOf(req: FastifyRequest): number;
  /** The member a request acts for, once authenticated (rate limits of money calls). */
  memberOf(req: FastifyRequest): number | null;
  /** A site's config values. */
  siteConfig: SiteConfigLookup;
}

/**
 * Request protection (seed 7, API.md): signed requests with a replay window and single-use
 * nonces, `xx` encrypted bodies and answers, per-site requirements, and rate limits per route
 * class. Installed before the modules, so their routes get the limits.
 */
export async function installSecurity(app: FastifyInstance, deps: Deps, options: SecurityOptions): Promise<void> {
  const policies = sitePolicies(options.siteConfig);
  app.decorate('forgetSecurityPolicies', () => policies.forget());
  if (deps.config.rateLimits) {
    await installRateLimits(app, { redis: deps.redis, siteOf: options.siteOf, memberOf: options.memberOf, policies });
  }
  installSealedAnswers(app);
  installGuard(app, {
    siteOf: options.siteOf,
    policies,
    keys: appKeyStore(deps.db),
    nonces: tableNonces(deps.db),
  });
}

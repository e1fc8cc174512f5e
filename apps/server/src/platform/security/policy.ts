import { SecurityConfigKeys } from '@bp/contract';
import type { RateLimitClass } from '../http/index.ts';
import { MemoryCache } from '../cache.ts';

/** What a site asks of its requests, from its config (operators tighten it per site). */
export interface SecurityPolicy {
  requireSignature: boolean;
  requireEncryption: boolean;
  /** Per-window maxima the site set below the platform defaults (`rate_limit_read`, ...). */
  limits: Partial<Record<RateLimitClass, number>>;
}

export type SiteConfigLookup = (siteId: number, keys: string[]) => Promise<Record<string, string | null>>;

const LIMIT_CLASSES: RateLimitClass[] = ['read', 'money', 'register', 'send'];
const limitKey = (cls: RateLimitClass) => `rate_limit_${cls}`;
export const POLICY_KEYS = [SecurityConfigKeys.requireSignature, SecurityConfigKeys.requireEncryption, ...LIMIT_CLASSES.map(limitKey)];

export function policyFrom(values: Record<string, string | null>): SecurityPolicy {
  const limits: SecurityPolicy['limits'] = {};
  for (const cls of LIMIT_CLASSES) {
    const max = Number(values[limitKey(cls)]);
    if (Number.isInteger(max) && max > 0) limits[cls] = max;
  }
  return {
    requireSignature: values[SecurityConfigKeys.requireSignature] === '1',
    requireEncryption: values[SecurityConfigKeys.requireEncryption] === '1',
    limits,
  };
}

/** Every request of a guarded path needs its site's policy; a few seconds' cache spares the database. */
const POLICY_TTL_MS = 3_000;

export function sitePolicies(lookup: SiteConfigLookup) {
  const cache = new MemoryCache<SecurityPolicy>(POLICY_TTL_MS);
  return {
    async of(siteId: number): Promise<SecurityPolicy> {
      return cache.through(String(siteId), async () => policyFrom(await lookup(siteId, POLICY_KEYS)));
    },
    /** The cached policy while it is fresh, without waiting: the common request's fast path. */
    peek(siteId: number): SecurityPolicy | undefined {
      return cache.get(String(siteId));
    },
    /** Drops cached policies, so a config change applies to the next request. */
    forget(): void {
      cache.forget();
    },
  };
}

export type SitePolicies = ReturnType<typeof sitePolicies>;

import type { FastifyRequest } from 'fastify';
import { Errors } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { AppError, routeOf } from '../../platform/http/index.ts';
import { judgeVisitor, type Visitor } from './access.ts';
import { maintenanceNow } from './maintenance.ts';
import { andThen, type Now } from '../../platform/now.ts';

/** perInfo answers maintenance itself, with the whole site info as data (seed 8). */
export const PER_INFO_URL = '/api/site/group/site/perInfo';

/** The API documentation describes the contract and holds no member state. */
const UNGUARDED_PREFIXES = ['/api/docs'];

/**
 * The visitor as the proxy in front of us reports it: req.ip (its x-forwarded-for, when TRUST_PROXY
 * names it) and its country header. The country header follows the same trust: from anyone else
 * it is the client's own claim, which would let it walk around a country rule.
 */
export function visitorOf(req: FastifyRequest): Visitor {
  const header = req.viaTrustedProxy ? (req.headers['cf-ipcountry'] ?? req.headers['x-country']) : undefined;
  const country = typeof header === 'string' && /^[A-Za-z]{2}$/.test(header.trim()) ? header.trim().toUpperCase() : null;
  // Cloudflare's XX (unknown) and T1 (Tor) name no country. The address (worked out from the
  // forwarding headers) is read only when a rule or an answer needs it.
  return {
    get ip() {
      return req.ip || null;
    },
    country: country === 'XX' ? null : country,
  };
}

/**
 * Turns visitors away from the API while the site is closed to them (seed 2, 6 and 8): a denied
 * visitor gets ACCESS_RESTRICTION, maintenance and cautioned visitors ACCESS_CAVEAT. The page itself,
 * its assets and routes marked `exempt` (health, time, the /cs calls, the socket) stay reachable.
 */
export function guardSite(db: Db, req: FastifyRequest): Now<void> {
  const { url, config } = routeOf(req);
  if (!url?.startsWith('/api/') || config.exempt || UNGUARDED_PREFIXES.some((p) => url.startsWith(p))) return;
  // The visitor is worked out only when a rule or an answer needs it.
  return andThen(
    judgeVisitor(db, req.site.siteId, () => visitorOf(req)),
    (verdict) => {
      if (verdict.kind === 'restricted') {
        throw new AppError('ACCESS_RESTRICTION', { data: { restrictionCode: verdict.restrictionCode, ...visitorOf(req) } });
      }
      return andThen(maintenanceNow(db, req.site.siteId), (maintenance) => {
        if (maintenance.status === 0 && url !== PER_INFO_URL) {
          throw new AppError('ACCESS_CAVEAT', {
            msg: maintenance.message || Errors.SYSTEM_MAINTENANCE.msg,
            data: { maintenance, ...visitorOf(req), reason: maintenance.message },
          });
        }
        if (verdict.kind === 'caveat') {
          throw new AppError('ACCESS_CAVEAT', { msg: verdict.reason || undefined, data: { maintenance, ...visitorOf(req), reason: verdict.reason } });
        }
      });
    },
  );
}

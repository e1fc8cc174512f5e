import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, routeOf } from '../http/index.ts';
import type { AppKeyStore, ClientKey } from './app-keys.ts';
import type { NonceStore } from './nonces.ts';
import type { SitePolicies, SecurityPolicy } from './policy.ts';
import { checkTimestamp, readClientHeaders, verifySignature, type ClientHeaders } from './signature.ts';
import { isSealedBody, openSealedBody, sealsAnswer } from './sealed.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client whose signature checked out on this request, if it was signed. */
    appClient: { appKey: string; clientType: string } | null;
  }
}

export interface GuardOptions {
  siteOf(req: FastifyRequest): number;
  policies: SitePolicies;
  keys: AppKeyStore;
  nonces: NonceStore;
}

/** The browsable API documentation is public reading, like the site's own pages. */
const OPEN_PREFIXES = ['/api/docs'];

/** Where a site's policy applies: the API, except calls marked exempt (health, time, perInfo, /cs). */
const isGuarded = (req: FastifyRequest): boolean =>
  req.url.startsWith('/api/') && !routeOf(req).config.exempt && !OPEN_PREFIXES.some((p) => req.url.startsWith(p));

const OPEN_POLICY: SecurityPolicy = { requireSignature: false, requireEncryption: false, limits: {} };

/** An encrypted body that is not signed still names its app key and timestamp for the key. */
async function sealingClient(siteId: number, headers: ClientHeaders, keys: AppKeyStore): Promise<ClientKey> {
  if (!headers.appKey || !headers.timestamp) return fail('BAD_CIPHER');
  checkTimestamp(headers.timestamp);
  return (await keys.find(siteId, headers.appKey)) ?? fail('BAD_CIPHER');
}

/**
 * Before validation: a signed request is verified whatever the site requires; an `xx` body is
 * opened; then the site's policy (and a route that seals its answers) refuses what it requires and
 * did not get. Failures change nothing.
 */
export function installGuard(app: FastifyInstance, { siteOf, policies, keys, nonces }: GuardOptions): void {
  app.decorateRequest('appClient', null);
  // Callback style with a synchronous fast path: a plain call to a site that asks for nothing
  // (its policy cached) passes without a promise; anything else takes the full check.
  app.addHook('preValidation', (req, _reply, done) => {
    const headers = readClientHeaders(req);
    if (!headers.sign && !isSealedBody(req.body) && !sealsAnswer(req)) {
      if (!isGuarded(req)) return done();
      const policy = policies.peek(siteOf(req));
      if (policy && !policy.requireSignature && !policy.requireEncryption) return done();
    }
    check(req, headers).then(() => done(), done);
  });

  async function check(req: FastifyRequest, headers: ClientHeaders): Promise<void> {
    const sealed = isSealedBody(req.body);
    const guarded = isGuarded(req);
    if (!guarded && !headers.sign && !sealed && !sealsAnswer(req)) return;
    const siteId = siteOf(req);
    const policy = guarded ? await policies.of(siteId) : OPEN_POLICY;

    let client: ClientKey | null = null;
    if (headers.sign) {
      client = await verifySignature(req, siteId, headers, keys, nonces);
      req.appClient = { appKey: client.appKey, clientType: client.clientType };
    } else if (policy.requireSignature || sealsAnswer(req)) {
      fail('BAD_SIGNATURE');
    }

    if (sealed) openSealedBody(req, client ?? (await sealingClient(siteId, headers, keys)), headers.timestamp);
    else if (policy.requireEncryption && req.method !== 'GET' && req.rawBody !== undefined) fail('BAD_CIPHER');
    if (client && sealsAnswer(req)) req.sealedWith ??= { secret: client.secret, timestamp: headers.timestamp! };
  }
}

import { deflateRawSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Headers, SEALED_FIELD, SEALED_ZIP, SEALED_ZIP_FIELD, decryptPayload, encryptBytes, encryptPayload } from '@bp/contract';
import { COMPRESS_ABOVE_BYTES, JSON_TYPE, fail, routeOf } from '../http/index.ts';
import type { ClientKey } from './app-keys.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the body came as `{"xx": ...}` or the route seals its answers: the key of the answer. */
    sealedWith: { secret: string; timestamp: string } | null;
  }
}

declare module '../http/route.ts' {
  interface RouteConfig {
    /**
     * Seed 7: video calls are signed GET requests with encrypted answers. A route declaring this
     * takes signed requests only and always answers `{"xx": ...}`.
     */
    sealAnswer?: boolean;
  }
}

export const sealsAnswer = (req: FastifyRequest): boolean => routeOf(req).config.sealAnswer === true;

/** A body is sealed when it carries the `xx` field; anything else beside it makes it malformed. */
export function isSealedBody(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && SEALED_FIELD in body;
}

/**
 * Replaces a sealed body by the JSON object it carries (seed 7: key from the app secret and the
 * request's timestamp). Any failure to open it is BAD_CIPHER and the request goes no further.
 */
export function openSealedBody(req: FastifyRequest, client: ClientKey | null, timestamp: string | undefined): void {
  const body = req.body as Record<string, unknown>;
  const cipher = body[SEALED_FIELD];
  if (!client || !timestamp || typeof cipher !== 'string' || Object.keys(body).length !== 1) return fail('BAD_CIPHER');
  let opened: unknown;
  try {
    opened = JSON.parse(decryptPayload(cipher, client.secret, timestamp));
  } catch {
    return fail('BAD_CIPHER');
  }
  if (typeof opened !== 'object' || opened === null || Array.isArray(opened)) return fail('BAD_CIPHER');
  req.body = opened;
  req.sealedWith = { secret: client.secret, timestamp };
}

/** Seals the answer of a sealed request as `{"xx": ...}`, whatever its HTTP status. */
export function installSealedAnswers(app: FastifyInstance): void {
  app.decorateRequest('sealedWith', null);
  // Callback style: most answers are not sealed and pass straight through, without a promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!req.sealedWith) return done(null, payload);
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (text === null) return done(null, payload);
    reply.type(JSON_TYPE);
    done(null, sealedAnswer(text, req.sealedWith, req.headers[Headers.sealZip] === SEALED_ZIP));
  });
}

/**
 * `{"xx": ...}`, compressed inside the seal when the client opens that and the answer is worth it
 * (SEALED_ZIP_FIELD): a ciphertext does not compress on the way, its JSON does, by about ten times.
 */
function sealedAnswer(text: string, key: { secret: string; timestamp: string }, zipAccepted: boolean): string {
  if (!zipAccepted || text.length < COMPRESS_ABOVE_BYTES) return JSON.stringify({ [SEALED_FIELD]: encryptPayload(text, key.secret, key.timestamp) });
  // Level 4: nearly all of the gain for a fraction of the default's CPU, as HTTP compression here.
  const zipped = deflateRawSync(text, { level: 4 });
  return JSON.stringify({ [SEALED_FIELD]: encryptBytes(zipped, key.secret, key.timestamp), [SEALED_ZIP_FIELD]: SEALED_ZIP });
}

import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@bp/contract';
import type { Now } from '../now.ts';
import { JSON_TYPE } from './install.ts';

export type RateLimitClass = 'read' | 'money' | 'register' | 'send';

/** What a route declares beyond its schema; read by the platform's and modules' hooks. */
export interface RouteConfig {
  /** 'member': a valid session is required (401 otherwise); 'optional': read when present. */
  auth?: 'member' | 'optional';
  rateLimit?: RateLimitClass | false;
  /** Exempt from maintenance and access restriction (seed: /cs and its calls, health, time). */
  exempt?: boolean;
  /** Money moves: an `Idempotency-Key` header is required. */
  idempotent?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteConfig {}
  interface FastifyRequest {
    /** The route, as `routeOf` read it. */
    routeRead: { url: string | undefined; config: RouteConfig } | null;
  }
}

/**
 * The request's route: its url and config. Read once per request: Fastify builds `routeOptions`
 * anew at every read, and several checks of every request ask.
 */
export function routeOf(req: FastifyRequest): { url: string | undefined; config: RouteConfig } {
  if (req.routeRead) return req.routeRead;
  const { url, config } = req.routeOptions;
  return (req.routeRead = { url, config: (config ?? {}) as RouteConfig });
}

export interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, D extends z.ZodType> extends RouteConfig {
  method?: 'GET' | 'POST';
  url: string;
  summary: string;
  tags?: string[];
  body?: B;
  query?: Q;
  /** The shape of `data` in the envelope: documented in OpenAPI and checked on the way out. */
  data: D;
  /**
   * The handler answers from memory and returns the very same object until its data changes: the
   * encoded answer is kept with that object, so a warm answer is written without serializing it
   * again. Such an object must never be changed once returned.
   */
  reusesAnswer?: boolean;
}

type Handler<B extends z.ZodType, Q extends z.ZodType, D extends z.ZodType> = (
  req: FastifyRequest<{ Body: z.infer<B>; Querystring: z.infer<Q> }>,
  reply: FastifyReply,
) => Now<z.input<D>>;

const envelope = (data: unknown) => ({ code: 0, data: data ?? null, msg: 'success' });

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** The encoded answer of each object a `reusesAnswer` route returned, made once with the route's serializer. */
function encodedAnswers() {
  const encoded = new WeakMap<object, Buffer>();
  return (reply: FastifyReply, data: unknown): unknown => {
    if (typeof data !== 'object' || data === null) return envelope(data);
    let body = encoded.get(data);
    if (!body) encoded.set(data, (body = Buffer.from(reply.serializeInput(envelope(data), '200') as string)));
    reply.type(JSON_TYPE);
    return body;
  };
}

/**
 * Declares a call of the API: its schema (validated on the way in, documented in OpenAPI), its
 * config, and a handler that returns only `data`; the envelope `{code: 0, data, msg}` is added here.
 */
export function defineRoute<B extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUnknown, D extends z.ZodType = z.ZodType>(
  app: FastifyInstance,
  spec: RouteSpec<B, Q, D>,
  handler: Handler<B, Q, D>,
): void {
  const { method = 'POST', url, summary, tags, body, query, data, reusesAnswer, ...config } = spec;
  const answer = reusesAnswer ? encodedAnswers() : (_reply: FastifyReply, result: unknown) => envelope(result);
  // Generic schemas defeat Fastify's inference here; the handler's own types above are what matter.
  app.withTypeProvider<ZodTypeProvider>().route({
    method,
    url,
    config,
    schema: {
      summary,
      tags: tags ?? [url.split('/')[2] ?? 'api'],
      ...(body ? { body } : {}),
      ...(query ? { querystring: query } : {}),
      response: { 200: envelopeOf(data) },
    },
    // A handler answering from warm memory returns its data as is: no promise on that path.
    handler: (req: FastifyRequest, reply: FastifyReply) => {
      const result = handler(req as never, reply);
      // Any thenable (a query builder returned as is, say) is awaited; only plain data is answered at once.
      if (!isThenable(result)) return answer(reply, result);
      // Tracked, so a shutdown lets it finish before the database closes.
      return app.inFlight.track(Promise.resolve(result).then((data) => answer(reply, data)));
    },
  } as unknown as RouteOptions);
}

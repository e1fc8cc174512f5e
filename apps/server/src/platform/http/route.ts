import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@bp/contract';
import type { Now } from '../now.ts';

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
}

type Handler<B extends z.ZodType, Q extends z.ZodType, D extends z.ZodType> = (
  req: FastifyRequest<{ Body: z.infer<B>; Querystring: z.infer<Q> }>,
  reply: FastifyReply,
) => Now<z.input<D>>;

const envelope = (data: unknown) => ({ code: 0, data: data ?? null, msg: 'success' });

/**
 * Declares a call of the API: its schema (validated on the way in, documented in OpenAPI), its
 * config, and a handler that returns only `data`; the envelope `{code: 0, data, msg}` is added here.
 */
export function defineRoute<B extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUnknown, D extends z.ZodType = z.ZodType>(
  app: FastifyInstance,
  spec: RouteSpec<B, Q, D>,
  handler: Handler<B, Q, D>,
): void {
  const { method = 'POST', url, summary, tags, body, query, data, ...config } = spec;
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
      return typeof (result as PromiseLike<unknown> | null)?.then === 'function' ? Promise.resolve(result).then(envelope) : envelope(result);
    },
  } as unknown as RouteOptions);
}

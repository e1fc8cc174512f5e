import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROUTES, envelopeOf, type ApiRoute, type Permission } from '@bp/contract';
import type { IdempotencyKey } from '../idempotency.ts';
import type { Now } from '../now.ts';
import { JSON_TYPE } from './install.ts';

export type RateLimitClass = 'read' | 'money' | 'register' | 'send';

/** What a route declares beyond its schema; read by the platform's and modules' hooks. */
export interface RouteConfig {
  /**
   * 'member': a valid session is required (401 otherwise); 'optional': read when present;
   * 'operator': an operator session holding `permission` is required (401 without one, 403 when
   * the operator's roles lack it; the admin module checks, before the body is validated);
   * 'provider': a game provider's signed call (the provider module verifies it).
   */
  auth?: 'member' | 'optional' | 'operator' | 'provider';
  /** What an operator route needs; every `/api/admin/` route but the login declares one. */
  permission?: Permission;
  rateLimit?: RateLimitClass | false;
  /** Exempt from maintenance and access restriction (seed: /cs and its calls, health, time). */
  exempt?: boolean;
  /** Money moves: an `Idempotency-Key` header is required. */
  idempotent?: boolean;
  /** The body is multipart form data: its fields (a file field's description says so), for the API document. */
  upload?: Record<string, { description: string; file?: true }>;
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

/**
 * A route as the server declares it: its path in a route table (which gives its body, query,
 * answer and whether it moves money) and what only the server decides.
 */
export interface RouteSpec<P extends string, A extends RouteConfig['auth']> extends Omit<RouteConfig, 'auth' | 'idempotent'> {
  url: P;
  /** The table's method by default; an older path may be answered to both. */
  method?: 'GET' | 'POST';
  summary: string;
  tags?: string[];
  auth?: A;
  /**
   * The handler answers from memory and returns the very same object until its data changes: the
   * encoded answer is kept with that object, so a warm answer is written without serializing it
   * again. Such an object must never be changed once returned.
   */
  reusesAnswer?: boolean;
}

/** A field of the request as validation leaves it. */
type Parsed<R, K extends 'body' | 'query'> = R extends Record<K, infer S extends z.ZodType> ? z.output<S> : unknown;
type Answer<R> = R extends { data: infer S extends z.ZodType } ? z.input<S> : never;
/** On `auth: 'member'` the member the session check admitted (whichever module declares it) is there. */
type Admitted<A> = A extends 'member' ? (FastifyRequest extends { member: infer M } ? { member: NonNullable<M> } : unknown) : unknown;
/** On a money route, the Idempotency-Key the platform checked is there. */
type Keyed<R> = R extends { idempotent: true } ? { idempotencyKey: IdempotencyKey } : unknown;

/** The request a handler of route `R` (a table's entry) gets. */
type RequestOf<R, A extends RouteConfig['auth']> = FastifyRequest<{ Body: Parsed<R, 'body'>; Querystring: Parsed<R, 'query'> }> & Admitted<A> & Keyed<R>;

/** The request of a route with `auth: 'member'`, for the functions its handler hands it to. */
export type MemberRequest = FastifyRequest & Admitted<'member'>;

type Handler<R, A extends RouteConfig['auth']> = (req: RequestOf<R, A>, reply: FastifyReply) => Now<Answer<R>>;

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
 * The `defineRoute` of a route table. Each call declares a route from its table entry: the schema
 * (validated on the way in, documented in OpenAPI), the config, and a handler that returns only
 * `data`; the envelope `{code: 0, data, msg}` is added here.
 */
export function routesOf<T extends Record<string, ApiRoute>>(table: T) {
  return function defineRoute<P extends keyof T & string, A extends RouteConfig['auth'] = undefined>(
    app: FastifyInstance,
    spec: RouteSpec<P, A>,
    handler: Handler<T[P], A>,
  ): void {
    const route: ApiRoute = table[spec.url];
    const { method = route.method ?? 'POST', url, summary, tags, reusesAnswer, ...rest } = spec;
    const config: RouteConfig = route.idempotent ? { ...rest, idempotent: true } : rest;
    const answer = reusesAnswer ? encodedAnswers() : (_reply: FastifyReply, result: unknown) => envelope(result);
    checkOperatorRoute(url, config);
    // Generic schemas defeat Fastify's inference here; the handler's own types above are what matter.
    app.withTypeProvider<ZodTypeProvider>().route({
      method,
      url,
      config,
      schema: {
        summary,
        tags: tags ?? [url.split('/')[2] ?? 'api'],
        ...(method === 'POST' && route.body ? { body: route.body } : {}),
        ...(method === 'GET' && route.query ? { querystring: route.query } : {}),
        response: { 200: envelopeOf(route.data) },
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
  };
}

/** The back office's paths answer operators only: each route there names the permission it needs. */
export const OPERATOR_PREFIX = '/api/admin/';
const OPEN_OPERATOR_ROUTES = new Set(['/api/admin/auth/login']);

function checkOperatorRoute(url: string, config: RouteConfig): void {
  const operator = config.auth === 'operator' && config.permission !== undefined;
  if (url.startsWith(OPERATOR_PREFIX) !== operator && !OPEN_OPERATOR_ROUTES.has(url))
    throw new Error(`${url}: a route under ${OPERATOR_PREFIX} is an operator route with a permission, and only those are`);
}

/** Declares a call of the API: a path of the contract's route table. */
export const defineRoute = routesOf(API_ROUTES);

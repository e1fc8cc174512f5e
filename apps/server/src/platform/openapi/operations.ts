import type { RouteOptions } from 'fastify';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { Errors, Headers, type ErrorName } from '@bp/contract';
import type { RouteConfig } from '../http/index.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../idempotency.ts';

/** What a call needs of its caller, as OpenAPI security requirements (`{}`: no credential). */
export const SECURITY_SCHEMES = {
  member: { type: 'http', scheme: 'bearer', description: 'A member’s session token: `Authorization: Bearer <token>`' },
  operator: {
    type: 'http',
    scheme: 'bearer',
    description: 'An operator’s session token from `/api/admin/auth/login` (password and TOTP): `Authorization: Bearer <token>`',
  },
  provider: {
    type: 'apiKey',
    in: 'header',
    name: 'x-provider-signature',
    description:
      'A game provider’s call (seamless wallet): `x-provider` (its api_name), `x-provider-timestamp` (epoch ms, within 60 s) and `x-provider-signature`, the hex HMAC-SHA256 under its secret of timestamp, path and body joined by newlines',
  },
  signed: {
    type: 'apiKey',
    in: 'header',
    name: Headers.signature,
    description: `A signed request (seed 7): ${Headers.appKey}, ${Headers.timestamp}, ${Headers.nonce} and ${Headers.signature} over the method, path, timestamp, nonce and body under the app secret; a nonce is used once`,
  },
} as const;

const SECURITY: Record<NonNullable<RouteConfig['auth']> | 'public', Array<Record<string, string[]>>> = {
  member: [{ member: [] }],
  optional: [{}, { member: [] }],
  operator: [{ operator: [] }],
  provider: [{ provider: [] }],
  public: [],
};

/** A call sealing its answer takes signed requests only (seed 7's video calls). */
export const securityOf = (config: RouteConfig) => (config.sealAnswer ? [{ signed: [] }] : SECURITY[config.auth ?? 'public']);

/** What a sealed call's success is, as the client reads it. */
export const SEALED_SUCCESS =
  'Success, sealed (seed 7): the answer is `{xx}`, the envelope encrypted under the app secret and the request’s timestamp; opened, `code` 0 and the call’s `data`. A client sending `x-xx-zip: deflate-raw` may get `{xx, zip: "deflate-raw"}` for an answer over 1 KB: the sealed bytes are the envelope’s JSON compressed with raw DEFLATE.';

/**
 * The refusals answered with an HTTP status of their own (API.md; every other refusal is a 200
 * with a non-zero code), each a shared response of the error envelope, with its catalogue codes.
 */
const REFUSALS = {
  400: { name: 'NotJson', why: 'The body is not JSON, or the address is malformed', codes: ['BAD_JSON', 'VALIDATION'] },
  401: {
    name: 'SessionLost',
    why: 'A member path without a valid session of this site, or an operator path without an operator session',
    codes: ['AUTH_INVALID', 'LOGIN_ELSEWHERE', 'ACCOUNT_BLOCKED', 'PASSWORD_CHANGED', 'OPERATOR_AUTH', 'OPERATOR_IDLE'],
  },
  403: { name: 'NotPermitted', why: 'An operator path the operator’s roles (or sites) do not cover', codes: ['OPERATOR_FORBIDDEN', 'OPERATOR_SITE_FORBIDDEN'] },
  409: { name: 'KeyInFlight', why: 'The same Idempotency-Key is still being answered', codes: ['IDEMPOTENCY_IN_FLIGHT'] },
  413: { name: 'BodyTooLarge', why: 'The body is over 1 MB', codes: ['BODY_TOO_LARGE'] },
  414: { name: 'PathTooLong', why: 'A path parameter is too long', codes: ['REQUEST_TOO_LONG'] },
  429: { name: 'RateLimited', why: 'Too many calls from this IP (or, on money paths, this member)', codes: ['HIGH_TRAFFIC'] },
  500: { name: 'InternalError', why: 'An unexpected failure', codes: ['INTERNAL'] },
  503: { name: 'Busy', why: 'The database was too busy to answer', codes: ['HIGH_TRAFFIC'] },
} satisfies Record<number, { name: string; why: string; codes: ErrorName[] }>;

type Status = keyof typeof REFUSALS;

/** The refusals a route may answer with a status of their own, from what it declares. */
export function refusalsOf(route: RouteOptions): Status[] {
  const config = (route.config ?? {}) as RouteConfig;
  const methods = [route.method].flat();
  const statuses: Array<Status | false> = [
    400,
    (config.auth === 'member' || config.auth === 'operator') && 401,
    config.auth === 'operator' && 403,
    config.idempotent === true && 409,
    methods.includes('POST') && 413,
    route.url.includes(':') && 414,
    typeof config.rateLimit === 'string' && 429,
    500,
    503,
  ];
  return statuses.filter((status) => status !== false);
}

const ENVELOPE_REF = { $ref: '#/components/schemas/ErrorEnvelope' };

type Components = NonNullable<NonNullable<FastifyDynamicSwaggerOptions['openapi']>['components']>;

/** The shared answers, parameters and error envelope every operation refers to. */
export const SHARED_COMPONENTS = {
  schemas: {
    ErrorEnvelope: {
      type: 'object',
      description: 'A refusal: a non-zero code of the error catalogue and its zh-CN message',
      properties: {
        code: { type: 'integer', description: 'The catalogue code (never 0)' },
        data: { type: 'object', nullable: true, description: 'null, or what the refusal tells (`{field}` for a field that failed validation)' },
        msg: { type: 'string', description: 'The message a member reads, in zh-CN' },
      },
      required: ['code', 'data', 'msg'],
    },
  },
  responses: Object.fromEntries(
    Object.values(REFUSALS).map(({ name, why, codes }) => [
      name,
      {
        description: `${why}: ${codes.map((code) => `${Errors[code].code} ${Errors[code].msg}`).join('; ')}`,
        content: { 'application/json': { schema: ENVELOPE_REF, example: { code: Errors[codes[0]].code, data: null, msg: Errors[codes[0]].msg } } },
      },
    ]),
  ),
  parameters: {
    SiteId: {
      name: Headers.siteId,
      in: 'header',
      required: false,
      description: 'The site the call is for; absent, the default site. An unknown site is refused.',
      schema: { type: 'string', pattern: '^\\d{1,9}$' },
    },
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description: 'One per intent, the same on every try: a repeat answers the first result and moves no money again',
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
    },
  },
} satisfies Components;

/** An operation's answers to its refusals, as references to the shared ones. */
export const refusalAnswers = (statuses: Status[]) =>
  Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${REFUSALS[status].name}` }]));

/**
 * A stable operationId from the path: its words after `/api` in camelCase, a parameter as
 * `By<Name>`; a path answered to several methods names each (`v2VvmGet`, `v2VvmPost`).
 */
export function operationIdOf(path: string, method: string, methodsOfPath: number): string {
  const words = path
    .split('/')
    .filter((word) => word && word !== 'api')
    .map((word) => word.replace(/^\{(\w+)\}$/, 'by-$1'))
    .flatMap((word) => word.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const id = words.map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1))).join('');
  return methodsOfPath > 1 ? id + method[0].toUpperCase() + method.slice(1).toLowerCase() : id;
}

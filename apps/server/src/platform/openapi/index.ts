import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { z } from 'zod';
import { BUILD } from '@bp/contract';
import type { RouteConfig } from '../http/index.ts';
import { documentSchemas, type JsonSchema } from './schemas.ts';
import { SEALED_SUCCESS, SECURITY_SCHEMES, SHARED_COMPONENTS, operationIdOf, refusalAnswers, refusalsOf, securityOf } from './operations.ts';

const DESCRIPTION = [
  'Every answer is the envelope `{code, data, msg}`; `code` 0 is success.',
  'A refusal carries a non-zero code of the error catalogue and a zh-CN `msg`, with HTTP status 200 unless its operation lists another status for it.',
  'Calls are POST with a JSON body unless marked GET.',
].join(' ');

/** The areas of the API, as each operation's tag names them. */
const TAGS = [
  { name: 'site', description: 'The site: its configuration, time, banners, notices, navigation, short links' },
  { name: 'member', description: 'Accounts (registration, login, passwords), the member’s profile, messages, help and agency' },
  { name: 'captcha', description: 'Security verification: image captcha, slider challenges, the robot check' },
  { name: 'wallet', description: 'Deposits, withdrawals and their destinations, history, the interest wallet, venue wallets' },
  { name: 'game', description: 'The game lobby, electronic games, favourites, venue launches and the game records of every venue' },
  { name: 'originals', description: 'House originals, provably fair: dice, limbo, mines, plinko and keno from the main wallet, their seeds and rotation' },
  { name: 'tables', description: 'The live dealer tables at AG: baccarat, dragon tiger and roulette on the server’s clock, their bets and road maps' },
  { name: 'chess', description: '棋牌 at KY: 抢庄牛牛 against the house banker' },
  { name: 'fish', description: '捕鱼: the fish shooter at its venue, shots in batches' },
  { name: 'sports', description: 'The sportsbook: matches, odds, bets and cash-out' },
  { name: 'live', description: 'Anchors and their streams, chat rooms and their moderation, gold coins and gifts' },
  { name: 'activity', description: 'Activities: daily sign-in, the spin wheel, the lottery, first and continue deposit bonuses' },
  { name: 'provider', description: 'The seamless-wallet protocol external game providers call, signed per provider' },
  {
    name: 'admin',
    description: 'The operator back office: operators sign in with a password and a TOTP code; each call needs the permission it names (`x-permission`)',
  },
];

const SUCCESS = 'Success: `code` 0 and the call’s `data`. A refusal not listed below is also answered 200, as the error envelope with its catalogue code.';

type Operation = {
  responses: Record<string, { description?: string; content?: unknown }>;
  parameters?: unknown[];
  operationId?: string;
  requestBody?: unknown;
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };

/** A multipart body's fields as OpenAPI writes them: a file as binary, every other field as text. */
const multipartBody = (fields: NonNullable<RouteConfig['upload']>) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: Object.keys(fields),
        properties: Object.fromEntries(
          Object.entries(fields).map(([name, { description, file }]) => [name, { type: 'string', description, ...(file ? { format: 'binary' } : {}) }]),
        ),
      },
    },
  },
});

/** The document's key of a route: its method and its path as OpenAPI writes it. */
const keyOf = (method: string, url: string) => `${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;

/**
 * OpenAPI at `/api/docs/json`, browsable at `/api/docs`. Registered before any route. Each route's
 * zod schemas are written with the contract's entities as shared components, and what its config
 * declares (`auth`, `idempotent`, `rateLimit`) becomes its security, parameters and refusals.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  // Made for each document, which is built once, on its first request: nothing at startup.
  let schemas: ReturnType<typeof documentSchemas> | null = null;
  const routes = new Map<string, RouteOptions>();

  const transform = ({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) => {
    if (schema?.hide) return { schema, url };
    for (const method of [route.method].flat()) routes.set(keyOf(method, url), route);
    if (!schema) return { schema, url };
    const written = (schemas ??= documentSchemas());
    const { body, querystring, response, ...meta } = schema as FastifySchema & { response?: Record<string, z.ZodType> };
    const documented: Record<string, unknown> = { ...meta, security: securityOf((route.config ?? {}) as RouteConfig) };
    if (body) documented.body = written.of(body as z.ZodType, 'input');
    if (querystring) documented.querystring = written.of(querystring as z.ZodType, 'input', true);
    if (response) documented.response = Object.fromEntries(Object.entries(response).map(([status, data]) => [status, written.of(data, 'output')]));
    return { schema: documented, url };
  };

  const transformObject = ({ openapiObject }: { openapiObject: unknown }) => {
    const document = openapiObject as Document;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = routes.get(`${method} ${path}`);
        operation.operationId = operationIdOf(path, method, Object.keys(operations).length);
        operation.parameters = [
          ...(operation.parameters ?? []),
          { $ref: '#/components/parameters/SiteId' },
          ...((route?.config as RouteConfig | undefined)?.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
        ];
        const success = operation.responses['200'];
        // A call answering other than JSON (the captcha picture) says what it answers in its summary.
        if (success) success.description = success.content ? SUCCESS : 'Success: what the summary names';
        if (success && (route?.config as RouteConfig | undefined)?.sealAnswer) success.description = SEALED_SUCCESS;
        if (route) Object.assign(operation.responses, refusalAnswers(refusalsOf(route)));
        // An operator call names the permission its roles must hold (the contract's ROLE_PERMISSIONS).
        const permission = (route?.config as RouteConfig | undefined)?.permission;
        if (permission) Object.assign(operation, { 'x-permission': permission });
        const upload = (route?.config as RouteConfig | undefined)?.upload;
        if (upload) operation.requestBody = multipartBody(upload);
      }
    }
    const whole = (schemas ?? documentSchemas()).complete(document);
    schemas = null;
    return whole;
  };

  await app.register(swagger, {
    openapi: {
      info: { title: '体育与娱乐平台 API', version: BUILD.version, description: DESCRIPTION },
      servers: [{ url: '/', description: 'This server (the document’s own origin)' }],
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES, ...SHARED_COMPONENTS },
    },
    transform: transform as never,
    transformObject: transformObject as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CLIENT, Errors, Headers } from '@bp/contract';
import { clock } from '../platform/clock.ts';
import { openAnswer, sealBody, signedHeaders } from '../platform/security/testing.ts';
import { withSchemasInline } from '../platform/openapi/testing.ts';
import { bearer, startTestServer, type TestServer } from './harness.ts';
import { asOperator, signInOperator } from '../modules/admin/testing.ts';
import { setConfig } from '../modules/site/index.ts';

/**
 * Hostile input on every path of the OpenAPI document, as a visitor and as a member: wrong types,
 * out-of-range numbers, text a database cannot store, oversized and deeply nested bodies, broken
 * `xx` ciphertexts and signatures. Nothing answers 500, every answer is an envelope, and no money
 * or record moves. Bad values go into one field at a time, the others plausible, so a value the
 * schema lets through reaches the handler.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  minimum?: number;
  anyOf?: JsonSchema[];
}

interface Operation {
  method: 'GET' | 'POST';
  /** As documented: `{name}` for a path parameter (see `fill`). */
  path: string;
  params: string[];
  query: string[];
  body: JsonSchema | null;
  /** The one credential the path takes (member or operator), else null: open to a visitor too. */
  only: 'member' | 'operator' | null;
}

/** Values of the wrong kind or outside any sane range: tried in every body field. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  {},
  [],
  'NaN',
  'Infinity',
  '-Infinity',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀🎰',
  '',
  ' ',
  '99999999999999999999',
  '-1',
  '1.234',
  1e308,
  -1e308,
  Number('9007199254740993'), // past 2^53: the JSON the client sends, not a number JS keeps
  2 ** 31,
  -1,
  0,
  1.234,
  -0.001,
];

/** The same hostility as it arrives in a URL (a lone surrogate cannot be encoded: its UTF-8 bytes instead). */
const BAD_URL_TEXT = ['%00', 'a%00b', '%ED%A0%80', '%F0%9F%98%80', '%', '%zz', 'NaN', 'Infinity', '-1', '1.234', '99999999999999999999', 'x'.repeat(300)];

/** Nesting far beyond any contract's. */
const DEEP_JSON = `${'{"a":['.repeat(5000)}1${']}'.repeat(5000)}`;

const kindOf = (schema: JsonSchema): string | undefined => {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return type ?? schema.anyOf?.map(kindOf).find(Boolean);
};

/** A value the schema plausibly accepts, so that a bad value beside it reaches the handler. */
function plausible(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  switch (kindOf(schema)) {
    case 'string':
      return 'abc12345';
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(schema.minimum ?? 1));
    case 'boolean':
      return false;
    case 'array':
      return schema.items ? [plausible(schema.items)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, prop]) => [key, plausible(prop)]));
    default:
      return 'abc12345';
  }
}

/** Paths to every field of a body, one level into arrays of objects. */
function fieldsOf(schema: JsonSchema, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    out.push([...prefix, key]);
    if (prefix.length === 0 && kindOf(prop) === 'array' && prop.items?.properties) out.push(...fieldsOf(prop.items, [key, 0]));
  }
  return out;
}

function withValue(base: unknown, path: Array<string | number>, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as Array<{ in: string; name: string }>;
      const security = JSON.stringify(op.security ?? []);
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        only: security === '[{"member":[]}]' ? 'member' : security === '[{"operator":[]}]' ? 'operator' : null,
      });
    }
  }
  return ops;
}

/** The path with each parameter given `value` (already URL-encoded). */
const fill = (op: Operation, value = 'sandbox') => op.params.reduce((path, name) => path.replace(`{${name}}`, value), op.path);

const LOGOUT = '/api/member/logout';
const OPERATOR_LOGOUT = '/api/admin/auth/logout';

let s: TestServer;
let member: Awaited<ReturnType<TestServer['member']>>;
let operations: Operation[];

beforeAll(async () => {
  s = await startTestServer();
  member = await s.member();
  // An operator's manual credit is the one call a plausible body makes valid as is (an unknown key
  // is dropped, as everywhere): with no threshold, each such variant waits for a second operator
  // instead of moving money, and the ledger stays as it was.
  for (const siteId of [1, 2]) await setConfig(s.deps.db, siteId, 'adjust_approval_threshold', '0');
  operations = operationsOf(withSchemasInline((await s.inject({ method: 'GET', url: '/api/docs/json' })).json()));
});
afterAll(() => s.close());

/**
 * What must not move: the member's money and the rows of the key tables. (Messages are left out:
 * the operator may well send one titled with an emoji.)
 */
async function stateNow() {
  const balance = (await s.call('/api/wallet/balance', {}, { token: member.token })).data;
  const counts: Record<string, unknown> = {};
  for (const table of ['members', 'wallet_transfers', 'wallet_deposit_orders', 'wallet_withdraw_orders', 'venue_transfers', 'sports_bets']) {
    counts[table] = (await s.deps.database.query(`SELECT count(*)::int AS n FROM ${table}`))[0];
  }
  return { balance, counts };
}

type Caller = (headers: Record<string, string>) => Record<string, string>;

/** Every answer, sealed ones opened: an envelope below 500, or a failure line. */
async function probe(
  failures: string[],
  label: string,
  request: { method: string; url: string; payload?: string; headers?: Record<string, string> },
  sealedAt?: string,
) {
  const res = await s.inject({ method: request.method as 'POST', url: request.url, payload: request.payload, headers: request.headers });
  let envelope: { code?: unknown; msg?: unknown } | null;
  try {
    envelope = sealedAt && res.json().xx ? openAnswer(res.body, sealedAt) : res.json();
  } catch {
    envelope = null;
  }
  // A picture (the image captcha) is the one answer that is no envelope.
  const picture = res.statusCode === 200 && String(res.headers['content-type']).startsWith('image/');
  const fine = picture || (res.statusCode < 500 && typeof envelope?.code === 'number' && typeof envelope?.msg === 'string');
  if (!fine) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 160)}`);
}

/** The hostile requests of one operation for one caller. */
async function attack(op: Operation, as: Caller, failures: string[]): Promise<void> {
  const url = fill(op);
  // A fresh Idempotency-Key each time, so money-moving calls get as far as validation.
  const jsonHeaders = (extra: Record<string, string> = {}) => as({ 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...extra });
  const post = (label: string, payload: string, extra?: Record<string, string>, sealedAt?: string) =>
    probe(failures, `${op.method} ${op.path} ${label}`, { method: 'POST', url, payload, headers: jsonHeaders(extra) }, sealedAt);

  for (const name of op.params) {
    for (const text of BAD_URL_TEXT)
      await probe(failures, `${op.method} ${op.path} {${name}}=${text.slice(0, 20)}`, {
        method: op.method,
        url: fill(op, text),
        payload: op.method === 'POST' ? '{}' : undefined,
        headers: jsonHeaders(),
      });
  }
  if (op.method === 'GET') {
    for (const name of op.query)
      for (const text of BAD_URL_TEXT)
        await probe(failures, `GET ${op.path}?${name}=${text.slice(0, 20)}`, { method: 'GET', url: `${url}?${name}=${text}`, headers: as({}) });
    return;
  }

  const base = op.body ? plausible(op.body) : {};
  for (const field of op.body ? fieldsOf(op.body) : []) {
    for (const value of BAD_VALUES) await post(`${field.join('.')}=${JSON.stringify(value)?.slice(0, 20)}`, JSON.stringify(withValue(base, field, value)));
    // A field far longer than any column or index entry (the body limit itself is tried below, once per path).
    await post(`${field.join('.')}=<100 kB>`, JSON.stringify(withValue(base, field, 'x'.repeat(100_000))));
  }
  for (const [label, payload] of [
    ['body []', '[]'],
    ['body "text"', '"text"'],
    ['body 7', '7'],
    ['body null', 'null'],
    ['body not JSON', '{"a":'],
    ['body too large', JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) })],
    ['body nested deep', DEEP_JSON],
    ['a key with NUL', JSON.stringify({ ...(base as object), 'k\u0000': 1 })],
    ['__proto__', '{"__proto__":{"polluted":1}}'],
  ]) {
    await post(label, payload);
  }
  await probe(failures, `${op.method} ${op.path} text/plain`, { method: 'POST', url, payload: 'name=x', headers: as({ 'content-type': 'text/plain' }) });

  const ts = String(clock.now());
  const keyHeaders = { [Headers.appKey]: DEV_CLIENT.appKey, [Headers.timestamp]: ts };
  for (const [label, payload, extra] of [
    ['xx garbage', JSON.stringify({ xx: '%%%' }), keyHeaders],
    ['xx without key', sealBody(base, ts), {}],
    ['xx a number', JSON.stringify({ xx: 12 }), keyHeaders],
    ['xx under another secret', sealBody(base, ts, 'another-secret-0123456789'), keyHeaders],
    ['xx holding NUL', sealBody(withValue(base, ['k'], 'a\u0000b'), ts), keyHeaders],
    ['xx holding a lone surrogate', sealBody(withValue(base, ['k'], '\ud800'), ts), keyHeaders],
    ['xx holding an array', sealBody([], ts), keyHeaders],
    ['xx bad timestamp', sealBody(base, ts), { ...keyHeaders, [Headers.timestamp]: 'yesterday' }],
  ] as Array<[string, string, Record<string, string>]>) {
    await post(label, payload, extra, ts);
  }
  const raw = JSON.stringify(base);
  const signed = signedHeaders('POST', url, raw, { timestamp: ts });
  for (const [label, extra] of [
    ['sign not hex', { ...signed, [Headers.signature]: 'zz' }],
    ['sign non-ASCII', { ...signed, [Headers.signature]: 'é'.repeat(64) }],
    ['sign of another body', signedHeaders('POST', url, '{"other":1}', { timestamp: ts })],
    ['sign unknown app key', { ...signed, [Headers.appKey]: 'nobody' }],
    ['sign bad timestamp', { ...signed, [Headers.timestamp]: '1e12' }],
    ['sign bad nonce', { ...signed, [Headers.nonce]: '%%' }],
  ] as Array<[string, Record<string, string>]>) {
    await post(label, raw, extra);
  }
}

describe('hostile input', () => {
  // 266 paths, each attacked as a visitor, as a member or both: about 45 s alone on PostgreSQL, minutes beside a busy suite.
  it('[hardening] no path answers 500 or leaves the envelope on hostile input, and nothing changes', { timeout: 600_000 }, async () => {
    expect(operations.length).toBeGreaterThan(100);
    const before = await stateNow();
    const failures: string[] = [];
    // The visitor carries a super admin's session: the operator's paths are attacked past their check too.
    let operator = (await signInOperator(s)).headers;
    const visitor: Caller = (headers) => ({ ...operator, ...headers });
    const asMember: Caller = (headers) => ({ ...operator, ...bearer(member.token), ...headers });
    for (const op of operations) {
      // A path open to visitors is attacked by both. A path for one credential is attacked once,
      // with it: the other caller would be refused at the door (the member's bearer displaces the
      // operator's), or go through the same validation first.
      if (op.only !== 'member') await attack(op, visitor, failures);
      if (op.only !== 'operator') await attack(op, asMember, failures);
      // Logging out ends the member's session, as it should; no other path may.
      if ((await s.call('/api/member/info', {}, { token: member.token })).code !== 0) {
        if (op.path !== LOGOUT) failures.push(`${op.path} ended the member's session`);
        member.token = (await s.call('/api/member/login/v3', { name: member.name, password: member.password })).data.token;
      }
      // Likewise the operator's logout, the operator's session.
      if (op.path.startsWith('/api/admin/') && (await s.call('/api/admin/auth/me', {}, { headers: operator })).code !== 0) {
        if (op.path !== OPERATOR_LOGOUT) failures.push(`${op.path} ended the operator's session`);
        operator = (await signInOperator(s)).headers;
      }
    }
    expect(failures).toEqual([]);
    expect(await stateNow()).toEqual(before);
  });
});

describe('hardening: the faults the sweep found, each on its own', () => {
  const NUL = 'a\u0000b';
  const LONE = 'a\ud800b';
  const money = () => bearer(member.token, { 'idempotency-key': randomUUID() });

  it('[hardening] NUL or a lone surrogate in any string field answers VALIDATION naming the field, never a 500', async () => {
    await asOperator(s, async (operator) => {
      const cases: Array<[url: string, body: (text: string) => object, headers: () => Record<string, string>, field: string]> = [
        ['/api/member/login/v3', (t) => ({ name: t, password: 'abc12345' }), () => ({}), 'name'],
        ['/api/captchaEx/check', (t) => ({ captchaId: t, answer: 1 }), () => ({}), 'captchaId'],
        ['/api/sports/bet/cashout', (t) => ({ orderId: t, cashOutAmount: 1 }), money, 'orderId'],
        ['/api/wallet/transfer', (t) => ({ api_name: t, amount: 1, transfer_out: false }), money, 'api_name'],
        ['/api/game/collection/add', (t) => ({ gameId: t }), () => bearer(member.token), 'gameId'],
        ['/api/wallet/pay/orders', (t) => ({ page: 1, size: 10, status: t }), () => bearer(member.token), 'status'],
        ['/api/member/agent/joinUs', (t) => ({ contact: t }), () => bearer(member.token), 'contact'],
        ['/api/admin/message/send', (t) => ({ siteId: 1, title: '通知', content: t }), () => operator, 'content'],
        ['/api/site/configInfo/gets', (t) => ({ keyCodes: ['withdrawal_password', t] }), () => ({}), 'keyCodes.1'],
      ];
      for (const [url, body, headers, field] of cases) {
        for (const text of [NUL, LONE]) {
          const res = await s.call(url, body(text), { headers: headers() });
          expect(res.status, `${url} ${field}`).toBe(200);
          expect(res, `${url} ${field}`).toMatchObject({ code: Errors.VALIDATION.code, data: { field }, msg: `${field}: 包含非法字符` });
        }
      }
    });
    // A path parameter and a query string, which no schema of ours describes.
    const path = await s.inject({ method: 'POST', url: '/api/wallet/pay/callback/a%00b', payload: {} });
    expect(path.json()).toMatchObject({ code: Errors.VALIDATION.code, data: { field: 'channel' } });
    const query = await s.inject({ method: 'GET', url: '/api/captcha/image?uuid=a%00b' });
    expect(query.json()).toMatchObject({ code: Errors.VALIDATION.code, data: { field: 'uuid' } });
  });

  it('[hardening] an id beyond PostgreSQL integer answers VALIDATION, never a 500', async () => {
    const huge = 2 ** 31;
    await asOperator(s, async (operator) => {
      for (const [url, body, headers] of [
        ['/api/sports/list', { page: 1, size: 10, leagueId: huge }, {}],
        ['/api/member/help/article', { id: huge }, {}],
        ['/api/wallet/pay/payVal', { payTypeId: huge, amount: 100 }, money()],
        ['/api/admin/message/send', { siteId: huge, title: '通知', content: '内容' }, operator],
      ] as Array<[string, object, Record<string, string>]>) {
        const res = await s.call(url, body, { headers });
        expect(res.status, url).toBe(200);
        expect(res.code, url).toBe(Errors.VALIDATION.code);
      }
    });
  });

  it('[hardening] a non-ASCII operator token is refused as OPERATOR_AUTH, not a 500', async () => {
    await asOperator(s, async (operator) => {
      const forged = `Bearer ${'é'.repeat(operator.authorization.length - 7)}`;
      const res = await s.call('/api/admin/message/send', { siteId: 1, title: '通知', content: '内容' }, { headers: { authorization: forged } });
      expect(res.status).toBe(401);
      expect(res.code).toBe(Errors.OPERATOR_AUTH.code);
    });
  });

  it("[hardening] Fastify's own refusals answer in the envelope: over-long or malformed path, body too large, not JSON, unknown path", async () => {
    const answers = [
      [await s.inject({ method: 'POST', url: `/api/wallet/pay/callback/${'x'.repeat(200)}`, payload: {} }), 414, Errors.REQUEST_TOO_LONG.code],
      [await s.inject({ method: 'POST', url: '/api/wallet/pay/callback/%zz', payload: {} }), 400, Errors.VALIDATION.code],
      [
        await s.inject({
          method: 'POST',
          url: '/api/site/configInfo/get',
          payload: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }),
          headers: { 'content-type': 'application/json' },
        }),
        413,
        Errors.BODY_TOO_LARGE.code,
      ],
      [
        await s.inject({ method: 'POST', url: '/api/site/configInfo/get', payload: 'keyCode=x', headers: { 'content-type': 'text/plain' } }),
        400,
        Errors.BAD_JSON.code,
      ],
      [
        await s.inject({ method: 'POST', url: '/api/site/configInfo/get', payload: '{"keyCode":', headers: { 'content-type': 'application/json' } }),
        400,
        Errors.BAD_JSON.code,
      ],
      [await s.inject({ method: 'POST', url: '/api/no/such/path', payload: {} }), 404, Errors.ROUTE_NOT_FOUND.code],
    ] as const;
    for (const [res, status, code] of answers) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ code, data: null, msg: expect.any(String) });
    }
  });

  it("[hardening] what Node's HTTP parser refuses (headers too large) answers in the envelope too", async () => {
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET /api/site/time HTTP/1.1\r\nHost: x\r\nX-Pad: ${'x'.repeat(20_000)}\r\n\r\n`),
      );
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(body)).toEqual({ code: Errors.REQUEST_TOO_LONG.code, data: null, msg: Errors.REQUEST_TOO_LONG.msg });
  });
});

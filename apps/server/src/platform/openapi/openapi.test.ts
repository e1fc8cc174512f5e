import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@bp/contract';
import { API_ROUTES, Errors, type ApiRoute } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { withSchemasInline } from './testing.ts';

const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const CONFIG = path.resolve(import.meta.dirname, '../../../../../redocly.yaml');

type Operation = {
  operationId: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ $ref?: string }>;
  requestBody?: { content: Record<string, { schema: Record<string, any> }> };
  responses: Record<string, any>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

/** Redocly's lint of a document, offline: no telemetry, no check for a newer version. */
async function lint(document: unknown): Promise<LintReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(document));
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    // Exit status 1 when there are errors: the report on stdout is what tells them.
    const { stdout } = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', '--config', CONFIG, '--format', 'json', file], { env }).catch(
      (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
    );
    return JSON.parse(stdout) as LintReport;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The contract's name of a schema, when it names it. */
const contractName = (schema: unknown) => Object.entries(contract).find(([, value]) => value === schema && value instanceof z.ZodObject)?.[0];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

let s: TestServer;
let doc: Document;
beforeAll(async () => {
  s = await startTestServer();
  doc = (await s.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => s.close());

const operations = () => Object.entries(doc.paths).flatMap(([url, methods]) => Object.entries(methods).map(([method, op]) => ({ url, method, op })));

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules: no error, and no warning but the license the project does not state", async () => {
    const report = await lint(doc);
    expect(report.totals.errors).toBe(0);
    expect(report.problems.filter((problem) => problem.ruleId !== 'info-license')).toEqual([]);
  });

  it("refers to the contract's entities as components, each written once", () => {
    for (const [url, route] of Object.entries(API_ROUTES as Record<string, ApiRoute>)) {
      const op = doc.paths[url.replace(/:(\w+)/g, '{$1}')]![(route.method ?? 'POST').toLowerCase()]!;
      const body = contractName(route.body);
      if (body && route.method !== 'GET') expect(op.requestBody?.content['application/json']?.schema, url).toEqual(ref(body));
      const data = contractName(route.data);
      if (data) expect(op.responses['200'].content['application/json'].schema.properties.data, url).toEqual(ref(data));
    }
    // An entity held by others (a banner in the list of banners) is a reference there too.
    expect(doc.paths['/api/site/banner/list']!.post!.responses['200'].content['application/json'].schema.properties.data.items).toEqual(ref('Banner'));
    expect(doc.components.schemas.Banner).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'title', 'image', 'link']) });
  });

  it('names each operation once, after its path', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/member/forgetPassword/phone/step1']!.post!.operationId).toBe('memberForgetPasswordPhoneStep1');
    expect(doc.paths['/api/wallet/pay/callback/{channel}']!.post!.operationId).toBe('walletPayCallbackByChannel');
    expect([doc.paths['/api/v2/vvm']!.get!.operationId, doc.paths['/api/v2/vvm']!.post!.operationId]).toEqual(['v2VvmGet', 'v2VvmPost']);
  });

  it('documents the receipt upload as multipart form data with its two fields, and tags only with declared areas', () => {
    const body = doc.paths['/api/wallet/speedPay/upload']!.post!.requestBody!.content['multipart/form-data']!.schema;
    expect(body.required).toEqual(['orderId', 'file']);
    expect(body.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    const declared = new Set((doc as unknown as { tags: Array<{ name: string }> }).tags.map((t) => t.name));
    const used = operations().flatMap(({ op }) => (op as Operation & { tags?: string[] }).tags ?? []);
    expect(used.filter((tag) => !declared.has(tag))).toEqual([]);
  });

  it('asks an Idempotency-Key on exactly the calls that move money', () => {
    for (const [url, route] of Object.entries(API_ROUTES as Record<string, ApiRoute>)) {
      const op = doc.paths[url.replace(/:(\w+)/g, '{$1}')]![(route.method ?? 'POST').toLowerCase()]!;
      const asksKey = (op.parameters ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
      expect(asksKey, url).toBe(route.idempotent === true);
      expect(Boolean(op.responses['409']), url).toBe(route.idempotent === true);
    }
  });

  it('documents as member calls exactly the calls that refuse a visitor with 401', async () => {
    const inline = withSchemasInline(doc);
    // The calls a visitor can make with an empty body: validation, which comes first, lets it through.
    const emptyBodyPasses = (url: string) => (API_ROUTES as Record<string, ApiRoute>)[url]?.body?.safeParse({}).success !== false;
    const open = operations().filter(({ url, method }) => {
      const op = inline.paths[url]![method]!;
      const body = op.requestBody?.content['application/json']?.schema;
      // The operator's calls are the next test's.
      if (url.startsWith('/api/admin/')) return false;
      return method === 'post' && body && !(body.required?.length > 0) && emptyBodyPasses(url) && !op.responses['409'] && !url.includes('{');
    });
    expect(open.length).toBeGreaterThan(40);
    for (const { url, op } of open) {
      const answer = await s.call(url, {});
      const member = JSON.stringify(op.security) === JSON.stringify([{ member: [] }]);
      expect(answer.status === 401, `${url} answered ${answer.status} ${answer.code}`).toBe(member);
      if (member) {
        expect(answer.code).toBe(Errors.AUTH_INVALID.code);
        expect(op.responses['401']).toEqual({ $ref: '#/components/responses/SessionLost' });
      }
    }
  });

  it('documents the operator’s calls as taking an operator session, refused with 401 without one and 403 without the role', async () => {
    const admin = operations().filter(({ url }) => url.startsWith('/api/admin/') && url !== '/api/admin/auth/login');
    expect(admin.length).toBeGreaterThan(10);
    for (const { op } of admin) {
      expect(op.security).toEqual([{ operator: [] }]);
      expect(op.responses['401']).toEqual({ $ref: '#/components/responses/SessionLost' });
      expect(op.responses['403']).toEqual({ $ref: '#/components/responses/NotPermitted' });
    }
    const refused = await s.call('/api/admin/wallet/deposit/approve', { orderId: 1 }, { headers: { authorization: 'Bearer not-an-operator-session' } });
    expect([refused.status, refused.code]).toEqual([401, Errors.OPERATOR_AUTH.code]);
  });
});

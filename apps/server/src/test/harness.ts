import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../platform/config.ts';
import { dropSchema } from '../platform/db/index.ts';
import { TEST_PASSWORD_HASHING, setPasswordHashing } from '../modules/auth/index.ts';
import { createServer, type Server } from '../server.ts';

// Cheap argon2 in every process that starts test servers (auth/passwords.ts says why); one test
// keeps the production cost (auth/passwords.test.ts).
setPasswordHashing(TEST_PASSWORD_HASHING);

/**
 * Test servers on a real database: PGlite in memory by default, or a schema of its own on the
 * PostgreSQL of `DATABASE_URL` (what CI uses). Redis when `REDIS_URL` is set, under a key prefix
 * of its own. Demo data is seeded, jobs are off unless asked for.
 */
export interface TestServer extends Server {
  inject: Server['app']['inject'];
  /** A JSON POST as a client makes it: the HTTP status, headers and parsed envelope. */
  post(url: string, payload?: unknown, headers?: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: any }>;
  /** Registers a fresh member on the default site and returns its token. */
  member(opts?: { name?: string; password?: string; siteId?: number }): Promise<{ token: string; memberId: number; name: string; password: string }>;
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const base = loadConfig(process.env);
  const schema = base.databaseUrl ? `t_${randomBytes(6).toString('hex')}` : null;
  const config: Config = {
    ...base,
    dataDir: ':memory:',
    databaseSchema: schema,
    redisPrefix: `t${randomBytes(4).toString('hex')}:`,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    rateLimits: false,
    webDist: null,
    seedDemo: true,
    runJobs: false,
    ...overrides,
  };
  const server = await createServer(config);
  const close = async () => {
    await server.close();
    if (schema && config.databaseUrl) await dropSchema(config.databaseUrl, schema);
  };
  return {
    ...server,
    close,
    inject: server.app.inject.bind(server.app),
    async post(url, payload = {}, headers = {}) {
      const res = await server.app.inject({ method: 'POST', url, payload: payload as object, headers });
      return { status: res.statusCode, headers: res.headers, body: res.json() };
    },
    async member(opts = {}) {
      const name = opts.name ?? `m${randomBytes(5).toString('hex')}`;
      const password = opts.password ?? 'abc12345';
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/member/register/v4',
        headers: opts.siteId ? { 'x-site-id': String(opts.siteId) } : {},
        payload: { name, password },
      });
      const body = res.json();
      if (body.code !== 0) throw new Error(`register failed: ${res.body}`);
      return { token: body.data.token, memberId: body.data.memberId, name, password };
    },
  };
}

/** Headers of a member call. */
export const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../platform/config.ts';
import { dropSchema, openDatabase } from '../platform/db/index.ts';
import { migrate } from '../platform/db/migrate.ts';
import { memoryBus } from '../platform/realtime/index.ts';
import { modules } from '../modules/index.ts';
import { getConfig, setConfig } from '../modules/site/index.ts';
import { TEST_PASSWORD_HASHING, setPasswordHashing } from '../modules/auth/index.ts';
import { DAY_MS, shanghaiHourOf, shanghaiMidnight } from '@bp/contract';
import { clock } from '../platform/clock.ts';
import { createServer, type Server } from '../server.ts';
import { PG_TEMPLATE_ENV, copyTemplate } from './pg-template.ts';

// Cheap argon2 in every process that starts test servers (auth/passwords.ts says why); one test
// keeps the production cost (auth/passwords.test.ts).
setPasswordHashing(TEST_PASSWORD_HASHING);

/**
 * Test servers on a real database: PGlite by default, or a database (or schema) of its own on the
 * PostgreSQL of `DATABASE_URL` (what CI uses). Redis when `REDIS_URL` is set, under a key prefix of its own.
 * Demo data is seeded, jobs are off unless asked for.
 */
export interface TestServer extends Server {
  inject: Server['app']['inject'];
  /** A JSON POST as a client makes it, as a member when given its token: the HTTP status, the envelope's fields and the headers. */
  call(url: string, payload?: unknown, opts?: CallOptions): Promise<Answer>;
  /** Registers a fresh member on the default site and returns its token. */
  member(opts?: { name?: string; password?: string; siteId?: number }): Promise<{ token: string; memberId: number; name: string; password: string }>;
  /** A site's config keys, as the operator sets them: for tests of the platform, which knows no site module. */
  siteConfig: {
    set(siteId: number, key: string, value: string | null): Promise<void>;
    get(siteId: number, keys: string[]): Promise<Record<string, string | null>>;
  };
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const base = loadConfig(process.env);
  // On PostgreSQL: a copy of the run's template database, else (a test's own schema or URL, or no
  // demo data) a schema of its own, migrated as the server starts.
  const pgTemplate = process.env[PG_TEMPLATE_ENV];
  const copy =
    base.databaseUrl && pgTemplate && overrides.seedDemo !== false && !overrides.databaseSchema && !overrides.databaseUrl
      ? await copyTemplate(base.databaseUrl, pgTemplate)
      : null;
  const schema = base.databaseUrl && !copy ? `t_${randomBytes(6).toString('hex')}` : null;
  const template = base.databaseUrl || overrides.seedDemo === false ? null : templateDir();
  // PGlite starts from a copy of the template: in a folder of the test's own, or in the one the
  // test names (to reopen the same database later) while that is still empty.
  const ownFolder = template && !overrides.dataDir ? path.join(path.dirname(template), `db-${process.pid}-${randomBytes(4).toString('hex')}`) : null;
  const dataDir = overrides.dataDir ?? ownFolder ?? ':memory:';
  if (template && dataDir !== ':memory:') copyInto(template, dataDir);
  const config: Config = {
    ...base,
    dataDir,
    ...(copy ? { databaseUrl: copy.url } : {}),
    databaseSchema: schema,
    redisPrefix: `t${randomBytes(4).toString('hex')}:`,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    rateLimits: false,
    // The test client plays the proxy in front of the site (inject connects from 127.0.0.1): its
    // x-forwarded-for and country headers count. Tests of the shipped default (none trusted) say so.
    trustProxy: ['127.0.0.1'],
    webDist: null,
    adminDist: null,
    seedDemo: true,
    runJobs: false,
    ...overrides,
  };
  const server = await createServer(config);
  const close = async () => {
    await server.close();
    if (schema && config.databaseUrl) await dropSchema(config.databaseUrl, schema);
    if (copy) await copy.drop();
    if (ownFolder) fs.rmSync(ownFolder, { recursive: true, force: true });
  };
  return {
    ...server,
    close,
    inject: server.app.inject.bind(server.app),
    async call(url, payload = {}, opts = {}) {
      const res = await server.app.inject({ method: 'POST', url, payload: payload as object, headers: callHeaders(opts) });
      const body = res.json();
      return { status: res.statusCode, code: body.code, data: body.data, msg: body.msg, headers: res.headers };
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
    siteConfig: {
      set: (siteId, key, value) => setConfig(server.deps.db, siteId, key, value),
      get: (siteId, keys) => getConfig(server.deps.db, siteId, keys),
    },
  };
}

/** What a script of ours run beside a PostgreSQL test server needs to reach the server's database. */
export const postgresEnv = (server: Server): Record<string, string> => ({
  DATABASE_URL: server.deps.config.databaseUrl ?? '',
  DATABASE_SCHEMA: server.deps.config.databaseSchema ?? '',
});

/**
 * Moves the server's clock to 10:00 Shanghai tomorrow: a session opened then lives 12 hours before
 * 22:00 ends every session, so a test of idle minutes does not meet 22:00 when run at 21:50.
 */
export const shiftToMorning = (): void => clock.shift(shanghaiHourOf(clock.now(), 10) + DAY_MS - clock.now());

/**
 * Waits out the last seconds of a Shanghai day, when a test that counts one day's things would
 * see two (the database's clock turns the day too, so the server's clock cannot be moved instead).
 * For a hook: give it a timeout above `seconds`.
 */
export async function clearOfMidnight(seconds = 20): Promise<void> {
  const left = shanghaiMidnight(clock.now()) + DAY_MS - clock.now();
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 1000));
}

/** Headers of a member call. */
export const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });

/** What a test call answers: the HTTP status, the envelope's code, data and message, the response headers. */
export interface Answer {
  status: number;
  code: number;
  data: any;
  msg: string;
  headers: Record<string, unknown>;
}

/** A test call's member (its token), Idempotency-Key and further headers, each optional. */
export interface CallOptions {
  token?: string;
  key?: string;
  headers?: Record<string, string>;
}

function callHeaders({ token, key, headers = {} }: CallOptions): Record<string, string> {
  return { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}), ...headers };
}

/**
 * The run's PGlite template (made by the global setup): a fresh PGlite spends most of a second on
 * its own start and more on the migrations and demo data; a copy of the template opens in a
 * fraction of that.
 */
export const TEMPLATE_ENV = 'BP_TEST_PGLITE_TEMPLATE';

function templateDir(): string | null {
  const dir = process.env[TEMPLATE_ENV];
  return dir && fs.existsSync(path.join(dir, 'PG_VERSION')) ? dir : null;
}

/** Copies the template into an empty (or missing) folder; a used one is left as it is. */
function copyInto(template: string, dataDir: string): void {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) return;
  fs.cpSync(template, dataDir, { recursive: true });
}

/**
 * Makes the template in `dir` (PGlite), or on `databaseUrl` (PostgreSQL): every migration and every module's demo data except the sports
 * book's, whose fixtures are timed from the moment they are seeded: each test server seeds its
 * own book as it starts (and the sites' client keys, which a test may set). Each test database
 * is a copy of its own: nothing one test writes reaches another.
 */
export async function makeTemplate(dir: string, databaseUrl: string | null = null): Promise<void> {
  const config: Config = {
    ...loadConfig({}),
    dataDir: dir,
    databaseUrl,
    databaseSchema: null,
    logLevel: 'silent',
    webDist: null,
    adminDist: null,
    runJobs: false,
  };
  const database = await openDatabase(config);
  try {
    await migrate(database, modules);
    const quiet = () => undefined;
    const deps = { config, database, db: database.db, bus: memoryBus(), redis: null, log: { error: quiet, warn: quiet, info: quiet } };
    for (const module of modules) if (module.name !== 'sports') await module.seed?.(deps);
    await deps.bus.close();
  } finally {
    await database.close();
  }
}

import path from 'node:path';

/** Everything the server reads from the environment, in one place. */
export interface Config {
  port: number;
  host: string;
  /** PGlite's data folder; ':memory:' for a throwaway database. */
  dataDir: string;
  /** PostgreSQL instead of PGlite when set. */
  databaseUrl: string | null;
  /** A PostgreSQL schema to live in (tests isolate themselves this way). */
  databaseSchema: string | null;
  /** Redis for the bus, rate limits and caches when set; otherwise in-process. */
  redisUrl: string | null;
  /** Prefix of every Redis key and channel, so several deployments (or tests) can share one Redis. */
  redisPrefix: string;
  logLevel: string;
  /** `RATE_LIMITS=off` disables rate limits, for load tests alone. */
  rateLimits: boolean;
  /** Multiplies the built-in odds feed's clock. */
  feedSpeed: number;
  /** `TABLES_SPEED`: divides the live dealer tables' phases (betting, dealing, result); every instance must share it. */
  tablesSpeed: number;
  /** The built web app served at `/`; absent in tests that need no site. */
  webDist: string | null;
  /** The built operator console served at `/admin`; absent in tests that need none. */
  adminDist: string | null;
  /** Seeds the demo sites and member on an empty database. */
  seedDemo: boolean;
  /** Background jobs (feed, settlement, reconciliation, interest) run in this instance. */
  runJobs: boolean;
  /** `H5_APP_SECRET`: the secret of every site's web client key `h5`; absent, the sandbox DEV_CLIENT secret. */
  h5AppSecret: string | null;
  /** How often the WebSocket gateway judges the sessions of its open sockets again (30 s; tests shorten it). */
  socketRecheckMs: number;
  /** `SOCKET_BATCH_MS`: a chat room's messages go to its sockets at most once per this many ms, batched (30; 0 sends each alone). */
  socketBatchMs: number;
  /**
   * `TRUST_PROXY`: the addresses or CIDR ranges of the proxies in front of us, whose forwarding
   * and country headers are believed; empty (the default, or `off`), none are.
   */
  trustProxy: string[];
  /**
   * `PROVIDER_SECRET_KEY`: the key game providers' callback secrets are encrypted under at rest (the
   * HMAC needs them back); absent, a sandbox key. Set your own in production before adding a provider.
   */
  providerSecretKey: string | null;
  /** `PROVIDER_TX_RETENTION_DAYS`: how long providers' transaction ids are kept (default 180, at least 30). */
  providerTxRetentionDays: number;
  /** `GAME_RECORD_RETENTION_DAYS`: how long settled game records (and the table bets, mines boards, niuniu hands and revealed seed pairs behind them) are kept (default 90, at least 30). */
  gameRecordRetentionDays: number;
  /** `TABLE_HISTORY_RETENTION_DAYS`: how long dealer table rounds no bet references are kept (default 7, at least 1). */
  tableHistoryRetentionDays: number;
  /** `ADMIN_IDLE_MINUTES`: an operator session ends after this long without a call (30). */
  operatorIdleMinutes: number;
  /**
   * `TLS_CERT_FILE` and `TLS_KEY_FILE` (PEM): serve HTTPS with HTTP/2 (HTTP/1.1 kept for older
   * clients and WebSocket upgrades). Absent, plain HTTP/1.1, for a proxy in front to terminate TLS.
   */
  tls: { certFile: string; keyFile: string } | null;
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? path.join(repoRoot, 'data', 'pglite'),
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || null,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX ?? 'bp:',
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimits: env.RATE_LIMITS !== 'off',
    feedSpeed: Number(env.FEED_SPEED ?? 1),
    tablesSpeed: Number(env.TABLES_SPEED ?? 1) || 1,
    webDist: env.WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist'),
    adminDist: env.ADMIN_DIST ?? path.join(repoRoot, 'apps', 'admin', 'dist'),
    seedDemo: env.SEED_DEMO !== 'off',
    runJobs: env.RUN_JOBS !== 'off',
    h5AppSecret: env.H5_APP_SECRET || null,
    socketRecheckMs: 30_000,
    socketBatchMs: Number(env.SOCKET_BATCH_MS ?? 30),
    trustProxy: listOf(env.TRUST_PROXY),
    providerSecretKey: env.PROVIDER_SECRET_KEY || null,
    providerTxRetentionDays: Number(env.PROVIDER_TX_RETENTION_DAYS || 180),
    gameRecordRetentionDays: Number(env.GAME_RECORD_RETENTION_DAYS || 90),
    tableHistoryRetentionDays: Number(env.TABLE_HISTORY_RETENTION_DAYS || 7),
    operatorIdleMinutes: Number(env.ADMIN_IDLE_MINUTES ?? 30),
    tls: tlsOf(env),
  };
}

function tlsOf(env: NodeJS.ProcessEnv): Config['tls'] {
  const certFile = env.TLS_CERT_FILE || null;
  const keyFile = env.TLS_KEY_FILE || null;
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile) throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both or neither');
  return { certFile, keyFile };
}

/** A comma list from the environment; unset, empty or `off`, none. */
function listOf(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length === 1 && entries[0] === 'off' ? [] : entries;
}

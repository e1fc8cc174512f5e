import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './platform/config.ts';
import { openDatabase } from './platform/db/index.ts';
import { migrate } from './platform/db/migrate.ts';
import {
  installHttp,
  installGate,
  installCompression,
  installProxyTrust,
  lazyRequestLogger,
  proxyTrust,
  tlsServerOptions,
  HTTP_OPTIONS,
} from './platform/http/index.ts';
import { installOpenApi } from './platform/openapi/index.ts';
import { memoryBus, redisBus, installGateway } from './platform/realtime/index.ts';
import { installSecurity, provisionClientKeys } from './platform/security/index.ts';
import type { Deps } from './platform/deps.ts';
import { installIdempotency } from './platform/idempotency.ts';
import { connectCaches } from './platform/cache.ts';
import { closeRedis, connectRedis } from './platform/redis.ts';
import { installConsole, installWeb } from './platform/web.ts';
import { modules } from './modules/index.ts';
import { firstPictures, getConfig, listSites } from './modules/site/index.ts';
import { authenticate, installSessionCheck, lostSessions } from './modules/auth/index.ts';
import { installOperatorCheck } from './modules/admin/index.ts';

export interface Server {
  app: FastifyInstance;
  deps: Deps;
  /** Stops jobs, the HTTP server, the bus and the database, in that order. */
  close(): Promise<void>;
}

/**
 * The one composition root: config -> database -> bus -> modules. `main.ts` listens on what this
 * returns; tests inject into it.
 */
export async function createServer(config: Config): Promise<Server> {
  const database = await openDatabase(config);
  await migrate(database, modules);
  const trust = proxyTrust(config.trustProxy);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    childLoggerFactory: lazyRequestLogger,
    ...HTTP_OPTIONS,
    trustProxy: trust,
    return503OnClosing: true,
    ...tlsServerOptions(config.tls),
  }) as FastifyInstance;
  // Both fail fast while Redis is away (platform/redis.ts): what each use then does is its own choice.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log, { keyPrefix: config.redisPrefix }) : null;
  const bus = config.redisUrl ? await redisBus(config.redisUrl, config.redisPrefix, app.log) : memoryBus(app.log);
  const deps: Deps = { config, database, db: database.db, bus, redis, log: app.log };
  const disconnectCaches = connectCaches(bus);

  installHttp(app);
  await installCompression(app);
  installProxyTrust(app, trust);
  await installOpenApi(app);
  // The operator's session and permission first: a caller without them learns nothing of the call (not even that it wants a key).
  installOperatorCheck(app, deps);
  installIdempotency(app);
  installSessionCheck(app, deps);
  // Before the modules, so every route they declare gets its rate limit and the request guard.
  await installSecurity(app, deps, {
    siteOf: (req) => req.site.siteId,
    memberOf: (req) => req.member?.memberId ?? null,
    siteConfig: (siteId, keys) => getConfig(deps.db, siteId, keys),
  });
  installGate(
    app,
    modules.flatMap((module) => (module.gate ? [module.gate(deps)] : [])),
  );
  for (const module of modules) await module.install(app, deps);
  // In a scope of its own: the socket plugin's per-request hooks then run for `/ws` alone. Its
  // socket server stays reachable from the root (`app.websocketServer`).
  await app.register(async (scope) => {
    await installGateway(scope, {
      bus,
      identify: (token) => authenticate(deps.db, token),
      lostSessions: (sessionIds) => lostSessions(deps.db, sessionIds),
      recheckEveryMs: config.socketRecheckMs,
      batchEveryMs: config.socketBatchMs,
      guards: modules.flatMap((module) => (module.channelGuard ? [module.channelGuard(deps)] : [])),
    });
    app.decorate('websocketServer', scope.websocketServer);
  });
  await installConsole(app, config.adminDist);
  await installWeb(app, config.webDist, firstPictures(deps.db));
  await app.ready();

  if (config.seedDemo) for (const module of modules) await module.seed?.(deps);
  await provisionClientKeys(deps.db, [...(await listSites(deps.db)).byId.keys()], config.h5AppSecret);
  const stops: Array<() => Promise<void>> = [];
  if (config.runJobs) for (const module of modules) if (module.start) stops.push(await module.start(deps));

  let closed = false;
  return {
    app,
    deps,
    async close() {
      if (closed) return;
      closed = true;
      for (const stop of stops.reverse()) await stop().catch((err) => app.log.error({ err }, 'job stop failed'));
      await app.close();
      // Handlers whose clients went away still run: they finish before the database closes.
      await app.inFlight.drained(10_000);
      disconnectCaches();
      await bus.close();
      if (redis) await closeRedis(redis);
      await database.close();
    },
  };
}

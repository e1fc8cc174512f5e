import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database, Db } from './db/index.ts';
import type { Bus, ChannelGuard } from './realtime/index.ts';
import type { GateCheck } from './http/index.ts';

/** What the composition root hands every module. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  bus: Bus;
  /** Shared Redis connection (rate limits, challenges), when configured; fails fast while Redis is away (platform/redis.ts). */
  redis: Redis | null;
  /** The server's logger, for work no request carries (jobs). */
  log: Log;
}

export type Log = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;

/** A business domain as the composition root sees it. */
export interface Module {
  name: string;
  /** Routes and hooks, registered on the root app in the modules' order. */
  install(app: FastifyInstance, deps: Deps): Promise<void> | void;
  /** What every request must pass before its route runs (the request's gate), in the modules' order. */
  gate?(deps: Deps): GateCheck;
  /** Demo data for an empty database; must be safe to run on every start. */
  seed?(deps: Deps): Promise<void>;
  /** The folder of the module's SQL functions, one `CREATE OR REPLACE FUNCTION` per file (db/migrate.ts). */
  sqlFunctions?: string;
  /** Who may follow the module's realtime channels (asked at each WebSocket `sub`). */
  channelGuard?(deps: Deps): ChannelGuard;
  /** Background work for this instance; returns how to stop it. */
  start?(deps: Deps): Promise<() => Promise<void>>;
}

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect } from 'vitest';
import { dropSchema } from '../platform/db/index.ts';
import { freePort } from './redis-server.ts';

/** Where a server keeps its data: a PGlite folder, or a schema of the PostgreSQL of DATABASE_URL. */
export type Place = { dataDir: string } | { databaseSchema: string };

/** The real server (`src/main.ts`) in a process of its own, as production runs it. */
export interface ChildServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** SIGKILL, as a crash would: calls in flight get no answer, open transactions are cut off. */
  kill(): Promise<void>;
}

/**
 * A place of its own for a test file's servers, removed after its tests: a schema of the PostgreSQL
 * of DATABASE_URL when set, else a PGlite folder. `name` marks it (`t_<name>_…`, `<name>-…`).
 */
export function placeOfItsOwn(name: string): Place {
  const databaseUrl = process.env.DATABASE_URL || null;
  const schema = databaseUrl ? `t_${name}_${randomBytes(5).toString('hex')}` : null;
  const dataDir = schema ? null : fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  afterAll(async () => {
    if (schema) await dropSchema(databaseUrl!, schema);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return schema ? { databaseSchema: schema } : { dataDir: dataDir! };
}

const serverDir = path.resolve(import.meta.dirname, '../..');

const placeEnv = (place: Place): Record<string, string> =>
  'dataDir' in place ? { DATA_DIR: place.dataDir, DATABASE_URL: '' } : { DATABASE_SCHEMA: place.databaseSchema, DATABASE_URL: process.env.DATABASE_URL ?? '' };

/**
 * Starts the server on `place` (no Redis, no rate limits, no site) and resolves once it answers
 * `/api/health`. `env` adds to or overrides its environment (e.g. `RUN_JOBS: 'off'`).
 */
export async function spawnServer(place: Place, env: Record<string, string> = {}, timeoutMs = 60_000): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
      REDIS_URL: '',
      RATE_LIMITS: 'off',
      ...placeEnv(place),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  // A test that dies without its cleanup leaves no server behind.
  process.once('exit', () => child.kill('SIGKILL'));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + timeoutMs;
  while (
    !(await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > until) {
      await kill();
      throw new Error(`the server did not start (exit ${child.exitCode})`);
    }
    await sleep(100);
  }
  return { url, kill };
}

/** One call of `callsUntilKilled`: its member, its key, and the answer, or null when the server died first. */
export interface SentCall<A> {
  token: string;
  key: string;
  answer: A | null;
}

/** What `callsUntilKilled` sends: where, with what body, from which members, and how many answers before the kill. */
export interface CallsToKill {
  url: string;
  body: object | ((token: string) => object);
  tokens: string[];
  key: () => string;
  acknowledged: number;
}

/**
 * Tests of a kill mid-batch: a server is spawned at `place` (its jobs off), and each member sends
 * `url` to it one call after another (a fresh key each; the body the same for all, or each
 * member's own) until `acknowledged` calls have answered code 0; then the server is killed with
 * SIGKILL. A kill must cut off calls in flight; when one lands just after a batch answered every
 * member (each call answered, none sent yet), the server is started again and the members go on,
 * up to three lives. Answers every call sent, those cut off with a null answer.
 */
export async function callsUntilKilled<A extends { code: number }>(place: Place, call: CallsToKill): Promise<Array<SentCall<A>>> {
  const sent: Array<SentCall<A>> = [];
  for (let life = 1; ; life++) {
    const cutOff = await oneLife(place, call, sent);
    if (cutOff || life === 3) {
      expect(cutOff, 'killed with calls in flight').toBe(true);
      return sent;
    }
  }
}

/** One life of `callsUntilKilled`: adds its calls to `sent`; whether the kill cut any off. */
async function oneLife<A extends { code: number }>(place: Place, call: CallsToKill, sent: Array<SentCall<A>>): Promise<boolean> {
  const server = await spawnServer(place, { RUN_JOBS: 'off' });
  const mine: Array<SentCall<A>> = [];
  let dead = false;
  const send = async (token: string): Promise<SentCall<A>> => {
    const one: SentCall<A> = { token, key: call.key(), answer: null };
    mine.push(one);
    const res = await fetch(`${server.url}${call.url}`, {
      method: 'POST',
      body: JSON.stringify(typeof call.body === 'function' ? call.body(token) : call.body),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': one.key },
    }).catch(() => null);
    one.answer = res ? ((await res.json()) as A) : null;
    return one;
  };
  const chains = call.tokens.map(async (token) => {
    while (!dead) if (!(await send(token)).answer) return;
  });
  while (mine.filter((x) => x.answer?.code === 0).length < call.acknowledged) await sleep(5);
  dead = true;
  await server.kill();
  await Promise.all(chains);
  sent.push(...mine);
  return mine.some((x) => x.answer === null);
}

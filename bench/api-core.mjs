// Issue 2's speed target: perInfo and member/info, on PGlite and on PostgreSQL, each as a ratio to a
// bare Fastify route answering JSON of the same size in the same run (target >= 0.6, p99 < 20 ms).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PG_URL, load, machine, post, psql, startProcess, stopProcess, today } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP = 2;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The bare yardstick answering `size` bytes, in a child process of its own. */
async function startBare(port, size) {
  const child = await startProcess('bench/bare-server.mjs', { PORT: String(port), BARE_SIZE: String(size) }, `http://127.0.0.1:${port}/ready`);
  return { child, target: { url: `http://127.0.0.1:${port}/bare`, body: '{}' } };
}

/**
 * One engine: the server and a bare yardstick per answer size run side by side; after a warm-up of
 * each, every round measures a call and its yardstick back to back (which goes first alternates), so
 * the two see the same machine. A round's ratio is its pair's; the median of the rounds is reported.
 */
async function measureEngine(engine) {
  const port = 18080 + (engine === 'pglite' ? 1 : 2);
  const base = `http://127.0.0.1:${port}`;
  const env =
    engine === 'pglite'
      ? { PORT: String(port), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-')), RUN_JOBS: 'off', WEB_DIST: '' }
      : { PORT: String(port), DATABASE_URL: PG_URL, DATABASE_SCHEMA: `bench_${Date.now()}`, RUN_JOBS: 'off', WEB_DIST: '' };
  const server = await startProcess('apps/server/src/main.ts', env, `${base}/api/health`);
  const bares = [];
  try {
    const login = await post(`${base}/api/member/login/v3`, { name: 'demo8888', password: 'demo8888a' });
    if (login.code !== 0) throw new Error(`demo login failed: ${JSON.stringify(login)}`);
    const auth = { authorization: `Bearer ${login.data.token}` };
    const calls = {
      perInfo: { url: `${base}/api/site/group/site/perInfo`, body: '{}' },
      'member/info': { url: `${base}/api/member/info`, body: '{}', headers: auth },
    };
    const rows = [];
    for (const [i, [call, target]] of Object.entries(calls).entries()) {
      const answer = await post(target.url, {}, target.headers);
      if (answer.code !== 0) throw new Error(`${call} answered ${JSON.stringify(answer)}`);
      const bytes = JSON.stringify(answer).length;
      const bare = await startBare(18090 + i, bytes);
      bares.push(bare.child);
      for (const t of [target, bare.target]) await load({ ...t, duration: WARM_UP });
      const rounds = [];
      for (let r = 0; r < ROUNDS; r++) {
        const pair = r % 2 === 0 ? [target, bare.target] : [bare.target, target];
        const [first, second] = [await load({ ...pair[0], duration: DURATION }), await load({ ...pair[1], duration: DURATION })];
        const [ours, yardstick] = r % 2 === 0 ? [first, second] : [second, first];
        rounds.push({ ours, yardstick, ratio: ours.rps / yardstick.rps });
      }
      rows.push({
        engine,
        call,
        bytes,
        rps: median(rounds.map((x) => x.ours.rps)),
        p50: Math.max(...rounds.map((x) => x.ours.p50)),
        p99: Math.max(...rounds.map((x) => x.ours.p99)),
        bareRps: median(rounds.map((x) => x.yardstick.rps)),
        bareP99: Math.max(...rounds.map((x) => x.yardstick.p99)),
        ratio: median(rounds.map((x) => x.ratio)).toFixed(2),
        rounds: rounds.map((x) => x.ratio.toFixed(2)).join(' / '),
        non2xx: rounds.reduce((n, x) => n + x.ours.non2xx + x.ours.errors, 0),
      });
    }
    return rows;
  } finally {
    await Promise.all([server, ...bares].map(stopProcess));
    if (env.DATABASE_SCHEMA) psql(`SET client_min_messages = warning; DROP SCHEMA IF EXISTS "${env.DATABASE_SCHEMA}" CASCADE`);
    if (env.DATA_DIR) fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}

const rows = [];
for (const engine of ['pglite', 'postgres']) rows.push(...(await measureEngine(engine)));

const table = [
  '| database | call | bytes | req/s | p50 ms | p99 ms | bare req/s | bare p99 ms | ratio | each round | non-2xx |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) => `| ${r.engine} | ${r.call} | ${r.bytes} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bareRps} | ${r.bareP99} | ${r.ratio} | ${r.rounds} | ${r.non2xx} |`,
  ),
].join('\n');
console.log(
  `\nAPI core (${today()}, ${machine()}, autocannon 50 connections, ${ROUNDS} rounds of ${DURATION} s after ${WARM_UP} s of warm-up; req/s and ratio the median round, p50 and p99 the worst)\n${table}`,
);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'api-core.md'), `${today()} · ${machine()}\n\n${table}\n`);

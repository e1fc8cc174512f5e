// Issue 2's speed target: perInfo and member/info, on PGlite and on PostgreSQL, each as a ratio to a
// bare Fastify route answering JSON of the same size in the same run (target >= 0.6, p99 < 20 ms).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PG_URL, load, machine, post, startProcess, stopProcess, today } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);

async function measureEngine(engine) {
  const port = 18080 + (engine === 'pglite' ? 1 : 2);
  const base = `http://127.0.0.1:${port}`;
  const env =
    engine === 'pglite'
      ? { PORT: String(port), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-')), RUN_JOBS: 'off', WEB_DIST: '' }
      : { PORT: String(port), DATABASE_URL: PG_URL, DATABASE_SCHEMA: `bench_${Date.now()}`, RUN_JOBS: 'off', WEB_DIST: '' };
  const server = await startProcess('apps/server/src/main.ts', env, `${base}/api/health`);
  try {
    const login = await post(`${base}/api/member/login/v3`, { name: 'demo8888', password: 'demo8888a' });
    if (login.code !== 0) throw new Error(`demo login failed: ${JSON.stringify(login)}`);
    const auth = { authorization: `Bearer ${login.data.token}` };
    const sizes = {
      perInfo: JSON.stringify(await post(`${base}/api/site/group/site/perInfo`, {})).length,
      info: JSON.stringify(await post(`${base}/api/member/info`, {}, auth)).length,
    };
    const perInfo = await load({ url: `${base}/api/site/group/site/perInfo`, body: '{}', duration: DURATION });
    const info = await load({ url: `${base}/api/member/info`, body: '{}', headers: auth, duration: DURATION });
    return { perInfo, info, sizes };
  } finally {
    await stopProcess(server);
  }
}

async function measureBare(size) {
  const port = 18090;
  const bare = await startProcess('bench/bare-server.mjs', { PORT: String(port), BARE_SIZE: String(size) }, `http://127.0.0.1:${port}/ready`);
  try {
    return await load({ url: `http://127.0.0.1:${port}/bare`, body: '{}', duration: DURATION });
  } finally {
    await stopProcess(bare);
  }
}

const rows = [];
for (const engine of ['pglite', 'postgres']) {
  const r = await measureEngine(engine);
  for (const call of ['perInfo', 'info']) {
    const bare = await measureBare(r.sizes[call]);
    rows.push({ engine, call: call === 'info' ? 'member/info' : 'perInfo', ...r[call], bareRps: bare.rps, bareP99: bare.p99, ratio: (r[call].rps / bare.rps).toFixed(2), bytes: r.sizes[call] });
  }
}

const table = [
  '| database | call | bytes | req/s | p50 ms | p99 ms | bare req/s | bare p99 ms | ratio | non-2xx |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.engine} | ${r.call} | ${r.bytes} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bareRps} | ${r.bareP99} | ${r.ratio} | ${r.non2xx} |`),
].join('\n');
console.log(`\nAPI core (${today()}, ${machine()}, autocannon 50 connections, ${DURATION} s each)\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'api-core.md'), `${today()} · ${machine()}\n\n${table}\n`);

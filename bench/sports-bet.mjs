// Sportsbook: bet placements (/api/sports/bet/place) per second and p99 on PostgreSQL, 32 members
// at once, as a ratio to `pgbench -b simple-update` with 32 clients on a scratch database of the
// same server, run just before. Bounded: BENCH_DURATION seconds (default 8) of each.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PG_URL, machine, post, startProcess, stopProcess, today } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CLIENTS = 32;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** pgbench's simple-update (an UPDATE, a SELECT, an INSERT per transaction) with 32 clients. */
function pgbench() {
  const url = new URL(PG_URL);
  const conn = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const db = url.pathname.slice(1) || 'postgres';
  const scratch = `bench_sports_pgbench_${process.pid}`;
  execFileSync('psql', [...conn, '-d', db, '-qc', `CREATE DATABASE ${scratch}`]);
  try {
    execFileSync('pgbench', [...conn, '-i', '-q', '-s', '4', scratch], { stdio: 'ignore' });
    const out = execFileSync('pgbench', [...conn, '-b', 'simple-update', '-c', String(CLIENTS), '-j', '2', '-T', String(DURATION), scratch]).toString();
    return { tps: Math.round(Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0)), latency: Number(/latency average = ([\d.]+)/.exec(out)?.[1] ?? 0) };
  } finally {
    execFileSync('psql', [...conn, '-d', db, '-qc', `DROP DATABASE IF EXISTS ${scratch}`]);
  }
}

/** The main-line selections of matches starting later than the run lasts (pre-match: no in-play delay). */
async function selections(base) {
  const board = await post(`${base}/api/sports/list`, { page: 1, size: 200, live: false });
  const later = board.data.list.filter((m) => m.startAt > Date.now() + 10 * 60_000);
  const out = later.flatMap((m) => m.mainMarkets.flatMap((mk) => mk.selections.filter((s) => s.status === 'open').map((s) => ({ selectionId: s.selectionId, odds: s.odds }))));
  if (out.length < 20) throw new Error(`only ${out.length} selections to bet on`);
  return out;
}

async function drive(base) {
  const pool = await selections(base);
  const members = [];
  for (let i = 0; i < CLIENTS; i++) {
    const name = `sb${Date.now().toString(36)}${i}`.slice(0, 16);
    const reg = await post(`${base}/api/member/register/v4`, { name, password: 'bench1234' });
    if (reg.code !== 0) throw new Error(`register failed: ${JSON.stringify(reg)}`);
    const auth = { authorization: `Bearer ${reg.data.token}` };
    const types = await post(`${base}/api/wallet/pay/types`, {}, auth);
    const payTypeId = types.data.find((t) => t.kind === 'sandbox').payTypeId;
    const paid = await post(`${base}/api/wallet/pay/payVal`, { payTypeId, amount: 50_000 }, { ...auth, 'idempotency-key': `fund-${name}` });
    if (paid.code !== 0) throw new Error(`deposit failed: ${JSON.stringify(paid)}`);
    members.push(auth);
  }
  const latencies = [];
  const failures = new Map();
  let seq = 0;
  const until = Date.now() + DURATION * 1000;
  await Promise.all(
    members.map(async (auth, i) => {
      while (Date.now() < until) {
        const pick = pool[(seq * 7 + i) % pool.length];
        const started = performance.now();
        const res = await post(`${base}/api/sports/bet/place`, { type: 'single', stake: 10, selections: [pick], acceptOddsChange: true }, { ...auth, 'idempotency-key': `bench-${i}-${seq++}` });
        latencies.push(performance.now() - started);
        if (res.code !== 0) failures.set(res.code, (failures.get(res.code) ?? 0) + 1);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  return { tps: Math.round((latencies.length - failed) / DURATION), p50: percentile(latencies, 50).toFixed(1), p99: percentile(latencies, 99).toFixed(1), failed, total: latencies.length, failures };
}

const schema = `bench_sports_${Date.now()}`;
const base = pgbench();
const port = 18190;
const server = await startProcess('apps/server/src/main.ts', { PORT: String(port), DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, RUN_JOBS: 'off', WEB_DIST: '', PG_POOL_MAX: '32' }, `http://127.0.0.1:${port}/api/health`);
let r;
try {
  r = await drive(`http://127.0.0.1:${port}`);
  // The run leaves a sound ledger behind (exits non-zero on any difference).
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/ledger-audit.ts'], { env: { ...process.env, DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema }, stdio: 'pipe' });
} finally {
  await stopProcess(server);
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}
const table = [
  '| bets/s | p50 ms | p99 ms | refused | pgbench simple-update tps | pgbench avg ms | ratio |',
  '|---|---|---|---|---|---|---|',
  `| ${r.tps} | ${r.p50} | ${r.p99} | ${r.failed}/${r.total} | ${base.tps} | ${base.latency} | ${(r.tps / base.tps).toFixed(3)} |`,
].join('\n');
if (r.failed) console.log('refusals by code:', Object.fromEntries(r.failures));
console.log(`\nSports bet placement on PostgreSQL (${today()}, ${machine()}, ${CLIENTS} members at once, ${DURATION} s)\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'sports-bet.md'), `${today()} · ${machine()}\n\n${table}\n`);

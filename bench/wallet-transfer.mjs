// Wallet: concurrent member-to-venue transfers (two-phase, /api/wallet/transfer) per second and p99,
// 32 members at once, on PGlite and on PostgreSQL; on PostgreSQL as a ratio to `pgbench -b
// simple-update` with 32 clients on a scratch database of the same server, run just before.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PG_URL, machine, post, startProcess, stopProcess, today } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CLIENTS = 32;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** 32 members, each funded, each alternating transfers to AG and back, one request at a time. */
async function drive(base) {
  const members = [];
  for (let i = 0; i < CLIENTS; i++) {
    const name = `wb${Date.now().toString(36)}${i}`.slice(0, 16);
    const reg = await post(`${base}/api/member/register/v4`, { name, password: 'bench1234' });
    if (reg.code !== 0) throw new Error(`register failed: ${JSON.stringify(reg)}`);
    const auth = { authorization: `Bearer ${reg.data.token}` };
    const types = await post(`${base}/api/wallet/pay/types`, {}, auth);
    const payTypeId = types.data.find((t) => t.kind === 'sandbox').payTypeId;
    const paid = await post(`${base}/api/wallet/pay/payVal`, { payTypeId, amount: 10_000 }, { ...auth, 'idempotency-key': `fund-${name}` });
    if (paid.code !== 0) throw new Error(`deposit failed: ${JSON.stringify(paid)}`);
    members.push(auth);
  }
  const latencies = [];
  let failures = 0;
  let seq = 0;
  const until = Date.now() + DURATION * 1000;
  await Promise.all(
    members.map(async (auth, i) => {
      for (let n = 0; Date.now() < until; n++) {
        const started = performance.now();
        const res = await post(`${base}/api/wallet/transfer`, { api_name: 'AG', amount: 1, transfer_out: n % 2 === 1 }, { ...auth, 'idempotency-key': `bench-${i}-${seq++}-${started}` });
        latencies.push(performance.now() - started);
        if (res.code !== 0) failures++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { tps: Math.round(latencies.length / DURATION), p50: percentile(latencies, 50).toFixed(1), p99: percentile(latencies, 99).toFixed(1), failures, total: latencies.length };
}

async function measureEngine(engine) {
  const port = 18180 + (engine === 'pglite' ? 1 : 2);
  const base = `http://127.0.0.1:${port}`;
  const env =
    engine === 'pglite'
      ? { PORT: String(port), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wallet-')), RUN_JOBS: 'off', WEB_DIST: '' }
      : { PORT: String(port), DATABASE_URL: PG_URL, DATABASE_SCHEMA: `bench_wallet_${Date.now()}`, RUN_JOBS: 'off', WEB_DIST: '', PG_POOL_MAX: '32' };
  const server = await startProcess('apps/server/src/main.ts', env, `${base}/api/health`);
  try {
    const result = await drive(base);
    // The run leaves a sound ledger behind.
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/ledger-audit.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, ...env },
      stdio: engine === 'postgres' ? 'pipe' : 'ignore',
    });
    return result;
  } finally {
    await stopProcess(server);
  }
}

/** pgbench's built-in simple-update (one UPDATE, one SELECT, one INSERT per transaction), 32 clients. */
function pgbench() {
  const url = new URL(PG_URL);
  const conn = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const scratch = `bench_pgbench_${process.pid}`;
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbench-'));
  execFileSync('psql', [...conn, '-d', url.pathname.slice(1) || 'postgres', '-qc', `CREATE DATABASE ${scratch}`]);
  try {
    execFileSync('pgbench', [...conn, '-i', '-q', '-s', '4', scratch], { stdio: 'ignore' });
    const out = execFileSync('pgbench', [...conn, '-b', 'simple-update', '-c', String(CLIENTS), '-j', '2', '-T', String(DURATION), '-l', '--log-prefix', path.join(logDir, 'tx'), scratch], { cwd: logDir }).toString();
    const tps = Math.round(Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0));
    const latencies = fs
      .readdirSync(logDir)
      .flatMap((f) => fs.readFileSync(path.join(logDir, f), 'utf8').trim().split('\n'))
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .sort((a, b) => a - b);
    return { tps, p99: percentile(latencies, 99).toFixed(1) };
  } finally {
    execFileSync('psql', [...conn, '-d', url.pathname.slice(1) || 'postgres', '-qc', `DROP DATABASE IF EXISTS ${scratch}`]);
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}

const base = pgbench();
const rows = [];
for (const engine of ['pglite', 'postgres']) rows.push({ engine, ...(await measureEngine(engine)) });

const table = [
  '| database | transfers/s | p50 ms | p99 ms | failed | pgbench simple-update tps | pgbench p99 ms | ratio |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map((r) =>
    r.engine === 'postgres'
      ? `| postgres | ${r.tps} | ${r.p50} | ${r.p99} | ${r.failures}/${r.total} | ${base.tps} | ${base.p99} | ${(r.tps / base.tps).toFixed(3)} |`
      : `| pglite | ${r.tps} | ${r.p50} | ${r.p99} | ${r.failures}/${r.total} | — | — | — |`,
  ),
].join('\n');
console.log(`\nWallet transfers (${today()}, ${machine()}, ${CLIENTS} members at once, ${DURATION} s each)\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'wallet-transfer.md'), `${today()} · ${machine()}\n\n${table}\n`);

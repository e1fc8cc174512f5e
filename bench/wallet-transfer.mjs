// Wallet: concurrent member-to-venue transfers (two-phase, /api/wallet/transfer) per second and p99,
// 32 members at once, on PGlite and on PostgreSQL; on PostgreSQL as a ratio to `pgbench -b
// simple-update` with 32 clients on a scratch database of the same server, run just before.
// Where the machine's time goes is measured too: CPU per transfer of the server process, of the
// PostgreSQL backends and of this load generator, and PostgreSQL's CPU per pgbench transaction.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PG_URL, machine, post, startProcess, stopProcess, today } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CLIENTS = 32;
const ROOT = path.resolve(import.meta.dirname, '..');
/** The server's connections are told apart from the other tenants' of the same PostgreSQL by this name. */
const APP_NAME = 'bench-wallet-transfer';

const execFileAsync = promisify(execFile);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

// The load generator shares the two cores with the server and the database: node:http over kept-alive
// connections costs the client ~0.2 ms a call, where fetch cost ~1 ms here and starved the server.
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
function postKeepAlive(base, urlPath, body, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${urlPath}`, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** CPU seconds (user + system) of a process, from /proc. */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
function cpuOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null; // gone meanwhile
  }
}

const pgUrl = new URL(PG_URL);
const PG_CONN = ['-h', pgUrl.hostname, '-p', pgUrl.port || '5432', '-U', decodeURIComponent(pgUrl.username || 'postgres')];
const psql = (query) => execFileSync('psql', [...PG_CONN, '-d', pgUrl.pathname.slice(1) || 'postgres', '-Atqc', query]).toString();

/** CPU of the PostgreSQL backends matching `where` (pg_stat_activity), between start() and stop(): only ours, not the other tenants'. */
function backendsCpu(where) {
  let before;
  const snapshot = () => new Map(psql(`SELECT pid FROM pg_stat_activity WHERE ${where}`).split('\n').filter(Boolean).map((pid) => [pid, cpuOf(pid)]));
  return {
    start: () => (before = snapshot()),
    // A backend that connected meanwhile counts whole.
    stop: () => [...snapshot()].reduce((sum, [pid, t]) => sum + (t === null ? 0 : t - (before.get(pid) ?? 0)), 0),
  };
}

let seq = 0;
/** Each member alternating transfers to AG and back, one request at a time, until `until`. */
async function transferUntil(base, members, until) {
  const latencies = [];
  let failures = 0;
  await Promise.all(
    members.map(async (auth, i) => {
      for (let n = 0; Date.now() < until; n++) {
        const started = performance.now();
        const res = await postKeepAlive(base, '/api/wallet/transfer', { api_name: 'AG', amount: 1, transfer_out: n % 2 === 1 }, { ...auth, 'idempotency-key': `bench-${i}-${seq++}-${Math.round(started)}` });
        latencies.push(performance.now() - started);
        if (res.code !== 0) failures++;
      }
    }),
  );
  return { latencies, failures };
}

/** 32 members, each funded, then the measured run. */
async function drive(base, serverPid, engine) {
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
  // One second unmeasured first: every member's connection open, the code warm.
  await transferUntil(base, members, Date.now() + 1000);
  const backends = backendsCpu(`application_name = '${APP_NAME}'`);
  if (engine === 'postgres') backends.start();
  const before = { server: cpuOf(serverPid), client: process.cpuUsage() };
  const { latencies, failures } = await transferUntil(base, members, Date.now() + DURATION * 1000);
  const n = latencies.length;
  const client = process.cpuUsage(before.client);
  const cpuMs = {
    server: ((cpuOf(serverPid) - before.server) * 1000) / n,
    postgres: engine === 'postgres' ? (backends.stop() * 1000) / n : null,
    client: (client.user + client.system) / 1000 / n,
  };
  latencies.sort((a, b) => a - b);
  return { tps: Math.round(n / DURATION), p50: percentile(latencies, 50).toFixed(1), p99: percentile(latencies, 99).toFixed(1), failures, total: n, cpuMs };
}

async function measureEngine(engine) {
  const port = 18180 + (engine === 'pglite' ? 1 : 2);
  const base = `http://127.0.0.1:${port}`;
  const env =
    engine === 'pglite'
      ? { PORT: String(port), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wallet-')), RUN_JOBS: 'off', WEB_DIST: '' }
      : { PORT: String(port), DATABASE_URL: PG_URL, DATABASE_SCHEMA: `bench_wallet_${Date.now()}`, RUN_JOBS: 'off', WEB_DIST: '', PG_POOL_MAX: '32', PGAPPNAME: APP_NAME };
  const server = await startProcess('apps/server/src/main.ts', env, `${base}/api/health`);
  let result;
  try {
    result = await drive(base, server.pid, engine);
  } finally {
    await stopProcess(server);
  }
  // The run leaves a sound ledger behind (read after the server stopped: one process owns a PGlite folder).
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/ledger-audit.ts'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
  if (engine === 'pglite') fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  else psql(`SET client_min_messages = warning; DROP SCHEMA "${env.DATABASE_SCHEMA}" CASCADE`);
  return result;
}

/** pgbench's built-in simple-update (one UPDATE, one SELECT, one INSERT per transaction), 32 clients. */
async function pgbench() {
  const scratch = `bench_pgbench_${process.pid}`;
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbench-'));
  psql(`CREATE DATABASE ${scratch}`);
  try {
    execFileSync('pgbench', [...PG_CONN, '-i', '-q', '-s', '4', scratch], { stdio: 'ignore' });
    const run = execFileAsync('pgbench', [...PG_CONN, '-b', 'simple-update', '-c', String(CLIENTS), '-j', '2', '-T', String(DURATION), '-l', '--log-prefix', path.join(logDir, 'tx'), scratch], { cwd: logDir });
    // Its backends' CPU over the middle of the run, while all of them are connected.
    const backends = backendsCpu(`datname = '${scratch}'`);
    await sleep(1000);
    backends.start();
    const window = (DURATION - 2) * 1000;
    await sleep(window);
    const spent = backends.stop();
    const { stdout } = await run;
    const latencies = fs
      .readdirSync(logDir)
      .flatMap((f) => fs.readFileSync(path.join(logDir, f), 'utf8').trim().split('\n'))
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .sort((a, b) => a - b);
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? 0);
    return { tps: Math.round(tps), p99: percentile(latencies, 99).toFixed(1), postgresMs: (spent * 1000) / (tps * (window / 1000)) };
  } finally {
    psql(`DROP DATABASE IF EXISTS ${scratch}`);
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}

const load = os.loadavg()[0].toFixed(1);
const base = await pgbench();
const rows = [];
for (const engine of ['pglite', 'postgres']) rows.push({ engine, ...(await measureEngine(engine)) });

const ms = (value) => value.toFixed(2);
const table = [
  '| database | transfers/s | p50 ms | p99 ms | failed | pgbench simple-update tps | pgbench p99 ms | ratio |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map((r) =>
    r.engine === 'postgres'
      ? `| postgres | ${r.tps} | ${r.p50} | ${r.p99} | ${r.failures}/${r.total} | ${base.tps} | ${base.p99} | ${(r.tps / base.tps).toFixed(3)} |`
      : `| pglite | ${r.tps} | ${r.p50} | ${r.p99} | ${r.failures}/${r.total} | — | — | — |`,
  ),
  '',
  '| CPU ms per transfer | server process | PostgreSQL | load generator |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.engine} | ${ms(r.cpuMs.server)} | ${r.cpuMs.postgres === null ? '(in the server)' : ms(r.cpuMs.postgres)} | ${ms(r.cpuMs.client)} |`),
  `| pgbench simple-update, per transaction | — | ${ms(base.postgresMs)} | — |`,
].join('\n');
const heading = `${today()}, ${machine()}, load average ${load} at the start, ${CLIENTS} members at once, ${DURATION} s each`;
console.log(`\nWallet transfers (${heading})\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'wallet-transfer.md'), `${heading}\n\n${table}\n`);

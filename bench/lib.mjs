// Shared helpers of the benchmarks: start a server in a child process, wait for it, measure with autocannon.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Starts `node --import tsx <script>` with env; resolves once `url` answers. BENCH_NODE_ARGS adds node flags (e.g. `--cpu-prof`);
 * BENCH_START_S (60) is how long a start may take (a fresh schema's migrations on a crowded machine take longer).
 */
export async function startProcess(script, env, url) {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', RATE_LIMITS: 'off', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Up to three minutes by default: on a machine shared with other sessions' suites, a fresh schema migrates slowly.
  const tries = Number(process.env.BENCH_START_S ?? 180) * 10;
  for (let i = 0; i < tries; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not answer ${url}`);
}

export function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** Runs autocannon and returns requests per second, latency percentiles (ms) and error counts. */
export async function load({ url, method = 'POST', headers = {}, body, connections = 50, duration = 8 }) {
  const result = await autocannon({ url, method, headers: { 'content-type': 'application/json', ...headers }, body, connections, duration });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export const today = () => new Date().toISOString().slice(0, 10);

export async function post(url, body, headers = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return res.json();
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

// A load generator shares the two cores with the server and the database, so it must cost little:
// node:http over kept-alive connections cost ~0.11-0.16 ms a call here (fetch ~1 ms), a seventh of
// the machine's time per bet. The default is a bare HTTP/1.1 client over kept-alive sockets (one
// request at a time each, as pgbench's own clients do): ~0.05 ms a call. BENCH_CLIENT=node-http
// measures with node:http instead, to compare the two side by side.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function postNodeHttp(base, urlPath, body, headers) {
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

/** One kept-alive HTTP/1.1 connection, one request at a time; answers bodies with a content-length or chunked. */
class BareConnection {
  constructor(url, pool) {
    this.host = url.host;
    this.pool = pool;
    this.socket = net.connect({ host: url.hostname, port: Number(url.port || 80), noDelay: true });
    this.buf = null;
    this.pending = null;
    this.socket.on('data', (b) => this.onData(b));
    const gone = (error) => {
      this.closed = true;
      const i = this.pool.indexOf(this);
      if (i >= 0) this.pool.splice(i, 1);
      if (this.pending) this.settle(null, error ?? new Error('connection closed'));
    };
    this.socket.on('error', gone);
    this.socket.on('close', () => gone());
  }

  post(urlPath, body, headers) {
    const text = JSON.stringify(body);
    let head = `POST ${urlPath} HTTP/1.1\r\nhost: ${this.host}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\n`;
    for (const [k, v] of Object.entries(headers ?? {})) head += `${k}: ${v}\r\n`;
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(`${head}\r\n${text}`);
    });
  }

  onData(chunk) {
    this.buf = this.buf ? Buffer.concat([this.buf, chunk]) : chunk;
    const end = this.buf.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buf.toString('latin1', 0, end).toLowerCase();
    const length = /\r\ncontent-length: *(\d+)/.exec(head);
    let body;
    if (length) {
      if (this.buf.length < end + 4 + Number(length[1])) return;
      body = this.buf.toString('utf8', end + 4, end + 4 + Number(length[1]));
    } else if (head.includes('\r\ntransfer-encoding: chunked')) {
      body = unchunk(this.buf, end + 4);
      if (body === null) return;
    } else return this.settle(null, new Error(`an answer without a length: ${head}`));
    this.buf = null;
    this.settle(body);
  }

  settle(body, error) {
    const p = this.pending;
    this.pending = null;
    if (!error && !this.closed) this.pool.push(this);
    if (error) p.reject(error);
    else {
      try {
        p.resolve(JSON.parse(body));
      } catch (err) {
        p.reject(err);
      }
    }
  }
}

/** A chunked body from `at`, or null until its last chunk has come. */
function unchunk(buf, at) {
  const parts = [];
  for (;;) {
    const eol = buf.indexOf('\r\n', at);
    if (eol < 0) return null;
    const size = parseInt(buf.toString('latin1', at, eol), 16);
    if (buf.length < eol + 2 + size + 2) return null;
    if (size === 0) return Buffer.concat(parts).toString('utf8');
    parts.push(buf.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

const idle = new Map();
function postBare(base, urlPath, body, headers) {
  let pool = idle.get(base);
  if (!pool) idle.set(base, (pool = []));
  const conn = pool.pop() ?? new BareConnection(new URL(base), pool);
  return conn.post(urlPath, body, headers);
}

/** POST JSON over a kept-alive connection and resolve the parsed answer (see the note above). */
export const postKeepAlive = process.env.BENCH_CLIENT === 'node-http' ? postNodeHttp : postBare;

let transferSeq = 0;
/** A transfer of 1.00 between the member's main wallet and PG (the demo's offered venue), `out` from PG, with a key of its own. */
export const transferOnce = (base, who, out) =>
  postKeepAlive(
    base,
    '/api/wallet/transfer',
    { api_name: 'PG', amount: 1, transfer_out: out },
    { ...who, 'idempotency-key': `bench-${transferSeq++}-${Math.round(performance.now())}` },
  );

/** CPU seconds (user + system) of a process, from /proc. */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
export function cpuOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null; // gone meanwhile
  }
}

/** The machine's idle and total ticks so far, from /proc/stat (idle and I/O wait count as idle); null where it is not there. */
function machineTicks() {
  try {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    return { idle: ticks[3] + ticks[4], total: ticks.slice(0, 8).reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

/**
 * The machine's idle ticks from now: the answer, called later, gives the span's idle and total
 * ticks (null if unread). Beside a rate, it tells a path bound by its latency (cores left idle)
 * from one bound by its work.
 */
export function machineIdle() {
  const before = machineTicks();
  return () => {
    const after = machineTicks();
    return before && after ? { idle: after.idle - before.idle, total: after.total - before.total } : null;
  };
}

/** As a table shows it: '23 %', or '—' when not read. */
export const percent = (share) => (share === null ? '—' : `${Math.round(share * 100)} %`);

/** Idle ticks over total ticks of machineIdle() spans taken together (null if none was read). */
export const idleShare = (spans) => {
  const read = spans.filter(Boolean);
  const total = read.reduce((sum, s) => sum + s.total, 0);
  return total > 0 ? read.reduce((sum, s) => sum + s.idle, 0) / total : null;
};

const pgUrl = new URL(PG_URL);
const PG_CONN = ['-h', pgUrl.hostname, '-p', pgUrl.port || '5432', '-U', decodeURIComponent(pgUrl.username || 'postgres')];
export const psql = (query) => execFileSync('psql', [...PG_CONN, '-d', pgUrl.pathname.slice(1) || 'postgres', '-Atqc', query]).toString();

/**
 * CPU of the PostgreSQL backends matching `where` (pg_stat_activity), between start() and stop():
 * only ours, not the other tenants'. A backend that connected meanwhile counts whole; with
 * `sameBackends`, stop() reads only those found at start(), from /proc alone: under pgbench's load
 * a psql took 0.8 s to connect on a slow host, and its list came after pgbench had ended (CPU 0).
 */
export function backendsCpu(where, { sameBackends = false } = {}) {
  let before;
  const cpuOfEach = (pids) => new Map(pids.map((pid) => [pid, cpuOf(pid)]));
  const snapshot = () => cpuOfEach(psql(`SELECT pid FROM pg_stat_activity WHERE ${where}`).split('\n').filter(Boolean));
  return {
    start: () => (before = snapshot()),
    stop: () =>
      [...(sameBackends ? cpuOfEach([...before.keys()]) : snapshot())].reduce((sum, [pid, t]) => sum + (t === null ? 0 : t - (before.get(pid) ?? 0)), 0),
  };
}

/**
 * pgbench's built-in simple-update (one UPDATE, one SELECT, one INSERT per transaction) on a scratch
 * database made once (`pgbench -i -s 4`): `run(clients, duration)` runs it for `duration` seconds and
 * answers that run's transactions, their latencies (ms) and PostgreSQL's CPU seconds over the middle
 * of the run (window seconds, all clients connected); `drop()` removes the database.
 */
export function pgbenchScratch() {
  const scratch = `bench_pgbench_${process.pid}`;
  psql(`CREATE DATABASE ${scratch}`);
  execFileSync('pgbench', [...PG_CONN, '-i', '-q', '-s', '4', scratch], { stdio: 'ignore' });
  return {
    async run(clients, duration) {
      const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbench-'));
      try {
        const args = [
          ...PG_CONN,
          '-b',
          'simple-update',
          '-c',
          String(clients),
          '-j',
          '2',
          '-T',
          String(duration),
          '-l',
          '--log-prefix',
          path.join(logDir, 'tx'),
          scratch,
        ];
        const began = performance.now();
        const run = promisify(execFile)('pgbench', args, { cwd: logDir });
        const backends = backendsCpu(`datname = '${scratch}'`, { sameBackends: true });
        // CPU is read inside the run, clear of its start and end (a second each, less in a short run);
        // the window is timed, as the list of backends can take a while under load.
        const lead = Math.min(1, duration / 4);
        await sleep(lead * 1000);
        backends.start();
        const from = performance.now();
        const idleSpan = machineIdle();
        await sleep(Math.max(0, began + (duration - lead) * 1000 - from));
        const spent = backends.stop();
        const idle = idleSpan();
        const window = (performance.now() - from) / 1000;
        const { stdout } = await run;
        const latencies = fs
          .readdirSync(logDir)
          .flatMap((f) => fs.readFileSync(path.join(logDir, f), 'utf8').trim().split('\n'))
          .map((line) => Number(line.split(' ')[2]) / 1000);
        const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? 0);
        return { tps, duration, latencies, postgresSeconds: spent, window, idle };
      } finally {
        fs.rmSync(logDir, { recursive: true, force: true });
      }
    },
    drop: () => psql(`DROP DATABASE IF EXISTS ${scratch}`),
  };
}

/** Runs of pgbenchScratch taken together: transactions per second, p99 ms, PostgreSQL's CPU ms per transaction, the machine's idle share. */
export function pgbenchSummary(runs) {
  const seconds = runs.reduce((sum, r) => sum + r.duration, 0);
  const tps = runs.reduce((sum, r) => sum + r.tps * r.duration, 0) / seconds;
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const cpuTx = runs.reduce((sum, r) => sum + r.tps * r.window, 0);
  const postgresMs = (runs.reduce((sum, r) => sum + r.postgresSeconds, 0) * 1000) / cpuTx;
  return { tps: Math.round(tps), p99: percentile(latencies, 99).toFixed(1), postgresMs, idle: idleShare(runs.map((r) => r.idle)) };
}

/** One pgbench run of `duration` seconds with `clients` on a scratch database of its own. */
export async function pgbench(clients, duration) {
  const scratch = pgbenchScratch();
  try {
    return pgbenchSummary([await scratch.run(clients, duration)]);
  } finally {
    scratch.drop();
  }
}

/**
 * Runs `drive(base, serverPid)` against a server started on `env` (a PostgreSQL schema, or a PGlite
 * folder in DATA_DIR), then stops it, checks that the run left a sound ledger (the audit exits
 * non-zero on any difference; read after the server stopped, as one process owns a PGlite folder)
 * and drops the data. Answers what `drive` answered.
 */
export async function onFreshServer(env, drive) {
  const base = `http://127.0.0.1:${env.PORT}`;
  const server = await startProcess('apps/server/src/main.ts', env, `${base}/api/health`);
  let result;
  try {
    result = await drive(base, server.pid);
  } finally {
    await stopProcess(server);
  }
  try {
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/ledger-audit.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'pipe',
    });
  } finally {
    if (env.DATA_DIR) fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
    else psql(`SET client_min_messages = warning; DROP SCHEMA IF EXISTS "${env.DATABASE_SCHEMA}" CASCADE`);
  }
  return result;
}

/** `count` members, each registered and funded with `amount` by sandbox deposits; answers their auth headers. */
export async function fundedMembers(base, count, prefix, amount) {
  const members = [];
  for (let i = 0; i < count; i++) {
    const name = `${prefix}${Date.now().toString(36)}${i}`.slice(0, 16);
    const reg = await post(`${base}/api/member/register/v4`, { name, password: 'bench1234' });
    if (reg.code !== 0) throw new Error(`register failed: ${JSON.stringify(reg)}`);
    const auth = { authorization: `Bearer ${reg.data.token}` };
    const types = await post(`${base}/api/wallet/pay/types`, {}, auth);
    const sandbox = types.data.find((t) => t.kind === 'sandbox');
    // In deposits of at most the pay type's max: a fast host places more than one deposit's worth of bets.
    for (let left = amount, n = 0; left > 0; left -= sandbox.max, n++) {
      const body = { payTypeId: sandbox.payTypeId, amount: Math.min(left, sandbox.max) };
      const paid = await post(`${base}/api/wallet/pay/payVal`, body, { ...auth, 'idempotency-key': `fund-${name}-${n}` });
      if (paid.code !== 0) throw new Error(`deposit failed: ${JSON.stringify(paid)}`);
    }
    members.push(auth);
  }
  return members;
}

/** Every member calling `call(auth, i, n)` (answers the envelope) one call after another until `until`. */
async function callUntil(members, call, until) {
  const latencies = [];
  const refusals = new Map();
  await Promise.all(
    members.map(async (auth, i) => {
      for (let n = 0; Date.now() < until; n++) {
        const started = performance.now();
        const res = await call(auth, i, n);
        latencies.push(performance.now() - started);
        if (res.code !== 0) refusals.set(res.code, (refusals.get(res.code) ?? 0) + 1);
      }
    }),
  );
  return { latencies, refusals };
}

/** Seconds of calls before the first measured turn (BENCH_WARM_UP_S, default 20). */
export const WARM_UP_S = Number(process.env.BENCH_WARM_UP_S ?? 20);

/**
 * The members' calls, WARM_UP_S seconds unmeasured first (a fresh server compiles its hot code for
 * the first tens of seconds under load: 5 s in, a fifth of the bet server's CPU was V8's optimizing
 * compiler, 50 s in none; measured then, it is not the server that runs for days), then `duration`
 * seconds measured: calls per second, p50 and p99 ms, refusals (by code), CPU ms per call of the
 * server process, of the PostgreSQL backends named `appName` (null: not measured) and of this
 * load generator, and the machine's idle share (machineIdle). With `slices`, the measured time is
 * cut in that many parts, each after `between(slice)` (a pgbench run: these machines' speed drifts
 * within a minute, and taking turns lays the drift on both alike) and an unmeasured second of its own.
 */
export async function measureCalls({ members, call, duration, serverPid, appName = null, slices = 1, between = null }) {
  const latencies = [];
  const refusals = new Map();
  const spent = { server: 0, postgres: 0, client: 0 };
  const idleSpans = [];
  await callUntil(members, call, Date.now() + WARM_UP_S * 1000);
  for (let slice = 0; slice < slices; slice++) {
    await between?.(slice);
    await callUntil(members, call, Date.now() + 1000);
    const backends = appName && backendsCpu(`application_name = '${appName}'`);
    backends?.start();
    const idle = machineIdle();
    const before = { server: cpuOf(serverPid), client: process.cpuUsage() };
    const part = await callUntil(members, call, Date.now() + (duration / slices) * 1000);
    const client = process.cpuUsage(before.client);
    idleSpans.push(idle());
    spent.server += cpuOf(serverPid) - before.server;
    spent.postgres += backends ? backends.stop() : 0;
    spent.client += (client.user + client.system) / 1e6;
    latencies.push(...part.latencies);
    for (const [code, count] of part.refusals) refusals.set(code, (refusals.get(code) ?? 0) + count);
  }
  const n = latencies.length;
  const cpuMs = {
    server: (spent.server * 1000) / n,
    postgres: appName ? (spent.postgres * 1000) / n : null,
    client: (spent.client * 1000) / n,
  };
  latencies.sort((a, b) => a - b);
  const failures = [...refusals.values()].reduce((a, b) => a + b, 0);
  return {
    tps: Math.round((n - failures) / duration),
    p50: percentile(latencies, 50).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
    failures,
    refusals,
    total: n,
    cpuMs,
    idle: idleShare(idleSpans),
  };
}

// Wallet: concurrent member-to-venue transfers (two-phase, /api/wallet/transfer) per second and p99,
// 32 members at once, on PGlite and on PostgreSQL; on PostgreSQL as a ratio to `pgbench -b
// simple-update` with 32 clients on a scratch database of the same server, run just before.
// Where the machine's time goes is measured too: CPU per transfer of the server process, of the
// PostgreSQL backends and of this load generator, and PostgreSQL's CPU per pgbench transaction.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PG_URL, WARM_UP_S, fundedMembers, machine, measureCalls, onFreshServer, pgbenchScratch, pgbenchSummary, postKeepAlive, today } from './lib.mjs';

/** Seconds measured per database, on PostgreSQL in SLICES turns with as many of pgbench. */
const DURATION = Number(process.env.BENCH_DURATION ?? 12);
const SLICES = Number(process.env.BENCH_SLICES ?? 3);
const CLIENTS = 32;
/** The server's connections are told apart from the other tenants' of the same PostgreSQL by this name. */
const APP_NAME = 'bench-wallet-transfer';

let seq = 0;
/** 32 members, each funded, each alternating transfers to PG (the demo's offered venue) and back, one request at a time. */
async function drive(base, serverPid, engine, between) {
  const members = await fundedMembers(base, CLIENTS, 'wb', 10_000);
  const call = (auth, i, n) =>
    postKeepAlive(
      base,
      '/api/wallet/transfer',
      { api_name: 'PG', amount: 1, transfer_out: n % 2 === 1 },
      { ...auth, 'idempotency-key': `bench-${i}-${seq++}-${Math.round(performance.now())}` },
    );
  const turns = engine === 'postgres' ? { appName: APP_NAME, slices: SLICES, between } : {};
  return measureCalls({ members, call, duration: DURATION, serverPid, ...turns });
}

async function measureEngine(engine, between) {
  const port = 18180 + (engine === 'pglite' ? 1 : 2);
  const env =
    engine === 'pglite'
      ? { PORT: String(port), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wallet-')), RUN_JOBS: 'off', WEB_DIST: '' }
      : {
          PORT: String(port),
          DATABASE_URL: PG_URL,
          DATABASE_SCHEMA: `bench_wallet_${Date.now()}`,
          RUN_JOBS: 'off',
          WEB_DIST: '',
          PG_POOL_MAX: '32',
          PGAPPNAME: APP_NAME,
        };
  return onFreshServer(env, (base, pid) => drive(base, pid, engine, between));
}

const load = os.loadavg()[0].toFixed(1);
const scratch = pgbenchScratch();
const turns = [];
const rows = [];
try {
  for (const engine of ['pglite', 'postgres']) {
    rows.push({ engine, ...(await measureEngine(engine, async () => turns.push(await scratch.run(CLIENTS, Math.round(DURATION / SLICES))))) });
  }
} finally {
  scratch.drop();
}
const base = pgbenchSummary(turns);

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
  ...rows.map(
    (r) => `| ${r.engine} | ${ms(r.cpuMs.server)} | ${r.cpuMs.postgres === null ? '(in the server)' : ms(r.cpuMs.postgres)} | ${ms(r.cpuMs.client)} |`,
  ),
  `| pgbench simple-update, per transaction | — | ${ms(base.postgresMs)} | — |`,
].join('\n');
const heading = `${today()}, ${machine()}, load average ${load} at the start, ${CLIENTS} members at once, ${DURATION} s each after ${WARM_UP_S} s of warm-up (on PostgreSQL in ${SLICES} turns with pgbench)`;
console.log(`\nWallet transfers (${heading})\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'wallet-transfer.md'), `${heading}\n\n${table}\n`);

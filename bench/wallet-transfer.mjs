// Wallet: concurrent member-to-venue transfers (two-phase, /api/wallet/transfer) per second and p99,
// 32 members at once, on PGlite and on PostgreSQL, and on PostgreSQL again with a hot spot (a tenth
// of the members making nine transfers in ten); on PostgreSQL as a ratio to `pgbench -b simple-update`
// with 32 clients on a scratch database of the same server, the two taking turns.
// Where the machine's time goes is measured too: CPU per transfer of the server process, of the
// PostgreSQL backends and of this load generator, and PostgreSQL's CPU per pgbench transaction.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  PG_URL,
  WARM_UP_S,
  fundedMembers,
  machine,
  measureCalls,
  onFreshServer,
  percent,
  pgbenchScratch,
  pgbenchSummary,
  today,
  transferOnce,
} from './lib.mjs';

/** Seconds measured per database, on PostgreSQL in SLICES turns with as many of pgbench. */
const DURATION = Number(process.env.BENCH_DURATION ?? 12);
const SLICES = Number(process.env.BENCH_SLICES ?? 3);
const CLIENTS = 32;
/** The server's connections are told apart from the other tenants' of the same PostgreSQL by this name. */
const APP_NAME = 'bench-wallet-transfer';

/**
 * 32 members at once, one request at a time each, alternating transfers to PG (the demo's offered
 * venue) and back. With `hot`, 320 members of whom a tenth make nine transfers in ten: each of the
 * 32 callers makes its tenth transfer as one of nine other members of its own, in turn.
 */
async function drive(base, serverPid, engine, hot, between) {
  const members = await fundedMembers(base, CLIENTS, 'wb', 10_000);
  const others = hot ? await fundedMembers(base, CLIENTS * 9, 'wc', 10_000) : [];
  const made = new Map();
  const call = (auth, i, n) => {
    const who = hot && n % 10 === 9 ? others[i * 9 + (Math.floor(n / 10) % 9)] : auth;
    const count = made.get(who) ?? 0;
    made.set(who, count + 1);
    return transferOnce(base, who, count % 2 === 1);
  };
  const turns = engine === 'postgres' ? { appName: APP_NAME, slices: SLICES, between } : {};
  return measureCalls({ members, call, duration: DURATION, serverPid, ...turns });
}

async function measureEngine(engine, hot, between) {
  const port = 18180 + (engine === 'pglite' ? 1 : hot ? 3 : 2);
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
  return onFreshServer(env, (base, pid) => drive(base, pid, engine, hot, between));
}

const load = os.loadavg()[0].toFixed(1);
const scratch = pgbenchScratch();
const rows = [];
try {
  for (const [engine, hot] of [
    ['pglite', false],
    ['postgres', false],
    ['postgres', true],
  ]) {
    const turns = [];
    const between = async () => turns.push(await scratch.run(CLIENTS, Math.round(DURATION / SLICES)));
    rows.push({ engine, hot, ...(await measureEngine(engine, hot, between)), turns });
  }
} finally {
  scratch.drop();
}
const base = pgbenchSummary(rows.flatMap((r) => r.turns));

const ms = (value) => value.toFixed(2);
const scenario = (r) => (r.hot ? `${r.engine}, a tenth of the members making nine in ten` : r.engine);
const table = [
  '| database | transfers/s | p50 ms | p99 ms | failed | pgbench simple-update tps | pgbench p99 ms | ratio |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => {
    if (r.engine === 'pglite') return `| pglite | ${r.tps} | ${r.p50} | ${r.p99} | ${r.failures}/${r.total} | — | — | — |`;
    const own = pgbenchSummary(r.turns);
    return `| ${scenario(r)} | ${r.tps} | ${r.p50} | ${r.p99} | ${r.failures}/${r.total} | ${own.tps} | ${own.p99} | ${(r.tps / own.tps).toFixed(3)} |`;
  }),
  '',
  '| CPU ms per transfer | server process | PostgreSQL | load generator | machine idle |',
  '|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${scenario(r)} | ${ms(r.cpuMs.server)} | ${r.cpuMs.postgres === null ? '(in the server)' : ms(r.cpuMs.postgres)} | ${ms(r.cpuMs.client)} | ${percent(r.idle)} |`,
  ),
  `| pgbench simple-update, per transaction | — | ${ms(base.postgresMs)} | — | ${percent(base.idle)} |`,
].join('\n');
const heading = `${today()}, ${machine()}, load average ${load} at the start, ${CLIENTS} members at once, ${DURATION} s each after ${WARM_UP_S} s of warm-up (on PostgreSQL in ${SLICES} turns with pgbench)`;
console.log(`\nWallet transfers (${heading})\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'wallet-transfer.md'), `${heading}\n\n${table}\n`);

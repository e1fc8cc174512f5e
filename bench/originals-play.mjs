// House originals: dice rounds per second and p50 / p99 with 32 members playing at once on
// PostgreSQL (target p99 under 50 ms), as a ratio to `pgbench -b simple-update` with 32 clients in
// the same run. Each round is the whole path: the Idempotency-Key claimed, the seed pair's nonce
// taken, the outcome computed, the stake and any payout posted to the ledger, the round recorded in
// the game records (with valid turnover), the key's answer stored. Ledger audit after the run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PG_URL, fundedMembers, machine, measureCalls, onFreshServer, pgbench, postKeepAlive, today } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CLIENTS = 32;
const APP_NAME = 'bench-originals';

let seq = 0;
async function drive(base, serverPid) {
  const members = await fundedMembers(base, CLIENTS, 'og', 10_000);
  const call = (auth, i) =>
    postKeepAlive(
      base,
      '/api/originals/dice/play',
      { amount: 1, target: 50.5, condition: 'over' },
      { ...auth, 'idempotency-key': `og-${i}-${seq++}-${Math.round(performance.now())}` },
    );
  return measureCalls({ members, call, duration: DURATION, serverPid, appName: APP_NAME });
}

const env = {
  PORT: '18197',
  DATABASE_URL: PG_URL,
  DATABASE_SCHEMA: `bench_originals_${Date.now()}`,
  RUN_JOBS: 'off',
  RATE_LIMITS: 'off',
  WEB_DIST: '',
  PG_POOL_MAX: '32',
  PGAPPNAME: APP_NAME,
};

const load = os.loadavg()[0].toFixed(1);
const base = await pgbench(CLIENTS, DURATION);
const r = await onFreshServer(env, drive);
const ms = (value) => value.toFixed(2);
const table = [
  '| rounds/s | p50 ms | p99 ms | failed | pgbench tps | ratio | CPU ms per round: server / PostgreSQL / load generator |',
  '|---|---|---|---|---|---|---|',
  `| ${r.tps} | ${r.p50} | ${r.p99} | ${r.failures}/${r.total} | ${base.tps} | ${(r.tps / base.tps).toFixed(3)} | ${ms(r.cpuMs.server)} / ${ms(r.cpuMs.postgres)} / ${ms(r.cpuMs.client)} |`,
].join('\n');
const heading = `${today()}, ${machine()}, load average ${load} at the start, PostgreSQL, ${CLIENTS} members playing dice at once, ${DURATION} s, ledger audit clean after`;
console.log(`\nOriginals rounds (${heading})\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'originals-play.md'), `${heading}\n\n${table}\n`);

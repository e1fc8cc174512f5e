// Transfers after a lull: 32 members' first calls once the server has been quiet a while, on
// PGlite and on PostgreSQL. A lull lets what is kept warm lapse: cached sessions (10 s), the
// pool's idle connections (a minute), the "seen" notes (due every minute). Each member then makes
// ten transfers one after another, all 32 at once, as after the warm-up with no lull at all.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PG_URL, WARM_UP_S, fundedMembers, machine, onFreshServer, percentile, today, transferOnce } from './lib.mjs';

const CLIENTS = 32;
const CALLS = 10;
/** Seconds of quiet before each burst, in turn (0: straight after the warm-up). */
const LULLS_S = (process.env.BENCH_LULLS_S ?? '0,15,15,61').split(',').map(Number);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every member making `calls` transfers one after another, all at once: their first calls' and all calls' times, sorted. */
async function burst(base, members, made, calls) {
  const first = [];
  const all = [];
  let failures = 0;
  await Promise.all(
    members.map(async (who, i) => {
      for (let k = 0; k < calls; k++) {
        const count = made[i]++;
        const started = performance.now();
        const res = await transferOnce(base, who, count % 2 === 1);
        const ms = performance.now() - started;
        if (res.code !== 0) failures++;
        all.push(ms);
        if (k === 0) first.push(ms);
      }
    }),
  );
  const sorted = (a) => a.sort((x, y) => x - y);
  return { first: sorted(first), all: sorted(all), failures };
}

async function drive(base) {
  const members = await fundedMembers(base, CLIENTS, 'wl', 1_000);
  const made = members.map(() => 0);
  for (const until = Date.now() + WARM_UP_S * 1000; Date.now() < until;) await burst(base, members, made, 5);
  const rows = [];
  for (const lull of LULLS_S) {
    await sleep(lull * 1000);
    rows.push({ lull, ...(await burst(base, members, made, CALLS)) });
  }
  return rows;
}

const rows = [];
for (const engine of ['pglite', 'postgres']) {
  const port = engine === 'pglite' ? 18187 : 18188;
  const env =
    engine === 'pglite'
      ? { PORT: String(port), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lull-')), RUN_JOBS: 'off', WEB_DIST: '' }
      : { PORT: String(port), DATABASE_URL: PG_URL, DATABASE_SCHEMA: `bench_lull_${Date.now()}`, RUN_JOBS: 'off', WEB_DIST: '', PG_POOL_MAX: '32' };
  for (const row of await onFreshServer(env, drive)) rows.push({ engine, ...row });
}

const ms = (value) => value.toFixed(1);
const table = [
  '| database | quiet before, s | first calls: median / slowest ms | all calls: p50 / p99 ms | failed |',
  '|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.engine} | ${r.lull} | ${ms(percentile(r.first, 50))} / ${ms(r.first.at(-1))} | ${ms(percentile(r.all, 50))} / ${ms(percentile(r.all, 99))} | ${r.failures}/${r.all.length} |`,
  ),
].join('\n');
const heading = `${today()}, ${machine()}, ${CLIENTS} members making ${CALLS} transfers each after each quiet spell, ${WARM_UP_S} s of warm-up`;
console.log(`\nTransfers after a lull (${heading})\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'transfer-after-lull.md'), `${heading}\n\n${table}\n`);

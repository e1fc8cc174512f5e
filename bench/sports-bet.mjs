// Sportsbook: bet placements (/api/sports/bet/place) per second and p99 on PostgreSQL, 32 members
// at once, as a ratio to `pgbench -b simple-update` with 32 clients on a scratch database of the
// same server, the two taking turns (BENCH_SLICES of each, default 3). Where the machine's time goes
// is measured too: CPU per bet of the server process, of its PostgreSQL backends and of this load
// generator, and PostgreSQL's CPU per pgbench transaction. Bounded: BENCH_DURATION seconds (default
// 12) of each, after 20 s of unmeasured warm-up (BENCH_WARM_UP_S) and every turn after one more second.
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
  post,
  postKeepAlive,
  today,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 12);
const SLICES = Number(process.env.BENCH_SLICES ?? 3);
const CLIENTS = 32;
/** The server's connections are told apart from the other tenants' of the same PostgreSQL by this name. */
const APP_NAME = 'bench-sports-bet';

/** The main-line selections of matches starting later than the run lasts (pre-match: no in-play delay). */
async function selections(base) {
  const board = await post(`${base}/api/sports/list`, { page: 1, size: 200, live: false });
  const later = board.data.list.filter((m) => m.startAt > Date.now() + 10 * 60_000);
  const out = later.flatMap((m) =>
    m.mainMarkets.flatMap((mk) => mk.selections.filter((s) => s.status === 'open').map((s) => ({ selectionId: s.selectionId, odds: s.odds }))),
  );
  if (out.length < 20) throw new Error(`only ${out.length} selections to bet on`);
  return out;
}

let seq = 0;
/**
 * 32 members, each funded, each placing a single of 10.00 after another, spread over the board;
 * with `hot`, every tenth bet on one selection of one match (a hot spot: its market's lock).
 */
async function drive(base, serverPid, hot, between) {
  const pool = await selections(base);
  const members = await fundedMembers(base, CLIENTS, 'sb', 200_000);
  const call = (auth, i) => {
    const n = seq++;
    const selection = hot && n % 10 === 0 ? pool[0] : pool[(n * 7 + i) % pool.length];
    const body = { type: 'single', stake: 10, selections: [selection], acceptOddsChange: true };
    return postKeepAlive(base, '/api/sports/bet/place', body, { ...auth, 'idempotency-key': `bench-${i}-${n}` });
  };
  return measureCalls({ members, call, duration: DURATION, serverPid, appName: APP_NAME, slices: SLICES, between });
}

const load = os.loadavg()[0].toFixed(1);
const env = (hot) => ({
  PORT: String(hot ? 18191 : 18190),
  DATABASE_URL: PG_URL,
  DATABASE_SCHEMA: `bench_sports_${Date.now()}`,
  RUN_JOBS: 'off',
  WEB_DIST: '',
  PG_POOL_MAX: '32',
  PGAPPNAME: APP_NAME,
});
const scratch = pgbenchScratch();
const runs = [];
try {
  for (const hot of [false, true]) {
    const turns = [];
    const between = async () => turns.push(await scratch.run(CLIENTS, Math.round(DURATION / SLICES)));
    runs.push({ hot, ...(await onFreshServer(env(hot), (b, pid) => drive(b, pid, hot, between))), turns, base: pgbenchSummary(turns) });
  }
} finally {
  scratch.drop();
}
const base = pgbenchSummary(runs.flatMap((r) => r.turns));
const ms = (value) => value.toFixed(2);
const spread = (r) => (r.hot ? 'a tenth on one selection' : 'spread over the board');
const table = [
  '| bets | bets/s | p50 ms | p99 ms | refused | pgbench simple-update tps | pgbench p99 ms | ratio |',
  '|---|---|---|---|---|---|---|---|',
  ...runs.map(
    (r) => `| ${spread(r)} | ${r.tps} | ${r.p50} | ${r.p99} | ${r.failures}/${r.total} | ${r.base.tps} | ${r.base.p99} | ${(r.tps / r.base.tps).toFixed(3)} |`,
  ),
  '',
  '| CPU ms per bet | server process | PostgreSQL | load generator | machine idle |',
  '|---|---|---|---|---|',
  ...runs.map((r) => `| ${spread(r)} | ${ms(r.cpuMs.server)} | ${ms(r.cpuMs.postgres)} | ${ms(r.cpuMs.client)} | ${percent(r.idle)} |`),
  `| pgbench simple-update, per transaction | — | ${ms(base.postgresMs)} | — | ${percent(base.idle)} |`,
].join('\n');
for (const r of runs) if (r.failures) console.log('refusals by code:', Object.fromEntries(r.refusals));
const heading = `${today()}, ${machine()}, load average ${load} at the start, ${CLIENTS} members at once, ${DURATION} s each in ${SLICES} turns with pgbench after ${WARM_UP_S} s of warm-up`;
console.log(`\nSports bet placement on PostgreSQL (${heading})\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'sports-bet.md'), `${heading}\n\n${table}\n`);

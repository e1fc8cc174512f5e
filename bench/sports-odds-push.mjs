// Sportsbook: how long a feed change takes to reach 2,000 WebSocket clients subscribed to one match
// (target p99 under 50 ms). The server runs in a child process on PostgreSQL and Redis with its jobs
// on and FEED_SPEED=60, so a live football match changes price and score every tick; each frame
// carries `at`, the server time the feed's change began to be applied (before its transaction), and
// each client takes its receipt time at once. Bounded: BENCH_DURATION seconds (default 8).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { PG_URL, cpuOf, machine, percentile, post, psql, startProcess, stopProcess, today } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 2000);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A live football match that stays in play (not at half-time, not finished) through the run. */
async function liveMatch(base) {
  // Feed seconds the run lasts, with a margin: FEED_SPEED=60 plays a minute a second.
  const span = (DURATION + 5) * 60;
  for (let i = 0; i < 300; i++) {
    const live = await post(`${base}/api/sports/live/list`, { sport: 'football' });
    const early = live.data.list
      .filter((m) => (m.period === '1H' && m.clock + span < 2700) || (m.period === '2H' && m.clock + span < 5400))
      .sort((a, b) => a.clock - b.clock);
    if (early.length) return early[0].matchId;
    await sleep(200);
  }
  throw new Error('no live football match');
}

// The 2,000 clients share one process and the two cores with the server: each reads only the head
// of a frame, as bytes (`{"ch":..,"type":"<type>","data":{"matchId":..,"at":<ms>,...`), with no
// string, regex or object made per message, so the figure times the push rather than the clients.
const PUSHED = ['odds.changed', 'match.score', 'match.status'].map((t) => Buffer.from(`"type":"${t}"`));
const SUB_OK = Buffer.from('"type":"sub.ok"');
const AT = Buffer.from('"at":');
const HEAD = 120;

/** Where `pattern` starts within the first HEAD bytes of `raw`, or -1. */
const headIndex = (raw, pattern) => {
  const i = raw.indexOf(pattern);
  return i >= 0 && i < HEAD ? i : -1;
};

/** Which of PUSHED the frame is (its index), or -1. */
function pushedType(raw) {
  for (let k = 0; k < PUSHED.length; k++) if (headIndex(raw, PUSHED[k]) >= 0) return k;
  return -1;
}

/** The number written at `from` in `raw` (digits only). */
function digitsAt(raw, from) {
  let n = 0;
  for (let i = from; i < raw.length && raw[i] >= 48 && raw[i] <= 57; i++) n = n * 10 + raw[i] - 48;
  return n;
}

/** Receipts of the measured window: latency per delivery, and per frame its first and last client. */
function receipts() {
  return {
    from: Infinity,
    to: -Infinity,
    latencies: new Float64Array(CLIENTS * DURATION * 40),
    count: 0,
    frames: new Map(),
    note(type, at, latency) {
      if (at < this.from || at > this.to) return;
      this.latencies[this.count++] = latency;
      const key = at * PUSHED.length + type;
      const f = this.frames.get(key);
      if (!f) this.frames.set(key, { first: latency, last: latency });
      else if (latency < f.first) f.first = latency;
      else if (latency > f.last) f.last = latency;
    },
  };
}

/** Opens `CLIENTS` sockets in batches, each subscribed to `ch`; receipts are timed as frames arrive. */
async function subscribe(wsUrl, ch, seen) {
  const sockets = [];
  const ready = [];
  for (let i = 0; i < CLIENTS; i++) {
    const ws = new WebSocket(wsUrl, { perMessageDeflate: false });
    ready.push(
      new Promise((resolve, reject) => {
        ws.once('error', reject);
        ws.on('open', () => ws.send(JSON.stringify({ type: 'sub', ch })));
        ws.on('message', (raw) => {
          const received = Date.now();
          const type = pushedType(raw);
          if (type < 0) return headIndex(raw, SUB_OK) >= 0 && resolve();
          const i = headIndex(raw, AT);
          const at = i < 0 ? 0 : digitsAt(raw, i + AT.length);
          if (at) seen.note(type, at, received - at);
        });
      }),
    );
    sockets.push(ws);
    if (i % 100 === 99) await Promise.all(ready.slice(i - 99, i + 1));
  }
  await Promise.all(ready);
  return sockets;
}

const load = os.loadavg()[0].toFixed(1);
const schema = `bench_sports_push_${Date.now()}`;
const port = 18191;
const base = `http://127.0.0.1:${port}`;
const server = await startProcess(
  'apps/server/src/main.ts',
  { PORT: String(port), DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, REDIS_URL, REDIS_PREFIX: `${schema}:`, FEED_SPEED: '60', WEB_DIST: '' },
  `${base}/api/health`,
);
let sockets = [];
const seen = receipts();
const cpu = {};
try {
  const matchId = await liveMatch(base);
  sockets = await subscribe(`ws://127.0.0.1:${port}/ws`, `match:${matchId}`, seen);
  // Frames changed within the window count, each until its last client has it.
  seen.from = Date.now();
  seen.to = seen.from + DURATION * 1000;
  const before = { server: cpuOf(server.pid), clients: process.cpuUsage() };
  await sleep(DURATION * 1000 + 2000);
  const clients = process.cpuUsage(before.clients);
  Object.assign(cpu, { server: cpuOf(server.pid) - before.server, clients: (clients.user + clients.system) / 1e6 });
} finally {
  for (const ws of sockets) ws.terminate();
  await stopProcess(server);
  psql(`SET client_min_messages = warning; DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}
const latencies = seen.latencies.slice(0, seen.count).sort();
const expected = seen.frames.size * CLIENTS;
// Per frame: when its first client had it (the change applied and published) and how long the
// fan-out to the last client took.
const firsts = [...seen.frames.values()].map((f) => f.first).sort((a, b) => a - b);
const spreads = [...seen.frames.values()].map((f) => f.last - f.first).sort((a, b) => a - b);
const perDelivery = (seconds) => ((seconds * 1e6) / seen.count).toFixed(1);
const table = [
  '| clients | frames pushed | delivered | p50 ms | p99 ms | max ms | first client p50 / p99 ms | fan-out to all p50 / p99 ms | CPU µs per delivery: server / clients |',
  '|---|---|---|---|---|---|---|---|---|',
  `| ${CLIENTS} | ${seen.frames.size} | ${((seen.count / expected) * 100).toFixed(1)}% | ${percentile(latencies, 50)} | ${percentile(latencies, 99)} | ${latencies.at(-1)} | ${percentile(firsts, 50)} / ${percentile(firsts, 99)} | ${percentile(spreads, 50)} / ${percentile(spreads, 99)} | ${perDelivery(cpu.server)} / ${perDelivery(cpu.clients)} |`,
].join('\n');
const heading = `${today()}, ${machine()}, load average ${load} at the start, PostgreSQL + Redis, FEED_SPEED=60, ${DURATION} s`;
console.log(`\nSports odds push to one match (${heading})\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'sports-odds-push.md'), `${heading}\n\n${table}\n`);

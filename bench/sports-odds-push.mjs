// Sportsbook: how long a feed change takes to reach 2,000 WebSocket clients subscribed to one match
// (target p99 under 50 ms). The server runs in a child process on PostgreSQL and Redis with its jobs
// on and FEED_SPEED=60, so a live football match changes price and score every tick; each frame
// carries `at`, the server time the feed's change began to be applied (before its transaction), and
// each client takes its receipt time at once. Bounded: BENCH_DURATION seconds (default 8).
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import WebSocket from 'ws';
import { PG_URL, machine, post, startProcess, stopProcess, today } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 2000);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PUSHED = new Set(['odds.changed', 'match.score', 'match.status']);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** A live football match early enough to stay live through the run. */
async function liveMatch(base) {
  for (let i = 0; i < 300; i++) {
    const live = await post(`${base}/api/sports/live/list`, { sport: 'football' });
    const early = live.data.list.filter((m) => m.period === '1H' || (m.period === '2H' && m.clock < 3600)).sort((a, b) => a.clock - b.clock);
    if (early.length) return early[0].matchId;
    await sleep(200);
  }
  throw new Error('no live football match');
}

/** Opens `CLIENTS` sockets in batches, each subscribed to `ch`; receipts are timed as frames arrive. */
async function subscribe(wsUrl, ch, latencies, frames) {
  const sockets = [];
  const ready = [];
  for (let i = 0; i < CLIENTS; i++) {
    const ws = new WebSocket(wsUrl);
    ready.push(
      new Promise((resolve, reject) => {
        ws.once('error', reject);
        ws.on('open', () => ws.send(JSON.stringify({ type: 'sub', ch })));
        ws.on('message', (raw) => {
          const received = Date.now();
          // The head of the frame only (type, matchId, at): parsing all of it in 2,000 clients
          // sharing one process would time the clients, not the push.
          const text = raw.toString('utf8', 0, 120);
          if (text.includes('"sub.ok"')) return resolve();
          const type = /"type":"([^"]+)"/.exec(text)?.[1];
          const at = Number(/"at":(\d+)/.exec(text)?.[1]);
          // Frames changed within the window count, each until its last client has it.
          if (!PUSHED.has(type) || !at || !(at >= latencies.from && at <= latencies.to)) return;
          const key = `${type}@${at}`;
          latencies.push(received - at);
          const f = frames.get(key) ?? { first: Infinity, last: 0 };
          frames.set(key, { first: Math.min(f.first, received - at), last: Math.max(f.last, received - at) });
        });
      }),
    );
    sockets.push(ws);
    if (i % 100 === 99) await Promise.all(ready.slice(i - 99, i + 1));
  }
  await Promise.all(ready);
  return sockets;
}

const schema = `bench_sports_push_${Date.now()}`;
const port = 18191;
const base = `http://127.0.0.1:${port}`;
const server = await startProcess(
  'apps/server/src/main.ts',
  { PORT: String(port), DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, REDIS_URL, REDIS_PREFIX: `${schema}:`, FEED_SPEED: '60', WEB_DIST: '' },
  `${base}/api/health`,
);
let sockets = [];
const latencies = [];
const frames = new Map();
let matchId;
try {
  matchId = await liveMatch(base);
  sockets = await subscribe(`ws://127.0.0.1:${port}/ws`, `match:${matchId}`, latencies, frames);
  latencies.from = Date.now();
  latencies.to = latencies.from + DURATION * 1000;
  await sleep(DURATION * 1000 + 2000);
} finally {
  for (const ws of sockets) ws.terminate();
  await stopProcess(server);
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}
latencies.sort((a, b) => a - b);
const expected = frames.size * CLIENTS;
// Per frame: when its first client had it (the change applied and published) and how long the
// fan-out to the last client took.
const firsts = [...frames.values()].map((f) => f.first).sort((a, b) => a - b);
const spreads = [...frames.values()].map((f) => f.last - f.first).sort((a, b) => a - b);
const table = [
  '| clients | frames pushed | delivered | p50 ms | p99 ms | max ms | first client p50 / p99 ms | fan-out to all p50 / p99 ms |',
  '|---|---|---|---|---|---|---|---|',
  `| ${CLIENTS} | ${frames.size} | ${((latencies.length / expected) * 100).toFixed(1)}% | ${percentile(latencies, 50)} | ${percentile(latencies, 99)} | ${latencies.at(-1)} | ${percentile(firsts, 50)} / ${percentile(firsts, 99)} | ${percentile(spreads, 50)} / ${percentile(spreads, 99)} |`,
].join('\n');
console.log(`\nSports odds push to one match (${today()}, ${machine()}, PostgreSQL + Redis, FEED_SPEED=60, ${DURATION} s)\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'sports-odds-push.md'), `${today()} · ${machine()}\n\n${table}\n`);

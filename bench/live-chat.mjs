// Live chat fan-out: 2,000 WebSocket listeners in one room (in a process of their own), 20 members
// sending 100 messages a second together for BENCH_DURATION seconds (default 20) through the whole
// path (HTTP send, checks, the message stored with its sequence, the bus, the gateway), against a
// bare `ws` server broadcasting the same frames in the same run. Three setups: one instance on
// PostgreSQL with the in-process bus; two instances on PostgreSQL sharing the room through Redis
// (listeners and senders split between them); the bare broadcaster, one frame per message (the
// yardstick, as before batching); the bare broadcaster batching as the gateway does (one frame per
// tick). The servers batch a room's messages per BENCH_BATCH_MS (30, the server's default) ms tick (SOCKET_BATCH_MS).
// Per setup: deliveries (messages received) per second, frames per socket, p50/p99/max
// send→delivery, lost and duplicated deliveries. Target: a ratio of at least 1.0 to the bare
// broadcast, p99 under 100 ms, 0 lost, 0 duplicated.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PG_URL, cpuOf, machine, percentile, post, postKeepAlive, psql, startProcess, stopProcess, today } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 2000);
const SENDERS = 20;
const RATE = 100; // messages a second, all senders together
/** The first of three ports (one instance, the second instance, the bare server); BENCH_PORT moves them off another run's. */
const PORT = Number(process.env.BENCH_PORT ?? 18196);
const [A, B, BARE] = [PORT, PORT + 1, PORT + 2];
const url = (port) => `http://127.0.0.1:${port}`;
const wsUrl = (port) => `ws://127.0.0.1:${port}/ws`;
const BATCH_MS = Number(process.env.BENCH_BATCH_MS ?? 30);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAX_MESSAGES = RATE * DURATION + 100;
const schema = `bench_live_chat_${Date.now()}`;

const serverEnv = (port, redis) => ({
  PORT: String(port),
  DATABASE_URL: PG_URL,
  DATABASE_SCHEMA: schema,
  RUN_JOBS: 'off',
  WEB_DIST: '',
  SOCKET_BATCH_MS: String(BATCH_MS),
  ...(redis ? { REDIS_URL, REDIS_PREFIX: `${schema}:` } : {}),
});

const startServer = (port, redis) => startProcess('apps/server/src/main.ts', serverEnv(port, redis), `${url(port)}/api/health`);

/** Senders that may post 100 a second together: the site's pace for members raised for the run. */
async function prepare() {
  const server = await startServer(A, false);
  const base = url(A);
  try {
    const anchors = (await post(`${base}/api/live/anchor/list`, { page: 1, size: 200 })).data.list;
    const room = anchors.find((a) => a.anchorType === 2)?.chatRoomNo ?? anchors[0].chatRoomNo;
    const senders = [];
    for (let i = 0; i < SENDERS; i++) {
      const reg = await post(`${base}/api/member/register/v4`, { name: `lc${Date.now().toString(36)}${i}`.slice(0, 16), password: 'bench1234' });
      if (reg.code !== 0) throw new Error(`register failed: ${JSON.stringify(reg)}`);
      senders.push({ authorization: `Bearer ${reg.data.token}` });
    }
    psql(`INSERT INTO "${schema}".site_config (site_id, key_code, value) VALUES (1, 'live_chat_send_rate', '1000/10')`);
    return { room, senders };
  } finally {
    await stopProcess(server);
  }
}

/** The listeners' process, its sockets open and subscribed. */
async function listeners(urls, room) {
  const child = fork(path.join(import.meta.dirname, '_chat-clients.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise((resolve) => child.once('message', resolve));
  child.send({ cmd: 'open', urls, clients: CLIENTS, ch: `chat:${room}`, maxMessages: MAX_MESSAGES });
  await ready;
  return child;
}

/**
 * Each sender posts every SENDERS/RATE seconds, staggered, on the clock and not after the previous
 * answer (an open loop: a slow answer does not lower the rate offered); a message's content is
 * `b<k>:<sentAt>`, its clientMsgId new in each setup (a repeated one would answer the first post and
 * publish nothing).
 */
async function send(bases, room, senders, phase) {
  const acked = [];
  const answered = []; // ms from post to answer
  const refused = new Map();
  const posts = [];
  let k = 0;
  const every = (SENDERS / RATE) * 1000;
  const start = Date.now();
  const until = start + DURATION * 1000;
  const post = async (auth, base, mine) => {
    const at = Date.now();
    const body = { chatRoomNo: room, content: `b${mine}:${Date.now()}`, clientMsgId: `${phase}-${mine}` };
    // A post that fails on the wire (a reset connection) counts as refused, by its error code.
    const res = await postKeepAlive(base, '/api/member/chat/send', body, auth).catch((err) => {
      if (!refused.has(err.code)) console.error(`[live-chat] ${base}: ${err.message}`);
      return { code: err.code };
    });
    answered.push(Date.now() - at);
    if (res.code === 0) acked.push(mine);
    else refused.set(res.code, (refused.get(res.code) ?? 0) + 1);
  };
  await Promise.all(
    senders.map(async (auth, i) => {
      for (let n = 0; ; n++) {
        const at = start + (every / SENDERS) * i + every * n;
        if (at >= until) break;
        if (at > Date.now()) await sleep(at - Date.now());
        posts.push(post(auth, bases[i % bases.length], k++));
      }
    }),
  );
  await Promise.all(posts);
  return { acked, refused, start, answered: answered.sort((a, b) => a - b) };
}

/** One setup: listeners on `wsUrls`, senders to `bases`; answers the figures. */
async function measure(name, bases, wsUrls, room, senders, pids) {
  const child = await listeners(wsUrls, room);
  const before = pids.map(cpuOf);
  const sent = await send(bases, room, senders, name.split(' ')[0]);
  await sleep(2000); // the last messages' deliveries
  const cpu = pids.map((pid, i) => cpuOf(pid) - before[i]).reduce((a, b) => a + b, 0);
  const report = new Promise((resolve) => child.once('message', resolve));
  child.send({ cmd: 'report', acked: sent.acked });
  const r = await report;
  const span = (r.lastAt - sent.start) / 1000;
  return {
    name,
    ...r,
    sent: sent.acked.length,
    refused: [...sent.refused].map(([code, n]) => `${code}×${n}`).join(' ') || '0',
    perSecond: Math.round(r.delivered / span),
    answerP50: percentile(sent.answered, 50),
    answerP99: percentile(sent.answered, 99),
    cpu,
  };
}

/** A message of the room as the platform sends it: the bare server's template. */
async function template(base, room) {
  const list = (await post(`${base}/api/live/chat/history`, { chatRoomNo: room, size: 1 })).data.list;
  return { ch: `chat:${room}`, data: list.at(-1) };
}

const load = os.loadavg()[0].toFixed(1);
const rows = [];
const { room, senders } = await prepare();
let sample;
try {
  // One instance, the in-process bus.
  let one = await startServer(A, false);
  try {
    rows.push(await measure('one instance, in-process bus', [url(A)], [wsUrl(A)], room, senders, [one.pid]));
    sample = await template(url(A), room);
  } finally {
    await stopProcess(one);
  }
  // Two instances sharing the room through Redis.
  const [a, b] = [await startServer(A, true), await startServer(B, true)];
  try {
    rows.push(await measure('two instances, Redis', [url(A), url(B)], [wsUrl(A), wsUrl(B)], room, senders, [a.pid, b.pid]));
  } finally {
    await Promise.all([stopProcess(a), stopProcess(b)]);
  }
  // The bare broadcast of the same messages: one frame each (the yardstick), then batched per tick.
  for (const [name, batchMs] of [
    ['bare ws broadcast, per message', 0],
    [`bare ws broadcast, batched per ${BATCH_MS} ms`, BATCH_MS],
  ]) {
    const env = { PORT: String(BARE), BARE_TEMPLATE: JSON.stringify(sample), BARE_BATCH_MS: String(batchMs) };
    const bare = await startProcess(path.join('bench', '_chat-bare.mjs'), env, `${url(BARE)}/`);
    try {
      rows.push(await measure(name, [url(BARE)], [wsUrl(BARE)], room, senders, [bare.pid]));
    } finally {
      await stopProcess(bare);
    }
  }
} finally {
  psql(`SET client_min_messages = warning; DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}

const [bareRate, bareBatchedRate] = rows.slice(-2).map((r) => r.perSecond);
const table = [
  '| setup | messages sent | frames per socket | deliveries/s | ratio to bare per message | ratio to bare batched | p50 ms | p99 ms | max ms | lost | duplicated | refused sends | send answered p50 / p99 ms | server CPU s |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.sent} | ${Math.round(r.frames / CLIENTS)} | ${r.perSecond} | ${(r.perSecond / bareRate).toFixed(2)} | ${(r.perSecond / bareBatchedRate).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.lost} | ${r.duplicated} | ${r.refused} | ${r.answerP50} / ${r.answerP99} | ${r.cpu.toFixed(1)} |`,
  ),
].join('\n');
const heading = `${today()}, ${machine()}, load average ${load} at the start, ${CLIENTS} listeners, ${SENDERS} senders at ${RATE} messages/s for ${DURATION} s, PostgreSQL, batches of ${BATCH_MS} ms`;
console.log(`\nLive chat fan-out (${heading})\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'live-chat.md'), `${heading}\n\n${table}\n`);

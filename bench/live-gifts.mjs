// Live: gifts per second and p99 with 32 members sending gifts at once to anchors on PostgreSQL
// (target p99 under 50 ms), beside `pgbench -b simple-update` with 32 clients in the same run. Each
// member buys gold coins first, then sends one gift after another (a fresh Idempotency-Key each): a
// ledger transfer of gold from the member to the anchor, the giftPush posted in the room and
// published. Two runs: every member giving to one anchor (the hot row), and the members spread over
// every anchor on air. The ledger audit runs after each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PG_URL, fundedMembers, machine, measureCalls, onFreshServer, pgbench, post, postKeepAlive, today } from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CLIENTS = 32;
const APP_NAME = 'bench-live-gifts';

/** The demo's anchor rooms (a gift is given whether the anchor is on air or not) and the cheapest gift. */
async function stage(base) {
  const anchors = (await post(`${base}/api/live/anchor/list`, { page: 1, size: 200 })).data.list;
  const rooms = [...new Set(anchors.map((a) => a.chatRoomNo))];
  const gifts = (await post(`${base}/api/live/gift/list`, {})).data.list.filter((g) => String(g.status) === '1');
  const gift = gifts.sort((a, b) => a.giftPrice - b.giftPrice)[0];
  if (!rooms.length || !gift) throw new Error('no anchor room or no gift');
  return { rooms, gift };
}

let seq = 0;
async function drive(base, serverPid, spread) {
  const members = await fundedMembers(base, CLIENTS, spread ? 'gs' : 'gh', 10_000);
  for (const [i, auth] of members.entries()) {
    const bought = await post(`${base}/api/member/gold/buy`, { amount: 5000 }, { ...auth, 'idempotency-key': `gold-${i}-${Date.now()}` });
    if (bought.code !== 0) throw new Error(`gold/buy failed: ${JSON.stringify(bought)}`);
  }
  const { rooms, gift } = await stage(base);
  const call = (auth, i) =>
    postKeepAlive(
      base,
      '/api/member/gift/send',
      { chatRoomNo: spread ? rooms[i % rooms.length] : rooms[0], giftId: gift.giftId, count: 1 },
      { ...auth, 'idempotency-key': `gift-${i}-${seq++}-${Math.round(performance.now())}` },
    );
  return { ...(await measureCalls({ members, call, duration: DURATION, serverPid, appName: APP_NAME })), rooms: spread ? rooms.length : 1 };
}

function measure(spread) {
  const env = {
    PORT: '18195',
    DATABASE_URL: PG_URL,
    DATABASE_SCHEMA: `bench_gifts_${Date.now()}`,
    RUN_JOBS: 'off',
    WEB_DIST: '',
    PG_POOL_MAX: '32',
    PGAPPNAME: APP_NAME,
  };
  return onFreshServer(env, (base, pid) => drive(base, pid, spread));
}

const load = os.loadavg()[0].toFixed(1);
const base = await pgbench(CLIENTS, DURATION);
const rows = [await measure(false), await measure(true)];
const ms = (value) => value.toFixed(2);
const table = [
  '| anchors given to | gifts/s | p50 ms | p99 ms | failed | pgbench tps | ratio | CPU ms per gift: server / PostgreSQL / load generator |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.rooms} | ${r.tps} | ${r.p50} | ${r.p99} | ${r.failures}/${r.total} | ${base.tps} | ${(r.tps / base.tps).toFixed(3)} | ${ms(r.cpuMs.server)} / ${ms(r.cpuMs.postgres)} / ${ms(r.cpuMs.client)} |`,
  ),
].join('\n');
const heading = `${today()}, ${machine()}, load average ${load} at the start, PostgreSQL, ${CLIENTS} members at once, ${DURATION} s each, ledger audit clean after each`;
console.log(`\nLive gifts (${heading})\n${table}`);
fs.mkdirSync(path.join(import.meta.dirname, '.out'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, '.out', 'live-gifts.md'), `${heading}\n\n${table}\n`);

// Stream start: the first decoded, non-black frame of a demo room's live stream in Chromium, by HLS
// (hls.js) and by HTTP-FLV (mpegts.js), through the site's own player (e2e/stream-page) on a real
// server. Each start is a fresh phone (empty cache) opening the player page. Target: under 2 s each.
// Exits non-zero when a median misses it.
import fs from 'node:fs';
import path from 'node:path';
import { machine, percentile, root, today } from './lib.mjs';
import { demoRoom } from '../apps/server/src/modules/live/testing.ts';
import { firstRealFrame, startPlayerSite, streamAskedAt } from '../e2e/stream-page.ts';

const STARTS = Number(process.env.STREAM_STARTS ?? 7);
const TARGET_MS = 2_000;

const site = await startPlayerSite();
const rows = [];
const failures = [];
try {
  const room = (await demoRoom(site.server, '糖糖')).anchorRoomId;
  for (const prefer of ['hls', 'flv']) {
    const fromOpen = [];
    const fromRequest = [];
    for (let i = 0; i < STARTS; i++) {
      const page = await site.open({ room, prefer });
      const logs = [];
      page.on('console', (m) => logs.push(m.text()));
      const frame = await firstRealFrame(page).catch((err) => {
        failures.push(`${prefer} #${i + 1}: ${err.message.split('\n')[0]} ${logs.slice(-3).join(' | ')}`);
        return null;
      });
      if (!frame) {
        await page.context().close();
        continue;
      }
      const { atMs } = frame;
      // From when the player first asked for the stream (after the page, the video call and the engine's code).
      const origin = await page.evaluate(() => performance.timeOrigin);
      fromOpen.push(atMs);
      fromRequest.push(origin + atMs - (streamAskedAt(page) ?? origin));
      await page.context().close();
    }
    const sorted = (list) => [...list].sort((a, b) => a - b);
    rows.push({ prefer, open: sorted(fromOpen), request: sorted(fromRequest) });
  }
} finally {
  await site.close();
}

const ms = (n) => `${Math.round(n)}`;
const median = (list) => percentile(list, 50);
const table = [
  `Stream start, ${today()}, ${machine()}, Chromium ${site.browser.version?.() ?? ''}, ${STARTS} starts each`,
  '',
  '| stream | first frame from page open: median (min-max) ms | from the stream request: median (min-max) ms | target |',
  '|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.prefer === 'hls' ? 'HLS (hls.js)' : 'HTTP-FLV (mpegts.js)'} | **${ms(median(r.open))}** (${ms(r.open[0])}-${ms(r.open.at(-1))}) | ${ms(median(r.request))} (${ms(r.request[0])}-${ms(r.request.at(-1))}) | under ${TARGET_MS} |`,
  ),
  ...(failures.length ? ['', `Starts without a picture in 20 s: ${failures.length}`, ...failures.map((f) => `- ${f}`)] : []),
].join('\n');
console.log(table);
fs.mkdirSync(path.join(root, 'bench/.out'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/.out/stream-start.md'), `${table}\n`);
if (failures.length || rows.some((r) => median(r.open) >= TARGET_MS)) {
  console.error(`over target: a median first frame is ${TARGET_MS} ms or more`);
  process.exit(1);
}

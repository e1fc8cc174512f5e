// The first load of /app/home: the compressed JavaScript a phone fetches, measured in Chromium.
// Budget (issue "The site shell"): under 250 KB over the wire. Exits non-zero over the budget.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { machine, root, startProcess, stopProcess, today } from './lib.mjs';

const BUDGET = 250 * 1024;
const port = 20_000 + Math.floor(Math.random() * 20_000);
const url = `http://127.0.0.1:${port}`;
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// The site as `npm start` serves it: a production build, precompressed.
execFileSync(process.execPath, [path.join(root, 'scripts/build-web-if-needed.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-web-size-'));
const server = await startProcess(
  'apps/server/src/main.ts',
  { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', RUN_JOBS: 'off' },
  `${url}/api/health`,
);

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const rows = [];
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    const req = response.request();
    if (req.resourceType() !== 'script') return;
    pending.push(
      req
        .sizes()
        .then((sizes) =>
          rows.push({ file: new URL(response.url()).pathname, encoding: response.headers()['content-encoding'] ?? 'identity', bytes: sizes.responseBodySize }),
        ),
    );
  });
  await page.goto(`${url}/app/home`, { waitUntil: 'networkidle' });
  await page.locator('#app-download').waitFor();
  await Promise.all(pending);
} finally {
  await browser.close();
  await stopProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

rows.sort((a, b) => b.bytes - a.bytes);
const total = rows.reduce((sum, r) => sum + r.bytes, 0);
const kb = (n) => (n / 1024).toFixed(1);
const encodings = [...new Set(rows.map((r) => r.encoding))].join(', ');
const table = [
  `First load of /app/home, ${today()}, ${machine()}, Chromium ${browser.version()}`,
  '',
  '| script | encoding | KB over the wire |',
  '|---|---|---|',
  ...rows.map((r) => `| ${r.file} | ${r.encoding} | ${kb(r.bytes)} |`),
  `| **total: ${rows.length} files** | ${encodings} | **${kb(total)}** (budget ${kb(BUDGET)}) |`,
].join('\n');
console.log(table);
fs.mkdirSync(path.join(root, 'bench/.out'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/.out/web-size.md'), `${table}\n`);
if (total >= BUDGET) {
  console.error(`over budget: ${kb(total)} KB >= ${kb(BUDGET)} KB`);
  process.exit(1);
}

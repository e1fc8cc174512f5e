// The member site as a phone meets it (issue 13, "Fast and accessible"): Lighthouse 12 (mobile preset,
// default throttling) in Debian's Chromium, median of BENCH_RUNS (3) runs per page, and axe-core on the
// same pages, on the production build served by the real server on a fresh embedded database with the
// sportsbook's feed running (live odds flowing while the sports board is measured). Wallet and deposit
// are measured signed in as the demo member. Targets: performance ≥ 90, accessibility ≥ 95, LCP < 2.5 s
// on each page; sports TBT < 200 ms; axe 0 critical/serious; home first-load JS ≤ 180 KB brotli.
// Writes bench/.out/lighthouse.md and the "Latest figures" block at the top of bench/README.md.
// Exits non-zero when a target is missed. `BENCH_PAGES=home,sports` measures some pages only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { machine, post, root, startProcess, stopProcess, today } from './lib.mjs';
import { localCertificate } from '../scripts/local-certificate.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const port = 20_000 + Math.floor(Math.random() * 20_000);
// As a phone meets a deployed site: over HTTPS with HTTP/2 (the server's own TLS, a certificate made
// for the run). `BENCH_TLS=off` measures plain HTTP/1.1, as a proxy without HTTP/2 would serve it.
const TLS = process.env.BENCH_TLS !== 'off';
const base = `${TLS ? 'https' : 'http'}://127.0.0.1:${port}`;
const DEMO = { name: 'demo8888', password: 'demo8888a' };
const TARGET = { performance: 90, accessibility: 95, lcpMs: 2500, sportsTbtMs: 200, homeJsKb: 180 };

// The site as `npm start` serves it: a production build, precompressed.
execFileSync(process.execPath, [path.join(root, 'scripts/build-web-if-needed.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-lighthouse-'));
// This process trusts its own server's certificate for the calls it makes; Chromium by its key.
const tls = TLS ? localCertificate(fs.mkdtempSync(path.join(os.tmpdir(), 'bp-lighthouse-tls-'))) : null;
if (tls) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const server = await startProcess(
  'apps/server/src/main.ts',
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    RUN_JOBS: 'on',
    ...(tls ? { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile } : {}),
  },
  `${base}/api/health`,
);

/** A match in play (its odds move while measured), else the first on the board. */
async function aMatch() {
  for (let i = 0; i < 100; i++) {
    const live = await post(`${base}/api/sports/list`, { page: 1, size: 20, live: true });
    if (live.data?.list?.length) return live.data.list[0].matchId;
    await sleep(300);
  }
  const any = await post(`${base}/api/sports/list`, { page: 1, size: 1 });
  return any.data.list[0].matchId;
}

const matchId = await aMatch();
const login = await post(`${base}/api/member/login/v3`, DEMO);
if (login.code !== 0) throw new Error(`demo login failed: ${JSON.stringify(login)}`);

const allPages = [
  { name: 'home', path: '/app/home' },
  { name: 'sports', path: '/app/sports' },
  { name: 'match', path: `/app/sports/match/${matchId}` },
  { name: 'login', path: '/login' },
  { name: 'wallet', path: '/app/wallet', member: true },
  { name: 'deposit', path: '/app/wallet/deposit', member: true },
];
const only = process.env.BENCH_PAGES?.split(',');
const pages = allPages.filter((p) => !only || only.includes(p.name));

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    ...(tls ? [`--ignore-certificate-errors-spki-list=${tls.spki}`] : []),
  ],
});
// Playwright on the same browser: signs the demo member in (localStorage) and runs axe.
const pw = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
const context = pw.contexts()[0];
const axeSource = fs.readFileSync(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** Signs the demo member in or out on this browser, and empties the HTTP cache (a first visit each run). */
async function prepare(member) {
  const page = await context.newPage();
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(
    ({ member, session }) => {
      localStorage.clear();
      sessionStorage.clear();
      if (member) {
        localStorage.setItem('bp.token', session.token);
        localStorage.setItem('bp.memberId', String(session.memberId));
        localStorage.setItem('bp.tokenExpireAt', String(session.expireAt));
      }
    },
    { member, session: login.data },
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const loads = [];
const loadNow = () => os.loadavg()[0];

async function measure(target) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    await prepare(target.member);
    loads.push(loadNow());
    const result = await lighthouse(
      `${base}${target.path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true },
      undefined,
    );
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) throw new Error(`${target.name}: ${result.lhr.runtimeError.message}`);
    // BENCH_LHR_DIR keeps each run's whole report, to read where a page's time goes.
    if (process.env.BENCH_LHR_DIR) fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, `${target.name}-${i}.json`), JSON.stringify(result.lhr));
    runs.push({
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      dom: audits['dom-size']?.numericValue ?? null,
      lcpElement: audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
      failing: Object.values(audits)
        .filter((a) => result.lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score === 0)
        .map((a) => a.id),
    });
  }
  // The median run by performance gives the page's figures.
  const mid = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
  return { ...mid, runs: runs.map((r) => r.performance), tbtMedian: median(runs.map((r) => r.tbt)), lcpMedian: median(runs.map((r) => r.lcp)) };
}

/** axe-core on the page as a member sees it after it settles: critical and serious violations. */
async function axe(target) {
  await prepare(target.member);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}${target.path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  // Through the DevTools protocol: the site's CSP (rightly) refuses an inline script tag.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  await page.close();
  const bad = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  return { count: bad.reduce((n, v) => n + v.nodes.length, 0), rules: bad.map((v) => `${v.id} (${v.nodes.length})`) };
}

/**
 * Home's first-load JavaScript over the wire (brotli), as the web-size benchmark counts it: the
 * encoded bodies of the scripts (without the responses' headers).
 */
async function homeJs() {
  await prepare(false);
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    const req = response.request();
    if (req.resourceType() !== 'script') return;
    const encoding = response.headers()['content-encoding'] ?? 'identity';
    pending.push(req.sizes().then((sizes) => ({ encoding, bytes: sizes.responseBodySize })));
  });
  await page.goto(`${base}/app/home`, { waitUntil: 'networkidle' });
  const list = await Promise.all(pending);
  await page.close();
  return { bytes: list.reduce((n, s) => n + s.bytes, 0), files: list.length, encodings: [...new Set(list.map((s) => s.encoding))].join(', ') };
}

const started = new Date();
const rows = [];
let js;
try {
  for (const target of pages) {
    const lh = await measure(target);
    const a = await axe(target);
    rows.push({ ...target, ...lh, axe: a });
    console.log(
      `${target.name}: perf ${lh.performance} (runs ${lh.runs.join('/')}), a11y ${lh.accessibility}, LCP ${Math.round(lh.lcpMedian)} ms, TBT ${Math.round(lh.tbtMedian)} ms, DOM ${lh.dom}, axe ${a.count}${a.rules.length ? ` ${a.rules.join(', ')}` : ''}${lh.failing.length ? `; a11y audits failing: ${lh.failing.join(', ')}` : ''}; LCP element ${lh.lcpElement.slice(0, 120)}; load ${loadNow().toFixed(2)}`,
    );
  }
  js = await homeJs();
} finally {
  await pw.close().catch(() => undefined);
  chrome.kill();
  await stopProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (tls) fs.rmSync(path.dirname(tls.certFile), { recursive: true, force: true });
}

const kb = (n) => (n / 1024).toFixed(1);
const loadRange = `${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)}`;
const chromeVersion = execFileSync(chromePath, ['--version']).toString().trim();
const missed = [];
const mark = (ok, what) => (ok ? '' : (missed.push(what), ' ✗'));
const table = [
  `Lighthouse 12 (mobile preset, default throttling), median of ${RUNS}, ${TLS ? 'HTTPS with HTTP/2' : 'plain HTTP/1.1'}, and axe-core ${JSON.parse(fs.readFileSync(path.join(root, 'node_modules/axe-core/package.json'), 'utf8')).version}; ${today()} ${started.toISOString().slice(11, 16)} UTC; ${machine()}; ${chromeVersion}; 1-minute load average during the runs ${loadRange}.`,
  '',
  '| page | performance (runs) | accessibility | LCP | TBT | DOM nodes | axe critical + serious |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.name}${r.member ? ' (demo member)' : ''} | ${r.performance}${mark(r.performance >= TARGET.performance, `${r.name} performance`)} (${r.runs.join(' / ')}) | ${r.accessibility}${mark(r.accessibility >= TARGET.accessibility, `${r.name} accessibility`)} | ${(r.lcpMedian / 1000).toFixed(2)} s${mark(r.lcpMedian < TARGET.lcpMs, `${r.name} LCP`)} | ${Math.round(r.tbtMedian)} ms${r.name === 'sports' ? mark(r.tbtMedian < TARGET.sportsTbtMs, 'sports TBT') : ''} | ${r.dom} | ${r.axe.count}${mark(r.axe.count === 0, `${r.name} axe`)}${r.axe.rules.length ? ` (${r.axe.rules.join(', ')})` : ''} |`,
  ),
  '',
  `Home's first-load JavaScript: **${kb(js.bytes)} KB** over the wire (${js.encodings}, ${js.files} files; target ≤ ${TARGET.homeJsKb} KB brotli)${mark(js.bytes <= TARGET.homeJsKb * 1024, 'home first-load JS')}.`,
  '',
  missed.length ? `Targets missed (✗): ${missed.join(', ')}.` : 'Every target met.',
].join('\n');
console.log(`\n${table}`);
fs.mkdirSync(path.join(root, 'bench/.out'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/.out/lighthouse.md'), `${table}\n`);
if (!only) writeReadme(table);
process.exit(missed.length ? 1 : 0);

/** Replaces the block between the markers at the top of bench/README.md (made the first time). */
function writeReadme(figures) {
  const file = path.join(root, 'bench/README.md');
  const text = fs.readFileSync(file, 'utf8');
  const start = '<!-- lighthouse:start -->';
  const end = '<!-- lighthouse:end -->';
  const block = [
    start,
    '## The member site in a phone: Lighthouse and axe (`npm run bench -- lighthouse`)',
    '',
    figures,
    '',
    'Method: `bench/lighthouse.mjs` builds the site for production, starts the server on a fresh embedded',
    'database (PGlite) with its jobs on, so the sportsbook feed moves live odds while the boards are measured,',
    TLS
      ? "served over HTTPS with HTTP/2 as a deployed site is (the server's own TLS with a certificate made for the run, which Chromium is told to trust by its key), "
      : 'served over plain HTTP/1.1 (`BENCH_TLS=off`: six connections, a round trip per file), ',
    "and launches Debian's Chromium through chrome-launcher. Each page is measured by the lighthouse npm",
    'package (mobile preset: Moto G Power, simulated slow 4G and 4× CPU slowdown) with an empty HTTP cache;',
    'the figures are the run with the median performance score, LCP and TBT the medians of the runs. Wallet and',
    'deposit are opened signed in as the demo member (token put in localStorage). axe-core runs on each page',
    "at 390 × 844 after the network settles. Home's first-load JavaScript is the encoded bytes of every",
    'script the page fetched until the network went idle. The machine is shared: the load average is noted.',
    end,
  ].join('\n');
  const next = text.includes(start) ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block) : text.replace(/\n/, `\n\n${block}\n`);
  fs.writeFileSync(file, next);
}

import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/src/test/harness.ts';
import type { Config } from '../apps/server/src/platform/config.ts';

/**
 * Browser journeys drive the built site on the real server (in-process, real database: PGlite, or
 * a database of its own on DATABASE_URL) with Debian's Chromium.
 */
export const ROOT = path.resolve(import.meta.dirname, '..');
/** The build under test; `E2E_WEB_DIST` points at a build of one's own (kept apart from others' rebuilds of apps/web/dist). */
export const WEB_DIST = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(ROOT, 'apps', 'web', 'dist');
/** The operator console's build under test (built with the site, by the same rule). */
export const ADMIN_DIST = path.join(ROOT, 'apps', 'admin', 'dist');
export const SCREENSHOTS = path.join(ROOT, 'e2e', 'screenshots');
/**
 * `E2E_SCREENSHOTS=off` (CI) takes no pictures for people to look at, only those of a failing test,
 * draws the phone at one device pixel per CSS pixel, and skips the theme tours (`tour`): nobody
 * looks at CI's pictures, and the journeys keep both of CI's cores busy.
 */
const PICTURES = process.env.E2E_SCREENSHOTS !== 'off';

/**
 * The theme series a journey's tour photographs its screens in. A tour is for the pictures: its
 * screens' behaviour is proven in the site's own theme, and every series is proven to load and
 * differ by the screens journey; without pictures it tours none.
 */
export const tour = <T>(series: readonly T[]): readonly T[] => (PICTURES ? series : []);

/** The phone every journey uses (seed: mobile first, 390 px wide). */
export const PHONE = { width: 390, height: 844 } as const;
/** The operator console is desktop-first. */
export const DESKTOP = { width: 1440, height: 900 } as const;

export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium headless shell where it is installed (CI installs it), else Debian's Chromium.
 * The shell is the same Blink without the browser's own window and its pages. The journeys are
 * most of CI's time, and on a slow two-core host the shell took a third less machine CPU over 24
 * page loads (41-47 s against 64-68 s) and the screens journey 125 s against 174 s.
 * `CHROMIUM_PATH` names another browser.
 */
const BROWSERS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export function chromiumPath(): string | null {
  const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : BROWSERS;
  return candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
}

/**
 * Whether the journeys can run here. Without Chromium they are skipped with a message, except under
 * CI=true, where a missing browser is a failure.
 */
export function browserAvailable(): boolean {
  if (chromiumPath()) return true;
  const msg = `Chromium not found (${process.env.CHROMIUM_PATH || BROWSERS.join(', ')}); set CHROMIUM_PATH or apt-get install chromium-headless-shell`;
  if (process.env.CI === 'true') throw new Error(msg);
  console.warn(`[e2e] skipped: ${msg}`);
  return false;
}

/**
 * Builds the web app and the operator console when there is no build or the sources are newer (the same rule as `npm start`).
 * Journeys run side by side: one builds under a lock, the others wait and then find the build current.
 */
export function ensureWebBuild(): void {
  if (process.env.E2E_WEB_DIST) return;
  withBuildLock(() =>
    // The test runner sets NODE_ENV=test; the site is always built for production.
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-web-if-needed.mjs')], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    }),
  );
}

/** A lock folder (mkdir is atomic) where the build's freshness check does not look; one left by a killed run is taken over after a while. */
function withBuildLock(build: () => void): void {
  const lock = path.join(ROOT, 'node_modules', '.cache', 'bp-web-build.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const STALE_MS = 5 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    build();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export interface Site {
  server: TestServer;
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

/** The site on a test server; `overrides` set its config (e.g. `{ runJobs: true, feedSpeed: 300 }` for a live book). */
export async function startSite(overrides: Partial<Config> = {}): Promise<Site> {
  ensureWebBuild();
  const server = await startTestServer({ ...overrides, webDist: WEB_DIST, adminDist: ADMIN_DIST });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const browser = await chromium.launch({ executablePath: chromiumPath()!, args: LAUNCH_ARGS });
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      await server.close();
    },
  };
}

/**
 * A fresh phone: its own storage, zh-CN, Shanghai time. It is put away when the test ends (its
 * screen kept first if the test failed): a page left open stays live, re-rendering every odds
 * update, and slowed the later journeys of its file on a busy two-core machine.
 */
export async function phone(site: Site): Promise<{ context: BrowserContext; page: Page }> {
  const context = await site.browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: PICTURES ? 2 : 1,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    baseURL: site.url,
  });
  const page = await context.newPage();
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') await shoot(page, `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}`).catch(() => undefined);
    await context.close();
  });
  return { context, page };
}

/** The operator console's desktop (1440 px wide), put away like a phone when the test ends. */
export async function desktop(site: Site): Promise<{ context: BrowserContext; page: Page }> {
  // As an operator who asked for less motion: the console then opens its dialogs at once. With
  // motion, a busy machine could draw a dialog for a frame or two before its zoom began; a click
  // in that window went down on 确定 and came up on the dialog's wrapper, which took the click.
  const context = await site.browser.newContext({
    viewport: DESKTOP,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    baseURL: site.url,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') await shoot(page, `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}`).catch(() => undefined);
    await context.close();
  });
  return { context, page };
}

/** A screenshot of the screen as the member sees it, kept in e2e/screenshots (git-ignored). */
export async function shoot(page: Page, name: string): Promise<void> {
  if (!PICTURES && !name.startsWith('failed-')) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

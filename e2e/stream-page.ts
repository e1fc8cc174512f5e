import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../apps/server/src/test/harness.ts';
import { LAUNCH_ARGS, PHONE, ROOT, chromiumPath } from './harness.ts';

/**
 * The site's live player alone on a page (e2e/stream-page), built with the site's own Vite setup and
 * served at /__player/ of a real test server by the browser's routing; everything else (the signed
 * video call, the streams) is the real server's. For the stream journey and the start benchmark.
 */
const PAGE_DIR = path.join(ROOT, 'e2e', 'stream-page');
const WEB_MODULES = path.join(ROOT, 'apps', 'web', 'node_modules');
export const PLAYER_PATH = '/__player/';

/** Vite and its React plugin as the site has them (in apps/web's own node_modules). */
async function webImport<T>(name: string): Promise<T> {
  const file = createRequire(path.join(ROOT, 'apps', 'web', 'package.json')).resolve(name);
  return (await import(pathToFileURL(file).href)) as T;
}

export async function buildPlayerPage(): Promise<string> {
  const { build } = await webImport<typeof import('vite')>('vite');
  // The plugin's types are apps/web's; here it is only handed to Vite.
  const { default: react } = await webImport<{ default: () => import('vite').PluginOption }>('@vitejs/plugin-react');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-player-'));
  await build({
    root: PAGE_DIR,
    base: PLAYER_PATH,
    logLevel: 'warn',
    configFile: false,
    plugins: [react()],
    resolve: { dedupe: ['react', 'react-dom'], alias: { react: path.join(WEB_MODULES, 'react'), 'react-dom': path.join(WEB_MODULES, 'react-dom') } },
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  return outDir;
}

export interface PlayerSite {
  server: TestServer;
  origin: string;
  browser: Browser;
  /** A phone's page at the player with these query parameters. */
  open(query: Record<string, string | number>): Promise<Page>;
  close(): Promise<void>;
}

/** When each page first asked for a stream (epoch ms), noted by open(). */
const streamAsked = new WeakMap<Page, number>();
export const streamAskedAt = (page: Page): number | undefined => streamAsked.get(page);

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export async function startPlayerSite(): Promise<PlayerSite> {
  const dist = await buildPlayerPage();
  const server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath()!, args: LAUNCH_ARGS });
  return {
    server,
    origin,
    browser,
    async open(query) {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
      // Under tsx (the benchmarks' loader) functions handed to the page call its __name helper.
      await context.addInitScript('globalThis.__name = (f) => f');
      const page = await context.newPage();
      await page.route(`${origin}${PLAYER_PATH}**`, (route) => {
        const rel = new URL(route.request().url()).pathname.slice(PLAYER_PATH.length) || 'index.html';
        const file = path.join(dist, rel);
        if (!file.startsWith(dist) || !fs.existsSync(file)) return route.fulfill({ status: 404 });
        return route.fulfill({ body: fs.readFileSync(file), contentType: TYPES[path.extname(file)] ?? 'application/octet-stream' });
      });
      page.on('request', (r) => {
        if (r.url().includes('/live/streams/') && !streamAsked.has(page)) streamAsked.set(page, Date.now());
      });
      const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      await page.goto(`${origin}${PLAYER_PATH}?${params}`);
      return page;
    },
    async close() {
      await browser.close().catch(() => undefined);
      await server.close();
      fs.rmSync(dist, { recursive: true, force: true });
    },
  };
}

/**
 * Waits for a decoded frame that is not black: the video's time moves and a canvas copy of the
 * picture has bright pixels. Resolves with the page's time of that frame (performance.now()).
 */
export async function firstRealFrame(page: Page, timeoutMs = 20_000): Promise<{ atMs: number; brightShare: number }> {
  return page.evaluate(async (timeout) => {
    const video = document.querySelector('video')!;
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 36;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const brightShare = () => {
      ctx.drawImage(video, 0, 0, 64, 36);
      const px = ctx.getImageData(0, 0, 64, 36).data;
      let bright = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i] + px[i + 1] + px[i + 2] > 90) bright++;
      return bright / (px.length / 4);
    };
    const end = performance.now() + timeout;
    return new Promise<{ atMs: number; brightShare: number }>((resolve, reject) => {
      const look = () => {
        if (video.readyState >= 2 && video.currentTime > 0) {
          const share = brightShare();
          if (share > 0.2) return resolve({ atMs: performance.now(), brightShare: share });
        }
        if (performance.now() > end) return reject(new Error(`no picture: state ${video.closest('[data-state]')?.getAttribute('data-state')}`));
        setTimeout(look, 30);
      };
      look();
    });
  }, timeoutMs);
}

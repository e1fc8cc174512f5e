import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { IMMUTABLE_CACHE } from './http/bundled-assets.ts';

/** Hashed build output (vite's assets/): its names change with its content, so it is cached for good. */
const HASHED_DIR = `${path.sep}assets${path.sep}`;
const LONG_CACHE = IMMUTABLE_CACHE;
const NO_CACHE = 'no-cache';

/** Paths that are never the site's pages: the API, the build's and the modules' assets, the socket, the back office. */
const NOT_PAGES = /^\/(api|assets|ws|admin)(\/|$)/;
/** Where the operator console lives. */
const CONSOLE_PREFIX = '/admin/';

/**
 * The site may load only itself (seed: nothing loaded from outside the site), but for live video:
 * streams come from the operator's video domains over HTTPS (seed 8 rotates them), fed to the video
 * element through Media Source (blob: URLs) by hls.js and mpegts.js, whose demuxing worker is a
 * blob: too. Styles allow inline values (components set them), images data: URLs (captcha
 * pictures, inline art).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "media-src 'self' blob: https:",
  "worker-src 'self' blob:",
  "connect-src 'self' ws: wss: https:",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding of what we have that the client accepts. */
export function pickEncoding(acceptEncoding: string | undefined, have: { br: boolean; gzip: boolean }): Encoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (have.br && accepted.has('br')) return 'br';
  if (have.gzip && accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Serves the built web app from `webDist`: its files (with the .br/.gz written by the build when
 * the client takes them), hashed assets cached for a year, and index.html for every other GET that
 * is not the API, an asset, the socket or the back office, so the site's routes work on reload
 * (single-page app). Without a build there is nothing to serve and the API runs alone.
 */
export async function installWeb(app: FastifyInstance, webDist: string | null): Promise<void> {
  await serveSinglePageApp(app, webDist, '/', NOT_PAGES);
}

/** The operator console (apps/admin's build) at /admin/, the same way: its pages fall back to its own index.html. */
export async function installConsole(app: FastifyInstance, adminDist: string | null): Promise<void> {
  if (!(await serveSinglePageApp(app, adminDist, CONSOLE_PREFIX, /^\/admin\/assets\//))) return;
  app.get('/admin', { config: { exempt: true, rateLimit: false }, schema: { hide: true } }, (_req, reply) => reply.redirect(CONSOLE_PREFIX));
}

/** Serves a build at `prefix`; false when there is none. */
async function serveSinglePageApp(app: FastifyInstance, dist: string | null, prefix: string, notPages: RegExp): Promise<boolean> {
  const indexFile = dist ? path.join(dist, 'index.html') : null;
  if (!dist || !indexFile || !fs.existsSync(indexFile)) {
    if (dist) app.log.warn({ dist }, 'no build to serve (run `npm run build`)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix,
    wildcard: false,
    preCompressed: true,
    decorateReply: false,
    cacheControl: false,
    index: ['index.html'],
    setHeaders(res, filePath) {
      res.setHeader('cache-control', filePath.includes(HASHED_DIR) ? LONG_CACHE : NO_CACHE);
      if (filePath.endsWith('.html') || filePath.endsWith('.html.br') || filePath.endsWith('.html.gz'))
        res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
    },
  });

  const page = {
    identity: fs.readFileSync(indexFile),
    br: readIfPresent(`${indexFile}.br`),
    gzip: readIfPresent(`${indexFile}.gz`),
  };
  const sendPage = (req: FastifyRequest, reply: FastifyReply) => {
    const encoding = pickEncoding(req.headers['accept-encoding'], { br: page.br !== null, gzip: page.gzip !== null });
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', NO_CACHE)
      .header('vary', 'accept-encoding')
      .header('content-security-policy', CONTENT_SECURITY_POLICY);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(page[encoding] ?? page.identity);
  };

  app.get(`${prefix}*`, { config: { exempt: true, rateLimit: false }, schema: { hide: true } }, (req, reply) => {
    const pathname = req.url.split('?')[0];
    if (notPages.test(pathname)) return reply.callNotFound();
    return sendPage(req, reply);
  });
  return true;
}

function readIfPresent(file: string): Buffer | null {
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}

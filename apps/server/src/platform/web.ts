import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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
export async function installWeb(app: FastifyInstance, webDist: string | null, pictures?: FirstPictures): Promise<void> {
  const views = webDist ? readFirstViews(webDist) : [];
  await serveSinglePageApp(app, webDist, '/', NOT_PAGES, (req, pathname) => pageHints(views, pictures, req, pathname));
}

/** A page's files beyond the entry's, as the web build lists them (apps/web/build/first-views.ts). */
interface FirstView {
  path: string;
  scripts: string[];
  styles: string[];
  /** Its stylesheets written in (`stylesWrittenIn`), made once. */
  stylesHead?: string;
}

/**
 * The pictures a page shows first (its largest, the banner of home), for the site the request is
 * for: `site` is the `siteId` the page was opened with, else the one the site remembered in its
 * cookie, else none (the default site).
 */
export type FirstPictures = (pathname: string, site: string | undefined) => Promise<FirstPicture[]>;
/** A picture and how the page shows it: home's banner across the screen, the sign-in screens' logo above the form. */
export interface FirstPicture {
  src: string;
  alt: string;
  shown: 'banner' | 'logo';
}
const SPLASH_CLASS: Record<FirstPicture['shown'], string> = { banner: 'bp-boot-picture', logo: 'bp-boot-logo' };

/** What a page's HTML carries beyond the build's: `<link>`s in its head, its first picture in the splash. */
interface PageHints {
  head: string;
  splash: string;
}
/** Where the splash of the web build's index.html takes the page's first picture. */
const SPLASH_PICTURE = '<!--first-picture-->';
/** The build's entry, run as soon as it has arrived. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** The build's and the page's script preloads (the page's style preloads go with them). */
const CODE_LINKS = /<link rel="(?:modulepreload|preload" as="style)" crossorigin href="[^"]+">/g;

/**
 * A page of the member site asks for its code and runs it from /boot.js (apps/web/public) once its
 * splash is on screen (its first picture, where it has one): its script and style preloads wait in
 * a `<template>` (inert until then), so the splash, its picture and the page's styles have the
 * phone's connection to themselves and paint first (issue 13: with some thirty scripts asked for
 * beside them, a slow 4G phone painted the splash after the code had arrived).
 */
const bootAfterSplash = (head: string): string => {
  const entry = ENTRY_SCRIPT.exec(head)?.[1];
  if (!entry) return head;
  const code = [`<link rel="modulepreload" crossorigin href="${entry}">`, ...(head.match(CODE_LINKS) ?? [])].join('');
  return `${head.replace(ENTRY_SCRIPT, '').replace(CODE_LINKS, '')}<template id="bp-code">${code}</template><script defer src="/boot.js" data-entry="${entry}"></script>`;
};

/** The build's stylesheets, named in its index.html. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/**
 * The build's stylesheets written into the page instead of named (a few kilobytes): the splash
 * then paints once the page itself has arrived, without another request first (issue 13).
 */
const inlineStyles = (head: string, dist: string): string =>
  head.replace(STYLESHEET, (link, file: string) => {
    const css = readIfPresent(path.join(dist, file));
    return css ? styleElement(css) : link;
  });

const styleElement = (css: Buffer) => `<style>${css.toString('utf8').replace(/<\/style/gi, '<\\/style')}</style>`;

/**
 * A page's own stylesheets written in, each followed by a disabled `<link>` of its name: a browser
 * fetches no disabled stylesheet, and the code's loader (Vite's) counts a named one as loaded. Its
 * route's code otherwise waits for them before it runs, a dozen more round trips on a slow phone's
 * way to its first screen (issue 13). A stylesheet missing from the build stays a preload.
 */
const stylesWrittenIn = (dist: string, styles: string[]): string =>
  styles
    .map((href) => {
      const css = readIfPresent(path.join(dist, href));
      return css
        ? `${styleElement(css)}<link rel="stylesheet" href="${escapeAttr(href)}" disabled>`
        : `<link rel="preload" as="style" crossorigin href="${escapeAttr(href)}">`;
    })
    .join('');

/** The site cookie the member site sets (apps/web shared/site-cookie.ts): only read here. */
const SITE_COOKIE = /(?:^|;\s*)bp_site=(\d{1,9})(?:;|$)/;

function readFirstViews(dist: string): FirstView[] {
  const file = path.join(dist, '.vite/first-views.json');
  const views = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as FirstView[]) : [];
  return views.map((view) => ({ ...view, stylesHead: stylesWrittenIn(dist, view.styles) }));
}

const matches = (pattern: string, pathname: string) => {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
};

/**
 * The `<link>`s a page's HTML carries so its code and first picture download beside the entry,
 * instead of after the entry has run and asked for them (issue 13: the JS → page → data → picture
 * chain held the first screen back).
 */
async function pageHints(views: FirstView[], pictures: FirstPictures | undefined, req: FastifyRequest, pathname: string): Promise<PageHints> {
  const view = views.find((v) => matches(v.path, pathname));
  const query = (req.query as Record<string, unknown> | undefined)?.siteId;
  const site = (typeof query === 'string' && /^\d{1,9}$/.test(query) ? query : undefined) ?? SITE_COOKIE.exec(req.headers.cookie ?? '')?.[1];
  const images = pictures ? await pictures(pathname, site).catch(() => []) : [];
  const head = [
    ...images.map(({ src }) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(src)}">`),
    view?.stylesHead ?? '',
    ...(view?.scripts ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`),
  ].join('');
  const [first] = images;
  const splash = first ? `<img class="${SPLASH_CLASS[first.shown]}" data-first-picture src="${escapeAttr(first.src)}" alt="${escapeAttr(first.alt)}">` : '';
  return { head, splash };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The operator console (apps/admin's build) at /admin/, the same way: its pages fall back to its own index.html. */
export async function installConsole(app: FastifyInstance, adminDist: string | null): Promise<void> {
  if (!(await serveSinglePageApp(app, adminDist, CONSOLE_PREFIX, /^\/admin\/assets\//))) return;
  app.get('/admin', { config: { exempt: true, rateLimit: false }, schema: { hide: true } }, (_req, reply) => reply.redirect(CONSOLE_PREFIX));
}

/** Serves a build at `prefix`; false when there is none. */
async function serveSinglePageApp(
  app: FastifyInstance,
  dist: string | null,
  prefix: string,
  notPages: RegExp,
  hintsOf?: (req: FastifyRequest, pathname: string) => Promise<PageHints>,
): Promise<boolean> {
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
  // The member site's pages are made from the build's with their hints; the console's are the build's.
  const hinted = hintsOf ? { hintsOf, withHints: pagesWithHints(page.identity, dist) } : null;
  const sendPage = async (req: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const encoding = pickEncoding(req.headers['accept-encoding'], { br: page.br !== null, gzip: page.gzip !== null });
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', NO_CACHE)
      .header('vary', 'accept-encoding')
      .header('content-security-policy', CONTENT_SECURITY_POLICY);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(hinted ? hinted.withHints(await hinted.hintsOf(req, pathname), encoding) : (page[encoding] ?? page.identity));
  };

  app.get(`${prefix}*`, { config: { exempt: true, rateLimit: false }, schema: { hide: true } }, (req, reply) => {
    const pathname = req.url.split('?')[0];
    if (notPages.test(pathname)) return reply.callNotFound();
    return sendPage(req, reply, pathname);
  });
  return true;
}

/**
 * The page with its hints, encoded: pages differ only by their hints (a few per route and site), so
 * each is made once and kept.
 */
function pagesWithHints(html: Buffer, dist: string) {
  const made = new Map<string, Buffer>();
  const [built, rest] = html.toString('utf8').split('</head>');
  const head = rest === undefined ? built : inlineStyles(built, dist);
  return (hints: PageHints, encoding: Encoding): Buffer => {
    if (rest === undefined) return html;
    const key = `${encoding} ${hints.head} ${hints.splash}`;
    let body = made.get(key);
    if (!body) {
      const withHead = `${head}${hints.head}`;
      const raw = Buffer.from(`${bootAfterSplash(withHead)}</head>${rest.replace(SPLASH_PICTURE, hints.splash)}`);
      body = encoding === 'br' ? zlib.brotliCompressSync(raw) : encoding === 'gzip' ? zlib.gzipSync(raw, { level: 9 }) : raw;
      if (made.size > 500) made.clear();
      made.set(key, body);
    }
    return body;
  };
}

function readIfPresent(file: string): Buffer | null {
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}

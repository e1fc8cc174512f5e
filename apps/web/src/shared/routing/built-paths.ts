import type { RouteObject } from 'react-router-dom';

/**
 * Whether a site path leads to a built page (seed: an area that is not built is not shown in
 * navigation). The router registers its table here; links from the server's navigation, banners
 * and icons are shown only when they resolve to a page, or leave the site (http/https).
 *
 * The table's pages are turned into patterns once: React Router's `matchRoutes` flattens and ranks
 * the whole table on every call, and home asks for a dozen links as it renders (about 40 ms of a
 * slow phone's first render). A page is any route with a path or an index, the catch-all aside.
 */
let pages: RegExp[] = [];

export function registerRouteTable(routes: RouteObject[]): void {
  pages = pathsOf(routes, '').map(patternOf);
}

function pathsOf(routes: RouteObject[], parent: string): string[] {
  return routes.flatMap((route) => {
    // Absolute child paths already hold their parent's (React Router requires it).
    const own = route.index ? parent : route.path === undefined ? null : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const children = route.children ? pathsOf(route.children, own ?? parent) : [];
    return own === null || route.path === '*' ? children : [own, ...children];
  });
}

/** Static segments, `:param` segments and a trailing `*`, matched as React Router does: whole, any case, trailing slashes allowed. */
function patternOf(path: string): RegExp {
  const segments = path.split('/').filter(Boolean);
  const splat = segments.at(-1) === '*';
  const source = (splat ? segments.slice(0, -1) : segments).map((segment) => {
    if (segment.startsWith(':') && /^:[\w-]+$/.test(segment)) return '/[^/]+';
    if (/^[\w.~-]+$/.test(segment)) return `/${segment.replace(/\./g, '\\.')}`;
    throw new Error(`built-paths: route path "${path}" uses a form this check does not read`);
  });
  return new RegExp(`^${source.join('')}${splat ? '(?:/.*)?' : ''}/*$`, 'i');
}

export function isBuiltPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] || '/';
  return pages.some((page) => page.test(pathname));
}

export const isExternalLink = (link: string): boolean => /^https?:\/\//.test(link);

/** A link worth showing: external, or a site path with a page behind it. */
export const isUsableLink = (link: string): boolean => isExternalLink(link) || (link.startsWith('/') && isBuiltPath(link));

import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Whether a site path leads to a built page (seed: an area that is not built is not shown in
 * navigation). The router registers its table here; links from the server's navigation, banners
 * and icons are shown only when they resolve to a page, or leave the site (http/https).
 */
let table: RouteObject[] = [];

export function registerRouteTable(routes: RouteObject[]): void {
  table = routes;
}

export function isBuiltPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0];
  const matches = matchRoutes(table, pathname);
  if (!matches) return false;
  return matches[matches.length - 1].route.path !== '*';
}

export const isExternalLink = (link: string): boolean => /^https?:\/\//.test(link);

/** A link worth showing: external, or a site path with a page behind it. */
export const isUsableLink = (link: string): boolean => isExternalLink(link) || (link.startsWith('/') && isBuiltPath(link));

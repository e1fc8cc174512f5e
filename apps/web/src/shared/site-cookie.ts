/**
 * The site this phone uses, told to the server with each page it loads, so the page's HTML names
 * that site's first picture (server: platform/web.ts). Not a session: it carries the site's number
 * only, and the API never reads it (calls name their site in a header).
 */
export function rememberSiteForPages(siteId: string | null): void {
  document.cookie = siteId ? `bp_site=${siteId}; path=/; max-age=31536000; samesite=lax` : 'bp_site=; path=/; max-age=0; samesite=lax';
}

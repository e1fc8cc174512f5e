import type { Db } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { listContent } from './content.ts';
import { resolveSite } from './service.ts';

/**
 * The picture a page shows first and largest, which its HTML names so the phone fetches it beside
 * the site's code (issue 13: home's banner was found 3 s late, after the code and the banner list),
 * and shows in the splash until the page's code has drawn the page.
 * Home's is its first banner with a picture (the site may skip a banner whose link leads nowhere:
 * then one picture came early for nothing). An unknown site names none.
 */
export const firstPictures =
  (db: Db) =>
  async (pathname: string, site: string | undefined): Promise<Array<{ src: string; alt: string }>> => {
    if (pathname.replace(/\/+$/, '') !== '/app/home') return [];
    const ctx = await Promise.resolve()
      .then(() => resolveSite(db, site))
      .catch(() => null);
    if (!ctx) return [];
    const banner = (await listContent(db, ctx.siteId, 'banner', clock.now())).find((b) => b.position === 'home' && b.image);
    return banner ? [{ src: banner.image, alt: banner.title }] : [];
  };

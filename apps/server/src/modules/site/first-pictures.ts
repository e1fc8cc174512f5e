import type { Db } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { listContent } from './content.ts';
import { resolveSite } from './service.ts';
import type { FirstPicture } from '../../platform/web.ts';

/** The pages that show the site's logo first and largest, above their form. */
const LOGO_PAGES = new Set(['/login', '/register']);

/**
 * The picture a page shows first and largest, which its HTML names so the phone fetches it beside
 * the site's code (issue 13: home's banner was found 3 s late, after the code and the banner list),
 * and shows in the splash until the page's code has drawn the page.
 * Home's is its first banner with a picture (the site may skip a banner whose link leads nowhere:
 * then one picture came early for nothing); the sign-in screens' is the site's logo. An unknown
 * site names none.
 */
export const firstPictures =
  (db: Db) =>
  async (pathname: string, site: string | undefined): Promise<FirstPicture[]> => {
    const page = pathname.replace(/\/+$/, '');
    if (page !== '/app/home' && !LOGO_PAGES.has(page)) return [];
    const ctx = await Promise.resolve()
      .then(() => resolveSite(db, site))
      .catch(() => null);
    if (!ctx) return [];
    if (LOGO_PAGES.has(page)) return ctx.logo ? [{ src: ctx.logo, alt: ctx.name, shown: 'logo' }] : [];
    const banner = (await listContent(db, ctx.siteId, 'banner', clock.now())).find((b) => b.position === 'home' && b.image);
    return banner ? [{ src: banner.image, alt: banner.title, shown: 'banner' }] : [];
  };

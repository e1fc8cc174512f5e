import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { shortUrls } from './tables.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const CODE_LENGTH = 7;
export const CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

const newCode = () => Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * A path of this site, normalised: resolved against a stand-in origin, it must stay on that origin,
 * so `//evil.com`, `/\evil.com` and `https://...` are refused (no open redirect). Characters that
 * mean something in HTML come back percent-encoded.
 */
export function sitePath(input: string): string {
  const origin = 'http://site.invalid';
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text, origin);
  } catch {
    return fail('SHORT_URL_PATH_INVALID');
  }
  if (!text.startsWith('/') || url.origin !== origin || /\p{Cc}/u.test(text)) fail('SHORT_URL_PATH_INVALID');
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith('/s/')) fail('SHORT_URL_PATH_INVALID', { msg: '短链接不能指向另一个短链接' });
  return path;
}

/** The code of a path of a site: the same path keeps its code; a new one gets a fresh random code. */
export async function shortCodeFor(db: Db, siteId: number, rawPath: string): Promise<{ code: string; path: string }> {
  const path = sitePath(rawPath);
  for (let attempt = 0; attempt < 5; attempt++) {
    // A clash with the path's own row keeps its code; a clash of two random codes throws and retries.
    try {
      const [row] = await db
        .insert(shortUrls)
        .values({ code: newCode(), siteId, path })
        .onConflictDoUpdate({ target: [shortUrls.siteId, shortUrls.path], set: { path } })
        .returning({ code: shortUrls.code });
      return { code: row.code, path };
    } catch (err) {
      const cause = ((err as { cause?: unknown }).cause ?? err) as { code?: string };
      if (cause.code !== '23505') throw err;
    }
  }
  return fail('INTERNAL');
}

/** The path behind a code, counting the visit; null when the code is unknown. */
export async function followShortCode(db: Db, code: string): Promise<{ siteId: number; path: string } | null> {
  if (!CODE_PATTERN.test(code)) return null;
  const [row] = await db
    .update(shortUrls)
    .set({ hits: sql`${shortUrls.hits} + 1` })
    .where(eq(shortUrls.code, code))
    .returning({ siteId: shortUrls.siteId, path: shortUrls.path });
  return row ?? null;
}

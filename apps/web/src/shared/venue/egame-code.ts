/**
 * The electronic-game page's code from a venue key (seed 2, /app/egame/{code}): the default venue
 * maps to a fixed default code, a key starting with yb maps to by, any other key uses its first two
 * letters in lower case.
 */
export const DEFAULT_EGAME_VENUE = 'default';
export const DEFAULT_EGAME_CODE = 'pg';

export function egameCode(venueKey: string | null | undefined): string {
  const key = (venueKey ?? '').trim();
  if (!key || key.toLowerCase() === DEFAULT_EGAME_VENUE) return DEFAULT_EGAME_CODE;
  if (/^yb/i.test(key)) return 'by';
  return key.slice(0, 2).toLowerCase();
}

export const egamePath = (venueKey: string | null | undefined): string => `/app/egame/${egameCode(venueKey)}`;

/**
 * A site link to an egame venue rewritten to the page's code: `/app/egame/<venue key>`, or bare
 * `/app/egame` for the default venue.
 */
export function resolveEgameLink(path: string): string {
  const m = /^\/app\/egame(?:\/([^/?#]*))?([?#].*)?$/.exec(path);
  return m ? egamePath(decodeURIComponent(m[1] ?? '')) + (m[2] ?? '') : path;
}

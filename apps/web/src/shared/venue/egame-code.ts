import { egameCode } from '@bp/contract';

/** The rule itself lives in the contract (the server computes the same codes for its brands). */
export { DEFAULT_EGAME_CODE, DEFAULT_EGAME_VENUE, egameCode } from '@bp/contract';

export const egamePath = (venueKey: string | null | undefined): string => `/app/egame/${egameCode(venueKey)}`;

/**
 * A site link to an egame venue rewritten to the page's code: `/app/egame/<venue key>`, or bare
 * `/app/egame` for the default venue.
 */
export function resolveEgameLink(path: string): string {
  const m = /^\/app\/egame(?:\/([^/?#]*))?([?#].*)?$/.exec(path);
  return m ? egamePath(decodeURIComponent(m[1] ?? '')) + (m[2] ?? '') : path;
}

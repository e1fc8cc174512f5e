import { SPORTS, SPORTS_LIST_SIZE, type ApiBody, type MatchSummary, type Sport } from '@bp/contract';

/** The boards of the sports screen: popular, in play, not started yet. */
export const BOARD_TABS = ['popular', 'live', 'upcoming'] as const;
export type BoardTab = (typeof BOARD_TABS)[number];

export interface BoardFilter {
  sport?: Sport;
  leagueId?: number;
}

const isTab = (v: string | null): v is BoardTab => (BOARD_TABS as readonly string[]).includes(v ?? '');
const isSport = (v: string | null): v is Sport => (SPORTS as readonly string[]).includes(v ?? '');

/** The board the address names (`?tab=&sport=&league=`): filters live in the address, so back returns to the same board. */
export function boardOf(params: URLSearchParams): { tab: BoardTab; filter: BoardFilter } {
  const tab = params.get('tab');
  const sport = params.get('sport');
  return { tab: isTab(tab) ? tab : 'popular', filter: { sport: isSport(sport) ? sport : undefined, leagueId: Number(params.get('league')) || undefined } };
}

/** Seed 9: search waits this long after the last key before the list follows. */
export const SEARCH_DEBOUNCE_MS = 300;

type BoardPath = '/api/sports/list' | '/api/sports/live/list' | '/api/sports/popular/list';

/**
 * The call of a board (seed 3: the sports list request carries page and size; seed 9: the live
 * and popular lists ask for 200 at a time).
 */
export function boardRequest(tab: BoardTab, filter: BoardFilter): { path: BoardPath; body: ApiBody<BoardPath> } {
  const body: ApiBody<BoardPath> = { page: 1, size: SPORTS_LIST_SIZE };
  if (filter.sport) body.sport = filter.sport;
  if (filter.leagueId) body.leagueId = filter.leagueId;
  if (tab === 'live') return { path: '/api/sports/live/list', body };
  if (tab === 'popular') return { path: '/api/sports/popular/list', body };
  return { path: '/api/sports/list', body: { ...body, live: false } };
}

/** Matches whose teams or league contain the search term (any case); all of them for an empty term. */
export function searchMatches<T extends Pick<MatchSummary, 'homeName' | 'visitName' | 'leagueName'>>(list: T[], term: string): T[] {
  const q = term.trim().toLowerCase();
  if (!q) return list;
  return list.filter((m) => [m.homeName, m.visitName, m.leagueName].some((name) => name.toLowerCase().includes(q)));
}

/** The WebSocket gateway takes 64 channels a socket: a board follows its first live matches only. */
export const MAX_FOLLOWED_MATCHES = 40;

export const followedMatches = (list: MatchSummary[]): number[] =>
  list
    .filter((m) => m.status === 'live')
    .slice(0, MAX_FOLLOWED_MATCHES)
    .map((m) => m.matchId);

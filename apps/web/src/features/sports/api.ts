import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiBody, ApiData, Sport } from '@bp/contract';
import { call, keyed } from '../../shared/api/request.ts';
import { prefetchSoon } from '../../shared/api/query-client.ts';
import { usePaged } from '../../shared/api/use-paged.ts';
import { boardOf, boardRequest, type BoardFilter, type BoardTab } from './model/board.ts';
import type { RecordTab } from './model/bet-status.ts';

export type League = ApiData<'/api/sports/league/list'>['list'][number];
export type BetRecordsPage = ApiData<'/api/sports/bet/records'>;
export const RECORDS_PAGE_SIZE = 20;

/** The sportsbook's calls (seed 7: popular and live lists, match details, odds; bets and records). */
export const sportsApi = {
  board: (tab: BoardTab, filter: BoardFilter) => {
    const { path, body } = boardRequest(tab, filter);
    return call(path, body);
  },
  leagues: (sport?: Sport) => call('/api/sports/league/list', sport ? { sport } : {}),
  venues: () => call('/api/sports/venue/list', {}),
  detail: (matchId: number) => call('/api/sports/match/detail', { matchId }),
  odds: (selectionIds: number[]) => call('/api/sports/odds', { selectionIds }, { silent: true }),
  /** The caller shows refusals in the slip itself. */
  place: (body: ApiBody<'/api/sports/bet/place'>, idempotencyKey: string) => call('/api/sports/bet/place', body, keyed(idempotencyKey)),
  records: (status: RecordTab | undefined, page: number) => call('/api/sports/bet/records', { page, size: RECORDS_PAGE_SIZE, ...(status ? { status } : {}) }),
  cashOut: (orderId: string, cashOutAmount: number, idempotencyKey: string) =>
    call('/api/sports/bet/cashout', { orderId, cashOutAmount }, keyed(idempotencyKey)),
};

export const sportsKeys = {
  board: (tab: BoardTab, filter: BoardFilter) => ['sports', 'board', tab, filter.sport ?? 'all', filter.leagueId ?? 0] as const,
  match: (matchId: number) => ['sports', 'match', matchId] as const,
  allRecords: ['member', 'sports', 'records'] as const,
  records: (tab: RecordTab) => ['member', 'sports', 'records', tab] as const,
};

/** A board, read again every half minute beside its live frames (a new match, a line moved). */
const boardQuery = (tab: BoardTab, filter: BoardFilter) => ({ queryKey: sportsKeys.board(tab, filter), queryFn: () => sportsApi.board(tab, filter) });

export const useBoard = (tab: BoardTab, filter: BoardFilter) =>
  useQuery({ ...boardQuery(tab, filter), refetchInterval: 30_000, placeholderData: keepPreviousData });

/** The sports screen's route loader: the board the address names is asked for while the screen's code loads. */
export function prefetchBoard({ request }: { request: Request }): null {
  const { tab, filter } = boardOf(new URL(request.url).searchParams);
  return prefetchSoon(boardQuery(tab, filter));
}

export const useLeagues = (sport?: Sport) =>
  useQuery({ queryKey: ['sports', 'leagues', sport ?? 'all'], queryFn: () => sportsApi.leagues(sport), staleTime: 60_000 });

export const useVenues = () => useQuery({ queryKey: ['sports', 'venues'], queryFn: sportsApi.venues, staleTime: 0 });

export const useMatch = (matchId: number) =>
  useQuery({
    queryKey: sportsKeys.match(matchId),
    queryFn: () => sportsApi.detail(matchId),
    enabled: Number.isInteger(matchId) && matchId > 0,
    refetchInterval: 60_000,
  });

/** A tab of the member's bets, page after page; open bets are read again for fresh cash-out offers. */
export const useRecords = (tab: RecordTab) =>
  usePaged(sportsKeys.records(tab), (page) => sportsApi.records(tab, page), { refetchInterval: tab === 'unsettled' ? 8_000 : false, keepRows: false });

import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  Headers,
  type BalanceData,
  type BetPlaceBody,
  type BetPlaceData,
  type BetRecordsData,
  type CashOutData,
  type LeagueListData,
  type MatchDetail,
  type OddsData,
  type Sport,
  type SportsListData,
  type SportsVenue,
} from '@bp/contract';
import type { z } from 'zod';
import { call } from '../../shared/api/request.ts';
import { useLoggedIn } from '../../shared/session/use-session.ts';
import { boardRequest, type BoardFilter, type BoardTab } from './model/board.ts';
import type { RecordTab } from './model/bet-status.ts';

export type League = z.infer<typeof LeagueListData>['list'][number];
export type BetRecordsPage = z.infer<typeof BetRecordsData>;
export const RECORDS_PAGE_SIZE = 20;

const keyed = (key: string) => ({ silent: true, headers: { [Headers.idempotencyKey]: key } });

/** The sportsbook's calls (seed 7: popular and live lists, match details, odds; bets and records). */
export const sportsApi = {
  board: (tab: BoardTab, filter: BoardFilter) => {
    const { path, body } = boardRequest(tab, filter);
    return call<SportsListData>(path, body);
  },
  leagues: (sport?: Sport) => call<z.infer<typeof LeagueListData>>('/api/sports/league/list', sport ? { sport } : {}),
  venues: () => call<{ list: SportsVenue[] }>('/api/sports/venue/list', {}),
  detail: (matchId: number) => call<MatchDetail>('/api/sports/match/detail', { matchId }),
  odds: (selectionIds: number[]) => call<z.infer<typeof OddsData>>('/api/sports/odds', { selectionIds }, { silent: true }),
  /** The caller shows refusals in the slip itself. */
  place: (body: BetPlaceBody, idempotencyKey: string) => call<BetPlaceData>('/api/sports/bet/place', { ...body }, keyed(idempotencyKey)),
  records: (status: RecordTab | undefined, page: number) =>
    call<BetRecordsPage>('/api/sports/bet/records', { page, size: RECORDS_PAGE_SIZE, ...(status ? { status } : {}) }),
  cashOut: (orderId: string, cashOutAmount: number, idempotencyKey: string) =>
    call<z.infer<typeof CashOutData>>('/api/sports/bet/cashout', { orderId, cashOutAmount }, keyed(idempotencyKey)),
  balance: () => call<z.infer<typeof BalanceData>>('/api/wallet/balance', {}),
};

export const sportsKeys = {
  board: (tab: BoardTab, filter: BoardFilter) => ['sports', 'board', tab, filter.sport ?? 'all', filter.leagueId ?? 0] as const,
  match: (matchId: number) => ['sports', 'match', matchId] as const,
  records: (tab: RecordTab) => ['member', 'sports', 'records', tab] as const,
  /** The same key as the personal centre's balance: the wallet's frames refresh both. */
  balance: ['member', 'balance'] as const,
};

/** A board, read again every half minute beside its live frames (a new match, a line moved). */
export const useBoard = (tab: BoardTab, filter: BoardFilter) =>
  useQuery({
    queryKey: sportsKeys.board(tab, filter),
    queryFn: () => sportsApi.board(tab, filter),
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });

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

export function useSportsBalance() {
  const loggedIn = useLoggedIn();
  return useQuery({ queryKey: sportsKeys.balance, queryFn: sportsApi.balance, enabled: loggedIn, staleTime: 10_000 });
}

/** A tab of the member's bets, page after page; open bets are read again for fresh cash-out offers. */
export function useRecords(tab: RecordTab) {
  return useInfiniteQuery({
    queryKey: sportsKeys.records(tab),
    queryFn: ({ pageParam }) => sportsApi.records(tab, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * RECORDS_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    refetchInterval: tab === 'unsettled' ? 8_000 : false,
  });
}

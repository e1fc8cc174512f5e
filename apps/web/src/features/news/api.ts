import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/request.ts';

/** The news and game-assistant calls (seed 7, S7-12): public reads, cached a minute. */
export const newsApi = {
  list: () => call('/api/site/game/newsoccer/news/', {}, { method: 'GET', query: { page: 1, size: 40 } }),
  soccer: (day: string) => call('/api/site/game/newsoccer/soccer/', {}, { method: 'GET', query: { day } }),
  info: (newsId: string) => call('/api/site/game/newsoccer/info/', {}, { method: 'GET', query: { newsId } }),
  assist: (matchId?: number) => call('/api/site/gameassist', matchId === undefined ? {} : { matchId }),
};

const STALE_MS = 60_000;
export const useNews = () => useQuery({ queryKey: ['news', 'list'], queryFn: newsApi.list, staleTime: STALE_MS });
export const useSoccer = (day: string) => useQuery({ queryKey: ['news', 'soccer', day], queryFn: () => newsApi.soccer(day), staleTime: STALE_MS });
export const useArticle = (newsId: string) => useQuery({ queryKey: ['news', 'info', newsId], queryFn: () => newsApi.info(newsId), staleTime: STALE_MS });
export const useAssist = (matchId?: number) =>
  useQuery({ queryKey: ['news', 'assist', matchId ?? 'all'], queryFn: () => newsApi.assist(matchId), staleTime: STALE_MS });

import { useQuery } from '@tanstack/react-query';
import { prefetchSoon } from '../../shared/api/query-client.ts';
import { SPORTS_LIST_SIZE } from '@bp/contract';
import { call } from '../../shared/api/request.ts';

/** The home page's content calls (seed 7: banners, notices, navigation, floating icons). */
export const homeApi = {
  banners: (position: string) => call('/api/site/banner/list', { position }, { cacheMs: 60_000 }),
  notices: () => call('/api/site/notice/list', {}),
  navigation: () => call('/api/site/navigation/list', {}, { cacheMs: 60_000 }),
  floatIcons: () => call('/api/site/floatIcon/list', {}, { cacheMs: 60_000 }),
  /** Matches in play (seed 9: the live list at 200 a page). */
  liveMatches: () => call('/api/sports/live/list', { page: 1, size: SPORTS_LIST_SIZE }),
};

const bannersQuery = (position: string) => ({ queryKey: ['site', 'banners', position], queryFn: () => homeApi.banners(position) });
const noticesQuery = { queryKey: ['site', 'notices'], queryFn: homeApi.notices, staleTime: 60_000 };

export const useBanners = (position: string) => useQuery(bannersQuery(position));
export const useNotices = () => useQuery(noticesQuery);

/** Home's route loader: the banners (the first screen's largest picture) and notices are asked for while the page's code loads. */
export const prefetchHome = (): null => prefetchSoon(bannersQuery('home'), noticesQuery);
export const useNavigation = () => useQuery({ queryKey: ['site', 'navigation'], queryFn: homeApi.navigation });
export const useFloatIcons = () => useQuery({ queryKey: ['site', 'floatIcons'], queryFn: homeApi.floatIcons });
export const useLiveMatches = (enabled: boolean) =>
  useQuery({ queryKey: ['sports', 'home-live'], queryFn: homeApi.liveMatches, enabled, refetchInterval: 30_000 });
